/** The four licence prices of requirements §P3, as the pricing panel edits them (US dollars, as typed). */
export const PRICE_FIELDS = [
  { key: 'price_standard', cents: 'priceStandardCents', label: 'Standard lease' },
  { key: 'price_advanced', cents: 'priceAdvancedCents', label: 'Advanced lease' },
  { key: 'price_exclabel', cents: 'priceExclabelCents', label: 'Exclusive (label)' },
  { key: 'price_excindie', cents: 'priceExcindieCents', label: 'Exclusive (independent)' },
] as const;

export type PriceKey = (typeof PRICE_FIELDS)[number]['key'];
export type PriceCentsKey = (typeof PRICE_FIELDS)[number]['cents'];
export type PriceValues = Record<PriceKey, string>;
export type PriceCents = Record<PriceCentsKey, number>;

/** $100,000, the api's highest price, for when its option list has not arrived. */
export const MAX_PRICE_CENTS = 100_000_00;

const formatMax = (maxCents: number) => `$${(maxCents / 100).toLocaleString('en-US')}`;

/** Cents as the input shows them: 2999 is "29.99", 5000 is "50". */
export function centsToInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** One typed price: its cents, or why it is refused (the same rules as the api). */
export function parsePrice(label: string, typed: string, maxCents = MAX_PRICE_CENTS): { cents: number } | { error: string } {
  const text = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return { error: `${label} price is required.` };
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { error: `${label} price must be a number.` };
  const dollars = Number(text);
  if (dollars <= 0) return { error: `${label} price must be more than $0.` };
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) return { error: `${label} price must have at most 2 decimals (cents).` };
  if (cents > maxCents) return { error: `${label} price must be at most ${formatMax(maxCents)}.` };
  return { cents };
}

/** All four prices: the cents to send, or the errors per field. */
export function parsePrices(values: PriceValues, maxCents = MAX_PRICE_CENTS): { cents: PriceCents; errors: null } | { cents: null; errors: Partial<Record<PriceKey, string>> } {
  const errors: Partial<Record<PriceKey, string>> = {};
  const cents = {} as PriceCents;
  for (const field of PRICE_FIELDS) {
    const parsed = parsePrice(field.label, values[field.key], maxCents);
    if ('error' in parsed) errors[field.key] = parsed.error;
    else cents[field.cents] = parsed.cents;
  }
  return Object.keys(errors).length ? { cents: null, errors } : { cents, errors: null };
}

export function pricesToValues(pricing: PriceCents): PriceValues {
  return Object.fromEntries(PRICE_FIELDS.map((f) => [f.key, centsToInput(pricing[f.cents])])) as PriceValues;
}
