import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { LicenceForCheckoutSessionDocument } from '../../../generated/graphql';

/** How often the success page asks again while the payment is confirmed and the files are prepared. */
export const LICENCE_POLL_MS = 1500;

/**
 * A licence checkout as the success page shows it, asked again every 1.5 s until it has settled:
 * the licence issued with its files ready, or the payment refunded, or the checkout expired.
 */
export function useLicenceCheckoutState(sessionId: string | null) {
  const result = useQuery(LicenceForCheckoutSessionDocument, { variables: { sessionId: sessionId ?? '' }, skip: !sessionId, fetchPolicy: 'network-only' });
  const state = result.data?.licenceForCheckoutSession;
  const loaded = Boolean(state);
  const settled = state ? state.status === 'REFUNDED' || state.status === 'EXPIRED' || state.licence?.filesReady === true : false;
  const { startPolling, stopPolling } = result;
  useEffect(() => {
    if (!loaded || settled) return undefined;
    startPolling(LICENCE_POLL_MS);
    return () => stopPolling();
  }, [loaded, settled, startPolling, stopPolling]);
  return result;
}
