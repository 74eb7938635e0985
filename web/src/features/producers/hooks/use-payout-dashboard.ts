import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { ExpressDashboardDocument, PayoutOnboardingLinkDocument } from '../../../generated/graphql';

/**
 * The payout provider's pages, left for by a full navigation: the express dashboard (requirements §P2),
 * and the onboarding, to finish an unfinished one. Failures are only logged (requirements §P8); the
 * callers answer false so the button can be pressed again.
 */
export function usePayoutDashboard() {
  const [dashboard, dashboardState] = useMutation(ExpressDashboardDocument);
  const [onboarding, onboardingState] = useMutation(PayoutOnboardingLinkDocument);
  const openDashboard = useCallback(async () => {
    try {
      const { data } = await dashboard();
      pageNavigation.assign(data!.expressDashboard.url);
      return true;
    } catch (error) {
      console.error('Failed to open the payout dashboard.', error);
      return false;
    }
  }, [dashboard]);
  const continueOnboarding = useCallback(async () => {
    try {
      const { data } = await onboarding();
      pageNavigation.assign(data!.payoutOnboardingLink.url);
      return true;
    } catch (error) {
      console.error('Failed to continue the payout onboarding.', error);
      return false;
    }
  }, [onboarding]);
  return { openDashboard, continueOnboarding, opening: dashboardState.loading || onboardingState.loading };
}
