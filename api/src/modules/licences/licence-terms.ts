import {
  DEFAULT_ADVANCED_LEASE,
  DEFAULT_EXCLUSIVE,
  DEFAULT_STANDARD_LEASE,
  LEASE_LABELS,
  LEASE_OPTION_FIELDS,
  UNLIMITED,
  formatTermValue,
  type ExclusiveTerms,
  type LeaseOptionField,
  type LeaseTerms,
} from '../producers/contract-terms';
import { DEFAULT_PRICES_CENTS, type PricesCents } from '../producers/pricing';
import type { LicenceTier } from '../licence-files/licence-files.types';
import { isExclusiveTier, tierHasStems } from './lease-tiers';

/** What the licence needs of one producer: prices, terms and the names it prints. */
export interface ProducerLicensing {
  readonly userId: string;
  readonly producerName: string;
  readonly legalName: string;
  readonly pro: string;
  readonly proId: string;
  readonly prices: PricesCents;
  readonly standard: LeaseTerms;
  readonly advanced: LeaseTerms;
  readonly excindie: ExclusiveTerms;
  readonly exclabel: ExclusiveTerms;
}

/** A beat's credited producer with their share. */
export interface BeatShare {
  readonly userId: string;
  readonly name: string;
  /** Basis points; the shares of a beat sum to 10,000. */
  readonly basisPoints: number;
}

/**
 * The platform defaults for material whose contributor has no producer record (uploads from
 * before producer records): the producers module's defaults, exclusives allowed (no one objects).
 */
export function platformProducer(userId: string, name: string): ProducerLicensing {
  return {
    userId,
    producerName: name,
    legalName: name,
    pro: '',
    proId: '',
    prices: DEFAULT_PRICES_CENTS,
    standard: DEFAULT_STANDARD_LEASE,
    advanced: DEFAULT_ADVANCED_LEASE,
    excindie: { ...DEFAULT_EXCLUSIVE, sell_exclusives: 'Yes' },
    exclabel: { ...DEFAULT_EXCLUSIVE, sell_exclusives: 'Yes' },
  };
}

/**
 * A beat's price for a tier (README "Licence prices"): the sum over its producers of share x that
 * producer's price, in integer arithmetic over basis points, rounded half up to the cent. A beat
 * that credits nobody costs the platform default.
 */
export function tierPriceCents(tier: LicenceTier, shares: readonly BeatShare[], producers: ReadonlyMap<string, ProducerLicensing>): number {
  if (!shares.length) return DEFAULT_PRICES_CENTS[tier];
  let weighted = 0;
  for (const share of shares) {
    const prices = producers.get(share.userId)?.prices ?? DEFAULT_PRICES_CENTS;
    weighted += share.basisPoints * prices[tier];
  }
  return Math.floor((weighted + 5_000) / 10_000);
}

/** "Unlimited" is more than any count; otherwise the number. */
const amount = (value: string): number => (value === UNLIMITED ? Number.POSITIVE_INFINITY : Number(value));

/**
 * The lease terms in force when producers' terms differ (docs/decisions.md): for every term the
 * most restrictive value: the fewest years, copies, streams and downloads, and "No" over "Yes".
 */
export function mostRestrictiveLease(terms: readonly LeaseTerms[]): Omit<LeaseTerms, 'additional_comments'> {
  const base = terms.length ? terms : [DEFAULT_STANDARD_LEASE];
  const result = {} as Record<LeaseOptionField, string>;
  for (const field of LEASE_OPTION_FIELDS) {
    const values = base.map((t) => t[field]);
    if (values.every((v) => v === 'Yes' || v === 'No')) result[field] = values.includes('No') ? 'No' : 'Yes';
    else result[field] = values.reduce((least, v) => (amount(v) < amount(least) ? v : least));
  }
  return result as Omit<LeaseTerms, 'additional_comments'>;
}

export type TermsInForce =
  | { readonly kind: 'lease'; readonly lease: Omit<LeaseTerms, 'additional_comments'> }
  | { readonly kind: 'exclusive'; readonly exclusive: Omit<ExclusiveTerms, 'additional_comments'> };

const leaseOf = (p: ProducerLicensing, tier: LicenceTier): LeaseTerms => (tier === 'standard' ? p.standard : p.advanced);
const exclusiveOf = (p: ProducerLicensing, tier: LicenceTier): ExclusiveTerms => (tier === 'excindie' ? p.excindie : p.exclabel);

/** The terms a licence of this tier grants, from the beat's producers. */
export function termsInForce(tier: LicenceTier, producers: readonly ProducerLicensing[]): TermsInForce {
  if (isExclusiveTier(tier)) return { kind: 'exclusive', exclusive: { sell_exclusives: producers.every((p) => exclusiveOf(p, tier).sell_exclusives === 'Yes') ? 'Yes' : 'No' } };
  return { kind: 'lease', lease: mostRestrictiveLease(producers.map((p) => leaseOf(p, tier))) };
}

/** Whether every producer of the beat sells exclusive rights of this kind (requirements (producers and admin) contract terms). */
export const exclusiveAllowed = (tier: LicenceTier, producers: readonly ProducerLicensing[]): boolean =>
  producers.every((p) => exclusiveOf(p, tier).sell_exclusives === 'Yes');

/** Each producer's additional comments for a tier, as plain text. */
export const commentsFor = (tier: LicenceTier, producer: ProducerLicensing): string =>
  (isExclusiveTier(tier) ? exclusiveOf(producer, tier) : leaseOf(producer, tier)).additional_comments ?? '';

/** The terms as label/value lines (the modal's details, My Licences). */
export function termLines(terms: TermsInForce): { label: string; value: string }[] {
  if (terms.kind === 'exclusive') return [{ label: 'Ownership', value: 'Exclusive rights; the beat is sold once and no longer offered' }, { label: 'Streams', value: UNLIMITED }];
  return LEASE_OPTION_FIELDS.map((field) => ({ label: LEASE_LABELS[field], value: formatTermValue(terms.lease[field]) }));
}

/** The files a tier delivers, as one line: Standard gives MP3 and WAV, the others add the stems. */
export const tierFilesLine = (tier: LicenceTier): string => (tierHasStems(tier) ? 'MP3, WAV and stems' : 'MP3 and WAV');

/** The streams a licence allows, as one line ("250,000 streams", "Unlimited streams"). */
export function streamsLine(terms: TermsInForce): string {
  if (terms.kind === 'exclusive' || terms.lease.audio_streams === UNLIMITED) return 'Unlimited streams';
  return `${formatTermValue(terms.lease.audio_streams)} streams`;
}

/** The line every tier ends with: what is unique to the buyer and what stays in the catalogue. */
export const UNIQUE_ARRANGEMENT = "The producers' loops stay in the catalogue for other beats; this arrangement is never given to anyone else.";

/** The modal's details for a tier: the files, then the streams and term in force. */
export function tierDetails(tier: LicenceTier, terms: TermsInForce): string[] {
  const files = tierFilesLine(tier);
  if (terms.kind === 'exclusive') return [files, streamsLine(terms), 'Exclusive ownership of this beat', UNIQUE_ARRANGEMENT];
  const years = terms.lease.term_years === UNLIMITED ? 'Unlimited term' : `${terms.lease.term_years}-year term`;
  return [files, streamsLine(terms), `${formatTermValue(terms.lease.distribution_copies)} distribution copies`, years, UNIQUE_ARRANGEMENT];
}
