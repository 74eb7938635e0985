import { LegalDocuments } from '../features/info-pages/components/LegalDocuments';

/** /terms-conditions: Terms and Privacy */
export function TermsConditionsPage() {
  return <LegalDocuments />;
}
