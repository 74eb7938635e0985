import { SubscriptionFeatures } from '../features/subscription-features/components/SubscriptionFeatures';

/** /subscription-features: plan comparison (spec 2 §2) */
export function SubscriptionFeaturesPage() {
  return <SubscriptionFeatures />;
}
