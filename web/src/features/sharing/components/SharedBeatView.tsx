import { useParams } from 'react-router-dom';
import { LoadingOverlay } from '../../../ui/loading-overlay/LoadingOverlay';
import { usePaymentsCopy } from '../../billing/payments-copy';
import { ProfileIncompleteNotice } from '../../licences/components/ProfileIncompleteNotice';
import { PurchaseRightsModal } from '../../licences/components/PurchaseRightsModal';
import { useLicencePurchase } from '../../licences/hooks/use-licence-purchase';
import { LicenseIcon } from '../../player/components/PlayerIcons';
import { useSharedBeat } from '../hooks/use-shared-beat';
import { StorefrontPlayer } from './StorefrontPlayer';
import './Storefront.css';

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** /shared/:shareId: a shared beat on the storefront player, open to anyone (issue 36). */
export function SharedBeatView() {
  const { shareId = '' } = useParams();
  const { beat, loading, notFound, error, onPlay } = useSharedBeat(shareId);

  if (loading) return <LoadingOverlay />;
  if (notFound || (!beat && !error)) {
    return (
      <section className="shared-beat">
        <h1>This beat is not shared</h1>
        <p className="shared-beat__lead">The link is wrong, or its owner stopped sharing the beat.</p>
      </section>
    );
  }
  if (!beat) {
    return (
      <section className="shared-beat">
        <h1>This beat could not be loaded</h1>
        <p className="shared-beat__lead" role="alert">{error}</p>
      </section>
    );
  }

  return (
    <section className="shared-beat" aria-labelledby="shared-beat-heading">
      <h1 id="shared-beat-heading" className="visually-hidden">
        {`Shared beat: ${beat.title}`}
      </h1>
      <StorefrontPlayer beat={{ ...beat, beatId: beat.beatId ?? beat.shareId }} onPlay={onPlay} />
      <section className="shared-beat__producers" aria-labelledby="shared-producers-title">
        <h2 id="shared-producers-title">Contributed Producers</h2>
        {beat.producers.length === 0 ? (
          <p>No producer is credited for this beat.</p>
        ) : (
          <ul>
            {beat.producers.map((producer) => (
              <li key={producer.name}>
                <span>{producer.name}</span>
                <span>{`${percentFormat.format(producer.percent)}%`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {beat.viewerIsOwner && beat.beatId && <OwnerTools beatId={beat.beatId} plays={beat.plays ?? 0} />}
    </section>
  );
}

/** What only the beat's owner sees on its public page: the plays and Get License. */
function OwnerTools({ beatId, plays }: { readonly beatId: string; readonly plays: number }) {
  const purchase = useLicencePurchase(beatId);
  const { licenceNote } = usePaymentsCopy();
  return (
    <section className="shared-beat__owner" aria-label="Your beat">
      <p>{`Plays: ${plays}`}</p>
      <button type="button" className="button button--primary" onClick={purchase.openModal}>
        <LicenseIcon />
        Get License
      </button>
      {purchase.profileIncomplete && <ProfileIncompleteNotice beatId={beatId} onDismiss={purchase.dismissProfileNotice} />}
      <PurchaseRightsModal {...purchase.modal} checkoutNote={licenceNote} />
    </section>
  );
}
