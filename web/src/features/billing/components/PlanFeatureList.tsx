import { ComingSoon } from '../../../ui/coming-soon/ComingSoon';
import { cardFeatures } from '../plan-features';
import type { PlanView } from '../use-plans';

/** A plan card's features: what it adds to the plan below it; one not built yet is marked coming soon. */
export function PlanFeatureList({ plan, plans }: { readonly plan: PlanView; readonly plans: readonly PlanView[] }) {
  const { basis, features } = cardFeatures(plan, plans);
  return (
    <ul className="plan-card__features">
      {basis && <li>Everything in {basis.name}, plus:</li>}
      {features.map((feature) => (
        <li key={feature.id} className={feature.available ? undefined : 'plan-card__feature--soon'}>
          {feature.label}
          {!feature.available && <ComingSoon />}
        </li>
      ))}
    </ul>
  );
}
