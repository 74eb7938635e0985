import { PayoutSuccess } from '../features/producers/components/PayoutSuccess';

/** /stripe-connect/success: where the payout onboarding returns, behind the protected-route wrapper. */
export function PayoutConnectedPage() {
  return <PayoutSuccess />;
}
