import { useState } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { Banner } from '../../../ui/banner/Banner';
import { useCancelSubscription } from '../hooks/use-cancel-subscription';
import { SUBSCRIBE_MESSAGES } from '../messages';

/** Cancel Subscription on My Account (spec 1 §2, §4): renewal stops and the account becomes Free. */
export function CancelSubscription() {
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
