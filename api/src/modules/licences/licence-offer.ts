import type { Beat } from '../beats';
import type { Producer } from '../producers';
import type { LicenceTier, LicensedProducer } from '../licence-files';
import { PLAN_GATES, planAllows } from '../billing';
import { LICENCE_TIERS, TIER_TITLES, isExclusiveTier } from './lease-tiers';
import { LICENCE_TEXTS } from './licence-messages';
import {
  commentsFor,
  exclusiveAllowed,
  platformProducer,
  termsInForce,
  tierDetails,
  tierPriceCents,
  type BeatShare,
  type ProducerLicensing,
  type TermsInForce,
} from './licence-terms';

/**
 * Why a tier is not on offer to this buyer, most lasting first: the beat was sold exclusively (no
 * tier is for sale), a producer of the beat does not sell exclusives (no plan changes that), the
 * buyer's plan does not include exclusives (an upgrade does).
 */
export type TierUnavailableReason = 'sold_exclusively' | 'producers_do_not_sell' | 'plan';

/** What the buyer is told for each reason: the same words the checkout refuses with. */
export const UNAVAILABLE_MESSAGES: Readonly<Record<TierUnavailableReason, string>> = {
  sold_exclusively: LICENCE_TEXTS.soldExclusively,
  producers_do_not_sell: LICENCE_TEXTS.noExclusives,
  plan: PLAN_GATES.fullRights.message,
};

/** One tier as a beat offers it. */
export interface TierOffer {
  readonly tier: LicenceTier;
  readonly title: string;
  readonly details: string[];
  readonly priceCents: number;
  readonly terms: TermsInForce;
  /** True when this buyer can buy it now. */
  readonly available: boolean;
  /** Why not, when it is not available. */
  readonly unavailableReason: TierUnavailableReason | null;
}

/** What a beat can be licensed for, and what a licence of it credits. */
export interface BeatOffer {
  readonly beatId: string;
  readonly soldExclusively: boolean;
  readonly tiers: readonly TierOffer[];
  readonly shares: readonly BeatShare[];
  readonly producers: readonly ProducerLicensing[];
}

/** A producer record as the licence terms need it. */
export function licensingOfProducer(producer: Producer, userId: string): ProducerLicensing {
  return {
    userId,
    producerName: producer.prodName,
    legalName: `${producer.firstName} ${producer.lastName}`.trim(),
    pro: producer.prodPro ?? '',
    proId: producer.prodProId ?? '',
    prices: { standard: producer.priceStandardCents, advanced: producer.priceAdvancedCents, excindie: producer.priceExcindieCents, exclabel: producer.priceExclabelCents },
    standard: producer.standleaseTerms,
    advanced: producer.advancedleaseTerms,
    excindie: producer.excindieTerms,
    exclabel: producer.exclabelTerms,
  };
}

/** A beat's stored shares (percent with two decimals) in basis points. */
export const sharesOf = (beat: Pick<Beat, 'producerShares'>): BeatShare[] =>
  beat.producerShares.map((s) => ({ userId: s.producerId, name: s.name, basisPoints: Math.round(s.percent * 100) }));

/** Why a tier is not on offer to a buyer at this subscription level; null when it is. */
export function unavailableReason(tier: LicenceTier, producers: readonly ProducerLicensing[], soldExclusively: boolean, buyerLevel: number): TierUnavailableReason | null {
  if (soldExclusively) return 'sold_exclusively';
  if (!isExclusiveTier(tier)) return null;
  if (!exclusiveAllowed(tier, producers)) return 'producers_do_not_sell';
  if (!planAllows(buyerLevel, 'fullRights')) return 'plan';
  return null;
}

/**
 * Builds the offer of a beat to a buyer at a subscription level from its shares and its producers'
 * records (platform defaults where none): every tier, each with whether this buyer can buy it and why not.
 */
export function buildOffer(beat: Pick<Beat, 'id' | 'producerShares'>, records: ReadonlyMap<string, ProducerLicensing>, soldExclusively: boolean, buyerLevel: number): BeatOffer {
  const shares = sharesOf(beat);
  const producers = shares.map((s) => records.get(s.userId) ?? platformProducer(s.userId, s.name));
  const byUser = new Map(producers.map((p) => [p.userId, p]));
  const tiers = LICENCE_TIERS.map((tier) => {
    const terms = termsInForce(tier, producers);
    const reason = unavailableReason(tier, producers, soldExclusively, buyerLevel);
    return {
      tier,
      title: TIER_TITLES[tier],
      details: tierDetails(tier, terms),
      priceCents: tierPriceCents(tier, shares, byUser),
      terms,
      available: reason === null,
      unavailableReason: reason,
    };
  });
  return { beatId: beat.id, soldExclusively, tiers, shares, producers };
}

/** The producers a licence of this tier credits, with their shares, PRO and comments. */
export function licensedProducers(offer: BeatOffer, tier: LicenceTier): LicensedProducer[] {
  return offer.shares.map((share) => {
    const producer = offer.producers.find((p) => p.userId === share.userId)!;
    return {
      producerId: share.userId,
      producerName: producer.producerName,
      legalName: producer.legalName,
      shareBasisPoints: share.basisPoints,
      pro: producer.pro,
      proId: producer.proId,
      comments: commentsFor(tier, producer),
    };
  });
}
