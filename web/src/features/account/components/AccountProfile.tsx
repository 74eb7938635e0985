import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { hasCode } from '../../../app/apollo/graphql-error';
import { LoadingOverlay } from '../../../ui/loading-overlay/LoadingOverlay';
import { useMe } from '../hooks/use-me';
import { useUnauthenticatedAlert } from '../hooks/use-unauthenticated-alert';
import { ManageStripeAccount } from './ManageStripeAccount';
import { CancelSubscription } from '../../billing/components/CancelSubscription';
import { ProfileForm } from './ProfileForm';
import { GeneratedBeats } from './GeneratedBeats';
import { BackToLicence } from '../../licences/components/BackToLicence';
import { licenceBeatIdOf } from '../../licences/complete-profile-state';
import { MyLicences } from '../../licences/components/MyLicences';
import { AccessTokens } from '../../access-tokens/components/AccessTokens';
import { MoneyBackGuarantee } from '../../support/components/MoneyBackGuarantee';
import './AccountProfile.css';

/** My Account (requirements §L2): the overlay until the profile loads, then the profile and payouts. */
export function AccountProfile() {
  const { data, error, refetch } = useMe({ fetchPolicy: 'network-only' });
  const onUnauthenticated = useUnauthenticatedAlert();
  const licenceBeatId = licenceBeatIdOf(useLocation().state);

  useEffect(() => {
    if (hasCode(error, 'UNAUTHENTICATED')) onUnauthenticated(error);
    else if (error) console.error('Failed to load the profile.', error);
  }, [error, onUnauthenticated]);

  if (!data) {
    if (!error || hasCode(error, 'UNAUTHENTICATED')) return <LoadingOverlay />;
    return (
      <section className="account-page account-page--failed">
        <h1 className="account-page__title">My Account</h1>
        <p className="account-page__lead">Your profile could not be loaded.</p>
        <button type="button" className="button button--primary" onClick={() => void refetch().catch(() => undefined)}>
          Try again
        </button>
      </section>
    );
  }

  return (
    <div className="account-page">
      <div className="account-page__header">
        <h1 className="account-page__title">My Account</h1>
        <p className="account-page__lead">Your profile, as producers and licence documents will show it.</p>
      </div>
      {licenceBeatId && <BackToLicence beatId={licenceBeatId} profile={data.me} />}
      <ProfileForm user={data.me} onUnauthenticated={onUnauthenticated} />
      <ManageStripeAccount />
      <CancelSubscription level={data.me.subscriptionLevel} />
      <MoneyBackGuarantee />
      <MyLicences />
      <GeneratedBeats />
      <AccessTokens />
    </div>
  );
}
