import { ContributorSetup } from '../features/producers/components/ContributorSetup';

/** /contributor-setup: the producer's prices, terms, account and uploads, behind the protected-route wrapper. */
export function ContributorSetupPage() {
  return <ContributorSetup />;
}
