import { useEffect, useState } from 'react';
import { useApiClient } from '../../../app/api/use-api-client';
import { checkStripeAccount } from '../payouts-api';

/**
 * Whether the signed-in user has a payout account; false until known and when the check fails
 * (requirements §L7: a failed check counts as no account; the client already logged it).
 */
export function useHasStripeAccount(): boolean {
  const api = useApiClient();
  const [hasAccount, setHasAccount] = useState(false);
  useEffect(() => {
    let current = true;
    checkStripeAccount(api).then(
      (value) => current && setHasAccount(value),
      () => current && setHasAccount(false),
    );
    return () => {
      current = false;
    };
  }, [api]);
  return hasAccount;
}
