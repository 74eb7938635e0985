import { useEffect, useRef } from 'react';
import { BeatPlayer, type PlayerBeat } from '../../player/components/BeatPlayer';
import { usePaymentsCopy } from '../../billing/payments-copy';
import { useLicencePurchase } from '../hooks/use-licence-purchase';
import { ProfileIncompleteNotice } from './ProfileIncompleteNotice';
import { PurchaseRightsModal } from './PurchaseRightsModal';

interface LicensableBeatPlayerProps {
  readonly beat: PlayerBeat & { readonly id: string };
  /** Opens Purchase Rights as soon as the card shows (back from completing the profile). */
  readonly openPurchaseRights?: boolean;
}

/** The user's own beat on the player card, with Get License, Purchase Rights and the profile rule. */
export function LicensableBeatPlayer({ beat, openPurchaseRights = false }: LicensableBeatPlayerProps) {
  const purchase = useLicencePurchase(beat.id);
  const { licenceNote } = usePaymentsCopy();
  const { openModal } = purchase;
  const opened = useRef(false);
  useEffect(() => {
    if (!openPurchaseRights || opened.current) return;
    opened.current = true;
    openModal();
  }, [openPurchaseRights, openModal]);

  return (
    <>
      <BeatPlayer
        beat={beat}
        onGetLicense={openModal}
        notice={purchase.profileIncomplete && <ProfileIncompleteNotice beatId={beat.id} onDismiss={purchase.dismissProfileNotice} />}
      />
      <PurchaseRightsModal {...purchase.modal} checkoutNote={licenceNote} />
    </>
  );
}
