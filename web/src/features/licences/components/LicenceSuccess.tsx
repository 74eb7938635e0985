import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { paths } from '../../../app/router/paths';
import { formatUsd, tierTitle } from '../lease-tiers';
import { useLicenceCheckoutState } from '../hooks/use-licence-checkout-state';
import { useLicenceDownload } from '../hooks/use-licence-download';
import { verifyPath } from '../verify-path';
import { LicenceDownloads } from './LicenceDownloads';
import { LicenceSummary } from './LicenceSummary';
import '../../billing/components/Subscriptions.css';
import './Licences.css';

/**
 * /success?session_id=...&kind=licence: the licence a checkout bought and its downloads (MP3, WAV,
 * the stems where the tier has them, the licence PDF), asked again until the files are ready.
 */
export function LicenceSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { data, error } = useLicenceCheckoutState(sessionId);
  const download = useLicenceDownload();

  if (!sessionId) return <p className="payment-success__state" role="alert">Error: No session_id was given.</p>;
  const state = data?.licenceForCheckoutSession;
  if (!state && error) return <p className="payment-success__state" role="alert">{`Error: ${graphQLFailure(error)?.message ?? error.message}`}</p>;
  if (!state) return <p className="payment-success__state" role="status">Loading...</p>;

  if (state.status === 'REFUNDED' || state.status === 'REFUND_PENDING') {
    return (
      <Outcome icon="↺" title="Payment refunded" lead={state.refundReason ?? 'Your payment was refunded in full.'}>
        <p className="payment-success__lead">{`${tierTitle(state.tier)}, ${formatUsd(state.priceCents)}: nothing was charged in the end.`}</p>
      </Outcome>
    );
  }
  if (state.status === 'EXPIRED') {
    return <Outcome icon="×" title="Checkout expired" lead="This checkout ended before it was paid. Nothing was charged." />;
  }
  const licence = state.licence;
  if (!licence) {
    return (
      <Outcome icon="…" pending title="Payment pending" lead="Your payment is being confirmed. Your licence is issued as soon as it is.">
        <p className="payment-success__lead">{`${tierTitle(state.tier)}, ${formatUsd(state.priceCents)}`}</p>
      </Outcome>
    );
  }
  return (
    <Outcome icon="✓" title="Success!" lead="Your payment was successful!">
      <LicenceSummary licence={licence} />
      <section className="licence-success__files" aria-label="Your files">
        <h2 className="licence-success__files-title">Your files</h2>
        <LicenceDownloads tier={licence.tier} filesReady={licence.filesReady} files={licence.files} onDownload={(kind) => download(licence.id, kind)} />
      </section>
      <p className="payment-success__lead licence-success__receipt">A receipt with the licence document is on its way to your email.</p>
      <div className="payment-success__actions">
        <Link className="button button--secondary" to={verifyPath(licence.id)}>
          Verification page
        </Link>
        <Link className="button button--secondary" to={paths.accountProfile}>
          My Account
        </Link>
      </div>
    </Outcome>
  );
}

interface OutcomeProps {
  readonly icon: string;
  readonly title: string;
  readonly lead: string;
  readonly pending?: boolean;
  readonly children?: ReactNode;
}

function Outcome({ icon, title, lead, pending = false, children }: OutcomeProps) {
  return (
    <section className="payment-success licence-success" aria-labelledby="licence-success-title">
      <span className={`payment-success__icon${pending ? ' payment-success__icon--pending' : ''}`} aria-hidden="true">
        {icon}
      </span>
      <h1 id="licence-success-title" className="payment-success__title">
        {title}
      </h1>
      <p className="payment-success__lead">{lead}</p>
      {children}
    </section>
  );
}
