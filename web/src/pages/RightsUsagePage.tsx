import { RightsUsageGuide } from '../features/info-pages/components/RightsUsageGuide';

/** /rights-usage: Rights and Usage of Music */
export function RightsUsagePage() {
  return <RightsUsageGuide />;
}
