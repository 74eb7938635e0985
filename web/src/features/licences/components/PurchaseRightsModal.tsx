import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Banner, type BannerTone } from '../../../ui/banner/Banner';
import { Modal } from '../../../ui/modal/Modal';
import { formatUsd } from '../lease-tiers';
import { LICENCE_MESSAGES, PURCHASE_NOW_LABEL, PURCHASE_RIGHTS_TITLE } from '../licence-messages';
import './PurchaseRights.css';

/**
 * One tier as the api offers it (requirements §L3 "Lease option"), its price in cents, and whether this
 * buyer can buy it now; one that is not says why (the words its checkout is refused with).
 */
export interface LeaseOptionView {
  readonly priceId: string;
  readonly title: string;
  readonly details: readonly string[];
  readonly priceCents: number;
  readonly available: boolean;
  /** PLAN, PRODUCERS_DO_NOT_SELL or SOLD_EXCLUSIVELY; null when available. */
  readonly unavailableReason?: string | null;
  readonly unavailableMessage?: string | null;
}

export interface LicenceOfferView {
  readonly soldExclusively: boolean;
  /** All four tiers in the modal's order, those not on offer too. */
  readonly tiers: readonly LeaseOptionView[];
}

/** A banner message; a new serial restarts its timers when the same text shows again. */
export interface ModalMessage {
  readonly tone: BannerTone;
  readonly text: string;
  readonly serial: number;
}

interface PurchaseRightsModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The beat's offer, or null while it loads or after it failed. */
  readonly offer: LicenceOfferView | null;
  readonly loadFailed: boolean;
  readonly onRetry: () => void;
  /** The option whose checkout is starting. */
  readonly purchasing: string | null;
  readonly onPurchase: (priceId: string) => void;
  readonly message: ModalMessage | null;
  readonly onMessageCleared: () => void;
  /** Who takes the payment on this instance (Stripe, or the local checkout). */
  readonly checkoutNote: string;
}

/**
 * Purchase Rights (requirements §L2): the lease options with title, details, price and Purchase Now; the
 * backdrop and the close button close it; its message banner shows about 2 s, fades 1.5 s, then clears.
 */
export function PurchaseRightsModal(props: PurchaseRightsModalProps) {
  const { open, onClose, offer, message, onMessageCleared, checkoutNote } = props;
  return (
    <Modal open={open} title={PURCHASE_RIGHTS_TITLE} onClose={onClose} size="wide">
      <div className="purchase-rights">
        <p className="purchase-rights__unique">{LICENCE_MESSAGES.uniqueArrangement}</p>
        <OfferBody {...props} />
        {offer && !offer.soldExclusively && <p className="purchase-rights__note">{checkoutNote}</p>}
        <div className="purchase-rights__message">
          {message && (
            <Banner key={message.serial} tone={message.tone} autoHide onDismiss={onMessageCleared}>
              {message.text}
            </Banner>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** The api repeats the modal's statement about the loops in every option's details: the modal says it once. */
const LOOPS_STATEMENT = /loops stay in the catalogue/i;

function optionDetails(details: readonly string[]): readonly string[] {
  return details.filter((detail) => !LOOPS_STATEMENT.test(detail));
}

function OfferBody({ offer, loadFailed, onRetry, purchasing, onPurchase }: PurchaseRightsModalProps) {
  if (!offer && loadFailed) {
    return (
      <div className="purchase-rights__state">
        <p>{LICENCE_MESSAGES.offerFailed}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (!offer) {
    return (
      <p className="purchase-rights__state" role="status">
        Loading the licence options...
      </p>
    );
  }
  // A beat sold exclusively says so once; its tiers stay listed, disabled, pointing at that sentence.
  const soldId = 'purchase-rights-sold';
  return (
    <>
      {offer.soldExclusively && (
        <p className="purchase-rights__sold" role="note" id={soldId}>
          {LICENCE_MESSAGES.soldExclusively}
        </p>
      )}
      <ul className="purchase-rights__options" aria-label="Lease options">
        {offer.tiers.map((option) => {
          const titleId = `lease-${option.priceId}`;
          const reasonId = `lease-${option.priceId}-reason`;
          const ownReason = !option.available && !offer.soldExclusively;
          return (
            <li
              key={option.priceId}
              className={`lease-option lease-option--${option.priceId}${option.available ? '' : ' lease-option--unavailable'}`}
              aria-labelledby={titleId}
            >
              <div className="lease-option__head">
                <h3 className="lease-option__title" id={titleId}>
                  {option.title}
                </h3>
                <p className="lease-option__price">{formatUsd(option.priceCents)}</p>
              </div>
              <ul className="lease-option__details">
                {optionDetails(option.details).map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
              {ownReason && (
                <p className="lease-option__reason" id={reasonId}>
                  {option.unavailableMessage ?? LICENCE_MESSAGES.notOnOffer}
                  {option.unavailableReason === 'PLAN' && (
                    <>
                      {' '}
                      <Link to={paths.subscriptions}>{LICENCE_MESSAGES.seePlans}</Link>
                    </>
                  )}
                </p>
              )}
              <button
                type="button"
                className="button button--primary lease-option__buy"
                aria-label={`${PURCHASE_NOW_LABEL}: ${option.title}`}
                aria-describedby={option.available ? undefined : ownReason ? reasonId : soldId}
                disabled={!option.available || purchasing !== null}
                aria-busy={purchasing === option.priceId}
                onClick={() => onPurchase(option.priceId)}
              >
                {purchasing === option.priceId ? 'Processing...' : PURCHASE_NOW_LABEL}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
