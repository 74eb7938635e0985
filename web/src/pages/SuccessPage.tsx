import { useSearchParams } from 'react-router-dom';
import { PaymentSuccess } from '../features/billing/components/PaymentSuccess';
import { LicenceSuccess } from '../features/licences/components/LicenceSuccess';

/**
 * /success?session_id=...: where a checkout returns, behind the protected-route wrapper. A licence
 * checkout returns with `kind=licence` and shows the licence; a subscription's shows its session.
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  return params.get('kind') === 'licence' ? <LicenceSuccess /> : <PaymentSuccess />;
}
