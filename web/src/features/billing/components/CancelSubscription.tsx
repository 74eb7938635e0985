import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { Banner } from '../../../ui/banner/Banner';
import { useCancelSubscription } from '../hooks/use-cancel-subscription';
import { SUBSCRIBE_MESSAGES } from '../messages';

/** The Free plan's level (requirements §L4: 2 is Early Access Premium, 3 Premium, 4 Enterprise). */
const FREE_LEVEL = 1;

interface CancelSubscriptionProps {
  /** The account's plan level; a Free account has nothing to cancel. */
  readonly level: number;
}

/**
 * Cancel Subscription on My Account (requirements §L2, §4): renewal stops and the account becomes Free.
 * A Free account is not offered a cancellation; it is pointed at the plans instead.
 */
export function CancelSubscription({ level }: CancelSubscriptionProps) {
  const { cancel, cancelling } = useCancelSubscription();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string; id: number } | null>(null);

  const onCancel = async () => {
    try {
      await cancel();
      setMessage({ tone: 'success', text: SUBSCRIBE_MESSAGES.cancelled, id: Date.now() });
    } catch (error) {
      // The server's error field when it answered; otherwise the call itself failed.
      const failure = graphQLFailure(error);
      console.error('Failed to cancel the subscription.', error);
      setMessage({ tone: 'error', text: failure?.code ? failure.message : SUBSCRIBE_MESSAGES.cancelFailed, id: Date.now() });
    }
  };

  if (level <= FREE_LEVEL) {
    return (
      <section className="account-card account-subscription" aria-labelledby="subscription-title">
        <div>
          <h2 id="subscription-title" className="account-card__title">
            Subscription
          </h2>
          {message ? (
            <Banner key={message.id} tone={message.tone} autoHide onDismiss={() => setMessage(null)}>
              {message.text}
            </Banner>
          ) : (
            <p className="account-card__text">You are on the Free plan: generation only, with no subscription to cancel.</p>
          )}
        </div>
        <Link className="button button--secondary" to={paths.subscriptions}>
          See the plans
        </Link>
      </section>
    );
  }

  return (
    <section className="account-card account-subscription" aria-labelledby="subscription-title">
      <div>
        <h2 id="subscription-title" className="account-card__title">
          Subscription
        </h2>
        <p className="account-card__text">Cancelling stops renewal. Tokens you already have stay until your billing cycle ends.</p>
      </div>
      {message && (
        <Banner key={message.id} tone={message.tone} autoHide onDismiss={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      <button type="button" className="button button--secondary" onClick={() => void onCancel()} disabled={cancelling}>
        Cancel Subscription
      </button>
    </section>
  );
}
