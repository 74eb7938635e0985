import { LicenceVerification } from '../features/licences/components/LicenceVerification';

/** /licenses/verify/:id: the public check of a licence (no sign-in). */
export function LicenceVerificationPage() {
  return <LicenceVerification />;
}
