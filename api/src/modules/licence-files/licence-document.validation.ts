import { badInput } from '../../platform/errors';
import type { LicenceDocument, LicenceTier } from './licence-files.types';

export const LICENCE_TIERS: readonly LicenceTier[] = ['standard', 'advanced', 'excindie', 'exclabel'];

/** Advanced and both exclusives deliver stems; the standard lease does not. */
export const tierHasStems = (tier: LicenceTier): boolean => tier !== 'standard';

/** A licence id is one segment of a blob key: `licences/<licenceId>/`. */
const LICENCE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const TOTAL_BASIS_POINTS = 10_000;

/**
 * Refuses a document that cannot make a licence (a bad id, tier, price, shares or address), with a
 * BAD_USER_INPUT error saying why, before anything is rendered or stored.
 */
export function assertLicenceDocument(doc: LicenceDocument): void {
  if (!LICENCE_ID.test(doc.licenceId ?? '')) throw badInput('A licence id must be 1-64 letters, digits, "-" or "_".');
  if (!LICENCE_TIERS.includes(doc.tier)) throw badInput(`Unknown licence tier "${String(doc.tier)}".`);
  if (!(doc.issuedAt instanceof Date) || Number.isNaN(doc.issuedAt.getTime())) throw badInput('A licence needs its date.');
  if (!Number.isSafeInteger(doc.priceCents) || doc.priceCents < 0) throw badInput('A licence price is a whole, non-negative number of cents.');
  if (!doc.buyer?.firstName?.trim() || !doc.buyer.lastName?.trim() || !doc.buyer.country?.trim()) {
    throw badInput("A licence needs the buyer's first name, last name and country.");
  }
  if (!doc.beat?.id || !doc.beat.title) throw badInput('A licence needs its beat.');
  if (!doc.producers?.length) throw badInput('A licence names at least one producer.');
  let total = 0;
  for (const producer of doc.producers) {
    if (!Number.isInteger(producer.shareBasisPoints) || producer.shareBasisPoints <= 0) throw badInput('Producer shares are positive whole basis points.');
    total += producer.shareBasisPoints;
  }
  if (total !== TOTAL_BASIS_POINTS) throw badInput(`Producer shares must add up to 10,000 basis points (they add up to ${total}).`);
  const exclusive = doc.tier === 'excindie' || doc.tier === 'exclabel';
  if ((doc.terms?.kind === 'exclusive') !== exclusive) throw badInput('A lease carries lease terms and an exclusive carries exclusive terms.');
  let url: URL;
  try {
    url = new URL(doc.verifyUrl);
  } catch {
    throw badInput('A licence needs a valid verification URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badInput('A licence needs a valid verification URL.');
}
