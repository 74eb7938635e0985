import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import type { PlanView } from '../../billing/use-plans';
import { EARLY_ACCESS_LEVEL, REGULAR_PREMIUM_LEVEL } from '../early-access';
import { PlanFeatureList } from '../../billing/components/PlanFeatureList';
import { formatPlanPrice } from '../plan-display';

/**
 * The plan cards from the `plans` query (the Early Access card's description carries its signup end
 * date from the api); every plan button goes to /subscriptions (requirements §P2).
 */
export function PlanCards({ plans }: { readonly plans: readonly PlanView[] }) {
  const regular = plans.find((p) => p.level === REGULAR_PREMIUM_LEVEL);
  return (
    <ul className="plan-cards">
      {plans.map((plan) => {
        const earlyAccess = plan.level === EARLY_ACCESS_LEVEL;
        return (
          <li key={plan.level} className={`plan-card${plan.recommended ? ' plan-card--recommended' : ''}`}>
            {plan.badge && <p className="plan-card__badge">{plan.badge}</p>}
            <h3 className="plan-card__name">{plan.name}</h3>
            <p className="plan-card__price">
              <span className="plan-card__amount">{formatPlanPrice(plan.priceCents)}</span>
              <span className="plan-card__period">/{plan.period}</span>
              {earlyAccess && regular && (
                <span className="plan-card__regular">
                  <span className="visually-hidden">Regular price </span>
                  <s>{formatPlanPrice(regular.priceCents)}</s>
                </span>
              )}
            </p>
            <p className="plan-card__tokens">{plan.tokensText}</p>
            <p className="plan-card__description">{plan.description}</p>
            <PlanFeatureList plan={plan} plans={plans} />
            <Link
              className={`button ${plan.recommended ? 'button--primary' : 'button--secondary'} plan-card__button`}
              to={paths.subscriptions}
            >
              Choose {plan.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
