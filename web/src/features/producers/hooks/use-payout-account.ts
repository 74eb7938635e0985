import { useQuery } from '@apollo/client/react';
import { MyPayoutAccountDocument } from '../../../generated/graphql';

/** The payout account, read again from the provider each time (onboarding may have just finished); null without one. */
export function usePayoutAccount() {
  return useQuery(MyPayoutAccountDocument, { fetchPolicy: 'network-only' });
}
