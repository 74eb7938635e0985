import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { usePlans, type PlanView } from '../../billing/use-plans';
import { claimHolds } from '../../claims/claims';
import { EARLY_ACCESS_ENDS, EARLY_ACCESS_LEVEL, REGULAR_PREMIUM_LEVEL } from '../../subscription-features/early-access';
import { formatDiscount, formatPriceInText, formatTokens } from '../../subscription-features/plan-display';

/**
 * The early-access price claim (requirements §L2): $7.50 against $20 regular, save 62.5%, limited time.
 * Prices and tokens come from the `plans` query; until it answers (or if it fails) the section
 * keeps its assurances and links, and says where the price is.
 */
export function EarlyAccessOffer() {
  const { plans, loading } = usePlans();
  const offer = plans.find((plan) => plan.level === EARLY_ACCESS_LEVEL);
  const regular = plans.find((plan) => plan.level === REGULAR_PREMIUM_LEVEL);
  return (
    <section className="landing-offer" aria-labelledby={offer && regular ? 'offer-title' : undefined} aria-busy={loading}>
      <div className="landing-offer__copy">
        {offer && regular ? (
          <OfferCopy offer={offer} regular={regular} />
        ) : (
          <p className="landing-offer__text" role="status">
            {loading ? 'Loading the early-access price…' : 'See the plan comparison for our early-access price.'}
          </p>
        )}
        <ul className="landing-offer__assurances">
          <li>Cancel anytime</li>
          {claimHolds('moneyBack') && <li>30-day money-back guarantee</li>}
          <li>Free plan: no credit card required</li>
        </ul>
      </div>
      <div className="landing-offer__actions">
        <Link className="button button--primary button--large" to={paths.subscriptionFeatures}>
          Get Started Now
        </Link>
        <Link className="button button--secondary button--large" to={paths.subscriptionFeatures}>
          View Plan Comparison
        </Link>
      </div>
    </section>
  );
}

function OfferCopy({ offer, regular }: { readonly offer: PlanView; readonly regular: PlanView }) {
  return (
    <>
      <p className="landing-offer__badge">Limited time · Save {formatDiscount(offer.priceCents, regular.priceCents)}</p>
      <h2 id="offer-title" className="landing-offer__title">
        {offer.name}
      </h2>
      <p className="landing-offer__price">
        <strong>{formatPriceInText(offer.priceCents)}</strong>
        <span>/{offer.period}</span>
        <span className="landing-offer__regular">
          <span className="visually-hidden">instead of the regular price of </span>
          <s>{formatPriceInText(regular.priceCents)}</s>
        </span>
      </p>
      <p className="landing-offer__text">
        Full beats{claimHolds('licencePurchase') ? ', section editing and selling' : ' and section editing'}, with{' '}
        {formatTokens(offer.tokensPerMonth)} tokens a month, at the early-adopter price for your first year. Sign up before{' '}
        {EARLY_ACCESS_ENDS}.
      </p>
    </>
  );
}
