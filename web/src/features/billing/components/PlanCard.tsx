import type { PlanView } from '../use-plans';
import { formatPlanPrice } from '../format-amount';
import { CURRENT_PLAN_LABEL, PROCESSING_LABEL } from '../messages';
import { PlanFeatureList } from './PlanFeatureList';

interface PlanCardProps {
  readonly plan: PlanView;
  /** Every plan, so the card can say which one it builds on. */
  readonly plans: readonly PlanView[];
  readonly current: boolean;
  readonly processing: boolean;
  /** Another plan's checkout is starting. */
  readonly busy: boolean;
  readonly onSubscribe: (plan: PlanView) => void;
}

/** One plan on the subscribe page: name, price, tokens, features, badge; its button. */
export function PlanCard({ plan, plans, current, processing, busy, onSubscribe }: PlanCardProps) {
  const label = current ? CURRENT_PLAN_LABEL : processing ? PROCESSING_LABEL : 'Subscribe';
  const titleId = `plan-${plan.type}-title`;
  return (
    <article className={`plan-card${plan.recommended ? ' plan-card--recommended' : ''}${current ? ' plan-card--current' : ''}`} aria-labelledby={titleId}>
      {plan.badge && <span className="plan-card__badge">{plan.badge}</span>}
      {plan.imageUrl && <img className="plan-card__image" src={plan.imageUrl} alt="" />}
      <h2 id={titleId} className="plan-card__name">
        {plan.name}
      </h2>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatPlanPrice(plan.priceCents)}</span>
        <span className="plan-card__period"> / {plan.period}</span>
      </p>
      <p className="plan-card__tokens">{plan.tokensText}</p>
      <p className="plan-card__description">{plan.description}</p>
      <PlanFeatureList plan={plan} plans={plans} />
      <button
        type="button"
        className={`button ${plan.recommended && !current ? 'button--primary' : 'button--secondary'} plan-card__button`}
        disabled={current || processing || busy}
        onClick={() => onSubscribe(plan)}
      >
        {label}
      </button>
    </article>
  );
}
