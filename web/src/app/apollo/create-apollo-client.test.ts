// @vitest-environment node
// Node gives the browser's WebSocket as the `ws` package (what graphql-ws documents for Node);
// everything else here (fetch, FormData, File) is the same in Node as in a browser.
import { gql } from '@apollo/client';
import { execute, GraphQLObjectType, GraphQLSchema, GraphQLString, subscribe, validate } from 'graphql';
// graphql-ws's server helper, not a React hook despite its name.
import { useServer as serveGraphqlWs } from 'graphql-ws/use/ws';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { MeDocument, UpdateProfileDocument } from '../../generated/graphql';
import { FakeBackend } from '../../test/fake-backend';
import { createApolloClient } from './create-apollo-client';

const PING = gql`
  subscription Ping {
    ping
  }
`;

/** A real graphql-ws server on a free port, recording each connection's connectionParams. */
async function startSubscriptionServer() {
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString, resolve: () => 'ok' } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        ping: {
          type: GraphQLString,
          subscribe: async function* ping() {
            yield { ping: 'pong' };
          },
        },
      },
    }),
  });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const connections: unknown[] = [];
  // This module's graphql functions: the server package may load another copy of graphql.
  const cleanup = serveGraphqlWs({ schema, execute, subscribe, validate, onConnect: (ctx) => void connections.push(ctx.connectionParams) }, server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/graphql`,
    connections,
    stop: async () => {
      await cleanup.dispose();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the Apollo client', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', WebSocket);
  });

  it('sends queries over HTTP with the bearer token, cookies and the preflight header', async () => {
    const backend = new FakeBackend();
    vi.stubGlobal('fetch', backend.fetch);
    const { client } = createApolloClient({ graphqlUrl: 'http://api.test/graphql', graphqlWsUrl: 'ws://unused', getAccessToken: async () => 'access-1' });

    const { data } = await client.query({ query: MeDocument });

    expect(data?.me.tokensRemaining).toBe(25);
    const [request] = backend.operations('Me');
    expect(request?.headers.get('authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('apollo-require-preflight')).toBe('true');
    expect(request?.credentials).toBe('include');
  });

  it('sends no Authorization header when signed out', async () => {
    const backend = new FakeBackend();
    vi.stubGlobal('fetch', backend.fetch);
    const { client } = createApolloClient({ graphqlUrl: 'http://api.test/graphql', graphqlWsUrl: 'ws://unused', getAccessToken: async () => null });

    await expect(client.query({ query: MeDocument })).rejects.toThrow('You must be signed in.');
    expect(backend.operations('Me')[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends variables holding files as a GraphQL multipart request', async () => {
    const backend = new FakeBackend();
    vi.stubGlobal('fetch', backend.fetch);
    const { client } = createApolloClient({ graphqlUrl: 'http://api.test/graphql', graphqlWsUrl: 'ws://unused', getAccessToken: async () => 'access-1' });
    const image = new File(['png-bytes'], 'avatar.png', { type: 'image/png' });

    const { data } = await client.mutate({ mutation: UpdateProfileDocument, variables: { input: { fname: 'Ada' }, image } });

    expect(data?.updateProfile.imageUrl).toBe('http://api.test/media/avatar.png');
    const [request] = backend.operations('UpdateProfile');
    const form = request.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(JSON.parse(form.get('operations') as string).variables).toEqual({ input: { fname: 'Ada' }, image: null });
    expect(JSON.parse(form.get('map') as string)).toEqual({ 1: ['variables.image'] });
    expect((form.get('1') as File).name).toBe('avatar.png');
    expect(request.headers.get('apollo-require-preflight')).toBe('true');
  });

  it('runs subscriptions over graphql-ws, reading the token again on every connect', async () => {
    const server = await startSubscriptionServer();
    let token = 'access-1';
    const { client, ws } = createApolloClient({ graphqlUrl: 'http://unused/graphql', graphqlWsUrl: server.url, getAccessToken: async () => token });
    const ping = () =>
      new Promise<unknown[]>((resolve, reject) => {
        const values: unknown[] = [];
        client.subscribe({ query: PING }).subscribe({ next: (value) => values.push(value.data), error: reject, complete: () => resolve(values) });
      });
    try {
      await expect(ping()).resolves.toEqual([{ ping: 'pong' }]);
      // The lazy connection closes once idle; a renewed token must reach the server on the next one.
      token = 'access-2';
      await expect(ping()).resolves.toEqual([{ ping: 'pong' }]);

      expect(server.connections).toEqual([{ authorization: 'Bearer access-1' }, { authorization: 'Bearer access-2' }]);
    } finally {
      await ws.dispose();
      await server.stop();
    }
  });
});
