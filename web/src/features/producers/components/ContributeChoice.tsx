import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../../../app/api/use-api-client';
import { useSession } from '../../../app/auth/SessionProvider';
import { paths } from '../../../app/router/paths';
import { checkStripeAccount } from '../../payouts/payouts-api';
import './Producers.css';

const SOON = [
  { id: 'songwriter', title: 'Songwriter', text: 'Write toplines and lyrics that meet producers’ beats.' },
  { id: 'vocal-artist', title: 'Vocal Artist', text: 'Lend your voice to hooks and features.' },
] as const;

/**
 * /choice (requirements §P2): Producer, and two roles coming soon. Producer signed out starts sign-in;
 * signed in it goes to /contributor-setup with a payout account, else (or when the check fails)
 * to /Producer-Signup.
 */
export function ContributeChoice() {
  const { status, signIn } = useSession();
  const api = useApiClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);

  const chooseProducer = async () => {
    if (status !== 'authenticated') return signIn();
    setChecking(true);
    const hasAccount = await checkStripeAccount(api).catch(() => false);
    void navigate(hasAccount ? paths.contributorSetup : paths.producerSignup);
    return undefined;
  };

  return (
    <div className="producer-page">
      <header className="producer-page__header">
        <p className="producer-page__eyebrow">Creator Program</p>
        <h1 className="producer-page__title">How do you want to contribute?</h1>
        <p className="producer-page__lead">Earn 90% of licensing fees after processing fees whenever your sounds are licensed, and keep 100% ownership.</p>
      </header>
      <div className="choice-grid">
        <article className="choice-card choice-card--live" aria-labelledby="choice-producer">
          <span className="choice-card__badge">Open now</span>
          <h2 id="choice-producer" className="choice-card__title">Producer</h2>
          <p className="choice-card__text">Upload melody stems and drum loops, set your prices and licence terms, and get paid out through your own payout account.</p>
          <button type="button" className="button button--primary" onClick={() => void chooseProducer()} disabled={checking}>
            {checking ? 'Checking...' : 'Producer'}
          </button>
        </article>
        {SOON.map((role) => (
          <article key={role.title} className="choice-card choice-card--soon" aria-labelledby={`choice-${role.id}`}>
            <span className="choice-card__badge choice-card__badge--soon">Coming soon</span>
            <h2 id={`choice-${role.id}`} className="choice-card__title">
              {role.title} <span className="choice-card__soon">(coming soon)</span>
            </h2>
            <p className="choice-card__text">{role.text}</p>
            <button type="button" className="button button--secondary" disabled>
              Coming soon
            </button>
          </article>
        ))}
      </div>
    </div>
  );
}
