import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Banner } from '../../../ui/banner/Banner';
import { usePayoutAccount } from '../hooks/use-payout-account';
import { usePayoutDashboard } from '../hooks/use-payout-dashboard';
import './Producers.css';

/** What the page says about the payout account, from its state as the provider reports it now. */
function PayoutState() {
  const { data, loading, error } = usePayoutAccount();
  const { continueOnboarding, opening } = usePayoutDashboard();
  const [failed, setFailed] = useState(false);

  if (loading) {
    return (
      <p className="payout-state payout-state--checking" role="status">
        Checking your payout account...
      </p>
    );
  }
  if (error) return <Banner tone="error">Your payout account could not be checked. Reload the page to try again.</Banner>;
  const account = data?.myPayoutAccount ?? null;
  if (!account) {
    return (
      <Banner tone="info">
        You have no payout account yet. <Link to={paths.producerSignup}>Sign up as a producer</Link> first.
      </Banner>
    );
  }
  if (account.onboardingComplete) {
    return <Banner tone="success">Your payout account is set up: onboarding is finished and payouts are enabled.</Banner>;
  }
  const resume = async () => setFailed(!(await continueOnboarding()));
  return (
    <div className="payout-state">
      <Banner tone="info">
        Your payout account onboarding is not finished yet. Finish it to be paid for your licences
        {account.requirementsDue.length > 0 ? ` (still needed: ${account.requirementsDue.join(', ')})` : ''}.
      </Banner>
      <button type="button" className="button button--secondary" onClick={() => void resume()} disabled={opening}>
        Continue Onboarding
      </button>
      {failed && <Banner tone="error">The onboarding could not be opened. Please try again.</Banner>}
    </div>
  );
}

/** /stripe-connect/success (requirements §P2): congratulations, where to go next, and the payout account's state. */
export function PayoutSuccess() {
  return (
    <div className="producer-page producer-page--narrow">
      <section className="producer-card payout-success" aria-labelledby="payout-success-title">
        <div className="payout-success__mark" aria-hidden="true">
          ✓
        </div>
        <h1 id="payout-success-title" className="producer-page__title">
          Congratulations!
        </h1>
        <p className="producer-page__lead">You are now a producer. Set your prices and licence terms, then upload your melodies and drum loops.</p>
        <PayoutState />
        <div className="payout-success__links">
          <Link className="button button--primary" to={paths.contributorSetup}>
            Contributor Setup
          </Link>
          <Link className="button button--secondary" to={paths.account}>
            My Account
          </Link>
        </div>
      </section>
    </div>
  );
}
