import type { LicenceTier } from '../licence-files/licence-files.types';
import { DEFAULT_PRICES_CENTS } from '../producers/pricing';
import { LICENCE_TIERS, TIER_TITLES } from './lease-tiers';
import { platformProducer, streamsLine, termLines, termsInForce, tierDetails, tierFilesLine } from './licence-terms';

/** One tier as a beat whose producers keep the default contract terms grants it. */
export interface DefaultTierTerms {
  readonly tier: LicenceTier;
  readonly title: string;
  readonly files: string;
  readonly streams: string;
  /** The same lines the Purchase Rights modal shows for such a beat. */
  readonly details: string[];
  /** The same label/value lines the licence PDF and My Licences print for such a beat. */
  readonly terms: { label: string; value: string }[];
  readonly defaultPriceCents: number;
}

/**
 * The four tiers with the producers' default terms (requirements §P9), computed by the same functions that
 * price a beat, fill the Purchase Rights modal and print the licence: the one source the
 * information pages quote, so a page can never promise other numbers than the checkout and the PDF.
 */
export function defaultTierTerms(): DefaultTierTerms[] {
  const producer = platformProducer('defaults', 'defaults');
  return LICENCE_TIERS.map((tier) => {
    const terms = termsInForce(tier, [producer]);
    return {
      tier,
      title: TIER_TITLES[tier],
      files: tierFilesLine(tier),
      streams: streamsLine(terms),
      details: tierDetails(tier, terms),
      terms: termLines(terms),
      defaultPriceCents: DEFAULT_PRICES_CENTS[tier],
    };
  });
}
