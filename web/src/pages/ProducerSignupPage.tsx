import { ProducerSignupForm } from '../features/producers/components/ProducerSignupForm';

/** /Producer-Signup: producer registration, behind the protected-route wrapper. */
export function ProducerSignupPage() {
  return <ProducerSignupForm />;
}
