import { useMutation } from '@apollo/client/react';
import { CancelSubscriptionDocument, MeDocument } from '../../../generated/graphql';

/** Cancels the subscription, then refetches `me` so the account and header show the Free plan. */
export function useCancelSubscription() {
  const [mutate, { loading }] = useMutation(CancelSubscriptionDocument, { refetchQueries: [MeDocument], awaitRefetchQueries: true });
  const cancel = async () => (await mutate()).data?.cancelSubscription;
  return { cancel, cancelling: loading };
}
