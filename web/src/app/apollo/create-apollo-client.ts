import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { OperationTypeNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';

interface ApolloClientOptions {
  readonly graphqlUrl: string;
  readonly graphqlWsUrl: string;
  readonly getAccessToken: () => Promise<string | null>;
}

export interface AppApolloClient {
  readonly client: ApolloClient;
  /** The WebSocket client behind subscriptions; terminate it to reconnect under a new identity. */
  readonly ws: Client;
}

async function bearer(getAccessToken: ApolloClientOptions['getAccessToken']): Promise<Record<string, string>> {
  const token = await getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * Queries and mutations go over HTTP (as GraphQL multipart requests when their variables hold
 * files), subscriptions over graphql-ws; both carry the current access token.
 */
export function createApolloClient({ graphqlUrl, graphqlWsUrl, getAccessToken }: ApolloClientOptions): AppApolloClient {
  const authLink = new SetContextLink(async (context) => ({
    headers: {
      ...(context.headers as Record<string, string> | undefined),
      // The api's CSRF prevention refuses multipart requests without it; sending it always keeps
      // every request, uploads included, a preflighted one.
      'apollo-require-preflight': 'true',
      ...(await bearer(getAccessToken)),
    },
  }));
  const httpLink = new UploadHttpLink({ uri: graphqlUrl, credentials: 'include' });

  const ws = createClient({
    url: graphqlWsUrl,
    lazy: true,
    // Called on every (re)connect, so a renewed token is used after a reconnect.
    connectionParams: () => bearer(getAccessToken),
  });

  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    new GraphQLWsLink(ws),
    ApolloLink.from([authLink, httpLink]),
  );

  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), ws };
}
