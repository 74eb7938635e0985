import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../../app/api/use-api-client';
import { useSession } from '../../../app/auth/SessionProvider';
import { paths } from '../../../app/router/paths';
import { checkStripeAccount } from '../../payouts/payouts-api';

/**
 * The header's Contribute: signed out it starts sign-in; signed in it goes to /contributor-setup
 * with a payout account, otherwise (or when the check fails) to /choice.
 */
export function useContribute(): () => Promise<void> {
  const { status, signIn } = useSession();
  const api = useApiClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (status !== 'authenticated') return signIn();
    const hasAccount = await checkStripeAccount(api).catch(() => false);
    void navigate(hasAccount ? paths.contributorSetup : paths.choice);
    return undefined;
  }, [status, signIn, api, navigate]);
}
