/** A producer's licence prices (requirements §P3 "Pricing"), in cents. */
export interface PricesCents {
  readonly standard: number;
  readonly advanced: number;
  readonly exclabel: number;
  readonly excindie: number;
}

export const PRICE_FIELDS = ['price_standard', 'price_advanced', 'price_exclabel', 'price_excindie'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

export const PRICE_LABELS: Record<PriceField, string> = {
  price_standard: 'Standard lease',
  price_advanced: 'Advanced lease',
  price_exclabel: 'Exclusive (label)',
  price_excindie: 'Exclusive (independent)',
};

/** The highest price a producer may ask for one licence: $100,000. */
export const MAX_PRICE_CENTS = 100_000_00;

/** What a new producer (and the demo producers) start with, until they set their own. */
export const DEFAULT_PRICES_CENTS: PricesCents = { standard: 29_99, advanced: 79_99, exclabel: 999_99, excindie: 499_99 };

/** The creators' share of a licence's net (price less processing fees): 90%. */
export const CREATOR_SHARE_PERCENT = 90;

export const centsToDollars = (cents: number): number => cents / 100;
export const formatDollars = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
