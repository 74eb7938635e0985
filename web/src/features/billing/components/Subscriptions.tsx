import { useState } from 'react';
import { Link } from 'react-router-dom';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { useSession } from '../../../app/auth/SessionProvider';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { paths } from '../../../app/router/paths';
import { Banner } from '../../../ui/banner/Banner';
import { useMe } from '../../account/hooks/use-me';
import { useStartCheckout } from '../hooks/use-start-checkout';
import { usePaymentsCopy } from '../payments-copy';
import { SUBSCRIBE_ERROR_VISIBLE_MS, SUBSCRIBE_MESSAGES } from '../messages';
import { usePlans, type PlanView } from '../use-plans';
import { PlanCard } from './PlanCard';
import './Subscriptions.css';

/** The subscribe page (requirements §L2): the paid plans, the current one marked, checkout on a click. */
export function Subscriptions() {
  const { productName } = useRuntimeConfig();
  const paymentsCopy = usePaymentsCopy();
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const { plans, loading: plansLoading, error: plansError } = usePlans();
  const me = useMe({ skip: !signedIn, fetchPolicy: 'network-only' });
  const { start, processing } = useStartCheckout();
  const [message, setMessage] = useState<{ text: string; id: number } | null>(null);

  const level = me.data?.me.subscriptionLevel ?? null;
  const levelLoading = status === 'loading' || (signedIn && !me.data && !me.error);
  const show = (text: string) => setMessage({ text, id: Date.now() });

  const subscribe = async (plan: PlanView) => {
    if (!signedIn) return show(SUBSCRIBE_MESSAGES.loggedOut);
    if (plan.level === level) return show(SUBSCRIBE_MESSAGES.currentPlan);
    if (!plan.priceId || processing) return undefined;
    try {
      pageNavigation.assign(await start(plan.priceId));
    } catch (error) {
      const failure = graphQLFailure(error);
      console.error('Failed to start a checkout.', error);
      if (failure?.code === 'UNAUTHENTICATED') show(SUBSCRIBE_MESSAGES.loggedOut);
      else if (failure?.code === 'CONFLICT' && failure.message === SUBSCRIBE_MESSAGES.currentPlan) show(SUBSCRIBE_MESSAGES.currentPlan);
      else show(SUBSCRIBE_MESSAGES.checkoutFailed);
    }
    return undefined;
  };

  const paidPlans = plans.filter((plan) => plan.priceId);
  return (
    <section className="subscriptions" aria-labelledby="subscriptions-title">
      <header className="subscriptions__header">
        <h1 id="subscriptions-title" className="subscriptions__title">
          Subscribe to {productName}
        </h1>
        <p className="subscriptions__lead">More tokens every month, full beats and section editing. Tokens refresh each billing cycle.</p>
      </header>

      {message && (
        <Banner key={message.id} tone="error" autoHide visibleMs={SUBSCRIBE_ERROR_VISIBLE_MS} onDismiss={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}

      {plansLoading || levelLoading ? (
        <div className="subscriptions__spinner" role="status" aria-label="Loading your plan">
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : plansError ? (
        <p className="subscriptions__error" role="alert">
          The plans could not be loaded. Please try again.
        </p>
      ) : (
        <div className="subscriptions__plans">
          {paidPlans.map((plan) => (
            <PlanCard
              key={plan.level}
              plan={plan}
              plans={plans}
              current={plan.level === level}
              processing={processing === plan.priceId}
              busy={processing !== null}
              onSubscribe={(chosen) => void subscribe(chosen)}
            />
          ))}
        </div>
      )}

      <p className="subscriptions__secure">
        <svg className="subscriptions__lock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
        </svg>{' '}
        {paymentsCopy.subscribeNote}
      </p>
      <p className="subscriptions__compare">
        <Link to={paths.subscriptionFeatures}>Compare all plan features</Link>
      </p>
    </section>
  );
}
