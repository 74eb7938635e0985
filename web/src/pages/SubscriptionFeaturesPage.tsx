import { SubscriptionFeatures } from '../features/subscription-features/components/SubscriptionFeatures';

/** /subscription-features: plan comparison (requirements §P2) */
export function SubscriptionFeaturesPage() {
  return <SubscriptionFeatures />;
}
