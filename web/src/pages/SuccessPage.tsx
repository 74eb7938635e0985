import { PaymentSuccess } from '../features/billing/components/PaymentSuccess';

/** /success?session_id=...: where a checkout returns, behind the protected-route wrapper. */
export function SuccessPage() {
  return <PaymentSuccess />;
}
