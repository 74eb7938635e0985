import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { useSession } from '../auth/SessionProvider';
import { useRuntimeConfig } from '../config/RuntimeConfigProvider';
import { createApolloClient } from './create-apollo-client';

/**
 * One Apollo client for the app's lifetime. When the signed-in user changes (logout, expiry,
 * another account) the cache is emptied and the WebSocket reconnects, so nobody sees another
 * person's data or receives their events.
 */
export function AppApolloProvider({ children }: { readonly children: ReactNode }) {
  const config = useRuntimeConfig();
  const { getAccessToken, status, user } = useSession();
  const [apollo] = useState(() => createApolloClient({ graphqlUrl: config.graphqlUrl, graphqlWsUrl: config.graphqlWsUrl, getAccessToken }));

  const subject = status === 'loading' ? undefined : (user?.profile.sub ?? null);
  const previousSubject = useRef(subject);
  useEffect(() => {
    if (subject === undefined || subject === previousSubject.current) return;
    const hadSubject = previousSubject.current !== undefined;
    previousSubject.current = subject;
    if (!hadSubject) return;
    apollo.client.clearStore().catch((error: unknown) => console.error('Failed to clear the GraphQL cache.', error));
    apollo.ws.terminate();
  }, [subject, apollo]);

  return <ApolloProvider client={apollo.client}>{children}</ApolloProvider>;
}
