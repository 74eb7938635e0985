import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { EARLY_ACCESS_ENDS } from '../../subscription-features/early-access';

/** The early-access price claim (spec 1 §2): $7.50 against $20 regular, save 62.5%, limited time. */
export function EarlyAccessOffer() {
  return (
    <section className="landing-offer" aria-labelledby="offer-title">
      <div className="landing-offer__copy">
        <p className="landing-offer__badge">Limited time · Save 62.5%</p>
        <h2 id="offer-title" className="landing-offer__title">
          Early Access Premium
        </h2>
        <p className="landing-offer__price">
          <strong>$7.50</strong>
          <span>/month</span>
          <span className="landing-offer__regular">
            <span className="visually-hidden">instead of the regular price of </span>
            <s>$20</s>
          </span>
        </p>
        <p className="landing-offer__text">
          Full beats, section editing and selling, with 100 tokens a month, at the early-adopter price for your first year.
          Sign up before {EARLY_ACCESS_ENDS}.
        </p>
        <ul className="landing-offer__assurances">
          <li>30-day money back</li>
          <li>Cancel anytime</li>
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
