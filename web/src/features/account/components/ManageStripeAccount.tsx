import { useState } from 'react';
import { useApiClient } from '../../../app/api/use-api-client';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { expressDashboardUrl } from '../../payouts/payouts-api';
import { useHasStripeAccount } from '../../payouts/hooks/use-has-stripe-account';
import { usePaymentsCopy } from '../../billing/payments-copy';

/** Shown only to users with a payout account: opens its dashboard (Stripe Express, or the local one). */
export function ManageStripeAccount() {
  const hasAccount = useHasStripeAccount();
  const api = useApiClient();
  const [opening, setOpening] = useState(false);
  const { payoutsText } = usePaymentsCopy();
  if (!hasAccount) return null;

  const open = async () => {
    setOpening(true);
    try {
      pageNavigation.assign(await expressDashboardUrl(api));
    } catch (error) {
      // Requirements §L8: payment provider failures are only logged.
      console.error('Failed to open the payout dashboard.', error);
      setOpening(false);
    }
  };

  return (
    <section className="account-card account-payouts" aria-labelledby="payouts-title">
      <div>
        <h2 id="payouts-title" className="account-card__title">
          Payouts
        </h2>
        <p className="account-card__text">{payoutsText}</p>
      </div>
      <button type="button" className="button button--secondary" onClick={() => void open()} disabled={opening}>
        Manage Stripe Account
      </button>
    </section>
  );
}
