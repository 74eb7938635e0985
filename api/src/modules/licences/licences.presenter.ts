import { TIER_TITLES } from './lease-tiers';
import type { Licence } from './licence.entity';
import type { LicenceNotice } from './licence-notice.entity';
import type { LicenceOrder } from './licence-order.entity';
import { termLines } from './licence-terms';
import { UNAVAILABLE_MESSAGES, type BeatOffer, type TierOffer, type TierUnavailableReason } from './licence-offer';
import { maskName, readyFiles } from './licences.service';
import {
  LeaseUnavailableReasonEnum,
  LicenceFileKindEnum,
  LicenceOrderStatusEnum,
  LicenceStatusEnum,
  type BeatLicenceOfferType,
  type LeaseOptionType,
  type LicenceCheckoutStateType,
  type LicenceNoticeType,
  type LicenceType,
  type LicenceVerificationType,
} from './outputs/licence.types';

const REASON: Record<TierUnavailableReason, LeaseUnavailableReasonEnum> = {
  sold_exclusively: LeaseUnavailableReasonEnum.SOLD_EXCLUSIVELY,
  producers_do_not_sell: LeaseUnavailableReasonEnum.PRODUCERS_DO_NOT_SELL,
  plan: LeaseUnavailableReasonEnum.PLAN,
};

const presentTier = (t: TierOffer): LeaseOptionType => ({
  priceId: t.tier,
  title: t.title,
  details: t.details,
  priceCents: t.priceCents,
  available: t.available,
  unavailableReason: t.unavailableReason ? REASON[t.unavailableReason] : null,
  unavailableMessage: t.unavailableReason ? UNAVAILABLE_MESSAGES[t.unavailableReason] : null,
});

/** The offer as GraphQL serves it: every tier with its availability, and the ones that can be bought. */
export function presentOffer(offer: BeatOffer): BeatLicenceOfferType {
  const tiers = offer.tiers.map(presentTier);
  return { beatId: offer.beatId, soldExclusively: offer.soldExclusively, options: tiers.filter((t) => t.available), tiers };
}

/** GET /beat-prods/{beat_id}: the four prices in US dollars; null for a tier this beat does not offer. */
export function presentPrices(offer: BeatOffer): Record<string, number | null> {
  return Object.fromEntries(offer.tiers.map((t) => [t.tier, t.available ? t.priceCents / 100 : null]));
}

const STATUS: Record<Licence['status'], LicenceStatusEnum> = { valid: LicenceStatusEnum.VALID, refunded: LicenceStatusEnum.REFUNDED, superseded: LicenceStatusEnum.SUPERSEDED };
const FILE_KIND = { mp3: LicenceFileKindEnum.MP3, wav: LicenceFileKindEnum.WAV, stems: LicenceFileKindEnum.STEMS, document: LicenceFileKindEnum.DOCUMENT } as const;
export const fileKindOf = (kind: LicenceFileKindEnum) => (Object.entries(FILE_KIND).find(([, v]) => v === kind)![0]) as keyof typeof FILE_KIND;

const producersOf = (licence: Licence) => licence.producers.map((p) => ({ name: p.producerName, shareBasisPoints: p.shareBasisPoints }));

export function presentLicence(licence: Licence, verifyUrl: string): LicenceType {
  return {
    id: licence.id,
    beatId: licence.beat.id,
    beatTitle: licence.beat.title,
    tier: licence.tier,
    tierTitle: TIER_TITLES[licence.tier],
    priceCents: licence.priceCents,
    currency: licence.currency,
    status: STATUS[licence.status],
    issuedAt: licence.issuedAt,
    producers: producersOf(licence),
    terms: termLines(licence.terms),
    filesReady: Boolean(licence.files),
    files: licence.status === 'refunded' ? [] : readyFiles(licence).map(({ kind, file }) => ({ kind: FILE_KIND[kind], fileName: file.fileName, bytes: file.bytes })),
    verifyUrl,
  };
}

export function presentVerification(licence: Licence): LicenceVerificationType {
  return {
    id: licence.id,
    status: STATUS[licence.status],
    tier: licence.tier,
    tierTitle: TIER_TITLES[licence.tier],
    issuedAt: licence.issuedAt,
    beatTitle: licence.beat.title,
    producers: producersOf(licence),
    maskedBuyerName: maskName(licence.buyerFirstName, licence.buyerLastName),
  };
}

const ORDER_STATUS: Record<LicenceOrder['status'], LicenceOrderStatusEnum> = {
  open: LicenceOrderStatusEnum.OPEN,
  paid: LicenceOrderStatusEnum.PAID,
  refund_pending: LicenceOrderStatusEnum.REFUND_PENDING,
  refunded: LicenceOrderStatusEnum.REFUNDED,
  expired: LicenceOrderStatusEnum.EXPIRED,
};

export function presentCheckoutState(order: LicenceOrder, licence: Licence | null, verifyUrl: (id: string) => string): LicenceCheckoutStateType {
  return {
    sessionId: order.checkoutSessionId ?? '',
    status: ORDER_STATUS[order.status],
    tier: order.tier,
    priceCents: order.priceCents,
    refundReason: order.refundReason ?? null,
    licence: licence ? presentLicence(licence, verifyUrl(licence.id)) : null,
  };
}

export function presentNotice(notice: LicenceNotice): LicenceNoticeType {
  return { id: notice.id, kind: notice.kind, message: notice.message, licenceId: notice.licenceId ?? null, createdAt: notice.createdAt, read: Boolean(notice.readAt) };
}
