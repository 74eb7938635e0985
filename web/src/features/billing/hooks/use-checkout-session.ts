import { useEffect } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { CheckoutSessionDocument, MeDocument } from '../../../generated/graphql';

/**
 * The payment success page's session details. Reading them completes a paid checkout on the api,
 * so `me` is refetched afterwards: the header's token count and the plan follow without a reload.
 */
export function useCheckoutSession(sessionId: string | null) {
  const client = useApolloClient();
  const result = useQuery(CheckoutSessionDocument, { variables: { sessionId: sessionId ?? '' }, skip: !sessionId, fetchPolicy: 'network-only' });
  const loaded = Boolean(result.data);
  useEffect(() => {
    if (loaded) void client.refetchQueries({ include: [MeDocument] }).catch(() => undefined);
  }, [client, loaded]);
  return result;
}
