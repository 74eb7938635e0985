import { usePlans } from '../../billing/use-plans';
import { claimHolds } from '../../claims/claims';
import { FeatureComparison } from './FeatureComparison';
import { GetStarted } from './GetStarted';
import { PlanCards } from './PlanCards';
import { PlansFaq } from './PlansFaq';
import './SubscriptionFeatures.css';

/** /subscription-features: plan cards, feature comparison, FAQ and Get Started (requirements §P2). */
export function SubscriptionFeatures() {
  const { plans, loading, error } = usePlans();
  const sorted = [...plans].sort((a, b) => a.level - b.level);
  return (
    <div className="plans-page">
      <div className="plans-page__header">
        <p className="plans-page__eyebrow">Plans & pricing</p>
        <h1 className="plans-page__title">Pick the plan that fits how you make music</h1>
        <p className="plans-page__lead">
          Start free, then add full beats and section editing{claimHolds('licencePurchase') ? ' and selling' : ''} when you are
          ready. Tokens refresh each billing cycle; a plan you buy starts at once, and you can cancel anytime.
        </p>
      </div>

      <section aria-labelledby="plans-title" className="plans-page__section">
        <h2 id="plans-title" className="visually-hidden">
          Plans
        </h2>
        {sorted.length > 0 ? (
          <PlanCards plans={sorted} />
        ) : error ? (
          <p className="plans-page__status" role="alert">
            The plans could not be loaded. Please refresh the page to try again.
          </p>
        ) : (
          <p className="plans-page__status" role="status">
            {loading ? 'Loading plans…' : ''}
          </p>
        )}
      </section>

      {sorted.length > 0 && (
        <section aria-labelledby="compare-title" className="plans-page__section">
          <h2 id="compare-title" className="plans-page__section-title">
            Compare features
          </h2>
          <FeatureComparison plans={sorted} />
        </section>
      )}

      <section aria-labelledby="faq-title" className="plans-page__section plans-page__faq">
        <h2 id="faq-title" className="plans-page__section-title">
          Frequently asked questions
        </h2>
        <PlansFaq plans={sorted} />
      </section>

      <GetStarted plans={sorted} />
    </div>
  );
}
