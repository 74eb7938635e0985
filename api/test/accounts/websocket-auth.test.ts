import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';

let test: TestApp;
let carol: SignedInUser;
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestApp();
  carol = await registerAndSignIn(test, 'carol');
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
});

function connect(connectionParams: Record<string, unknown>): { client: Client; closed: Promise<number> } {
  let resolveClosed!: (code: number) => void;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  const client = createClient({
    url: `${test.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    on: { closed: (event) => resolveClosed((event as { code: number }).code) },
  });
  clients.push(client);
  return { client, closed };
}

function run<T>(client: Client, query: string): Promise<{ data?: T; errors?: readonly { message: string; extensions?: { code?: string } }[] }> {
  return new Promise((resolve, reject) => {
    let result: { data?: T; errors?: readonly { message: string; extensions?: { code?: string } }[] } = {};
    client.subscribe<T>({ query }, {
      next: (value) => (result = value as typeof result),
      error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(new Error('subscription failed', { cause: error }))),
      complete: () => resolve(result),
    });
  });
}

describe('graphql-ws', () => {
  it('serves operations to a connection with a valid token', async () => {
    const { client } = connect({ authorization: `Bearer ${carol.accessToken}` });
    const result = await run<{ me: { username: string } }>(client, '{ me { username } }');
    expect(result.data?.me.username).toBe(carol.username);
  });

  it("sends a resolver's refusal with its code, as HTTP does (issue 24: it had none)", async () => {
    const { client } = connect({ authorization: `Bearer ${carol.accessToken}` });
    const result = await run(client, 'subscription { generationProgress(jobId: "00000000-0000-4000-8000-000000000000") { status } }');
    expect(result.errors?.[0]).toMatchObject({ message: 'That generation does not exist.', extensions: { code: 'NOT_FOUND' } });
  });

  it('refuses a connection without a token', async () => {
    const { closed } = connect({});
    expect(await closed).toBe(4403);
  });

  it('refuses a connection with an invalid token', async () => {
    const { closed } = connect({ authorization: 'Bearer abc.def.ghi' });
    expect(await closed).toBe(4403);
  });

});
