import { formatPlanPrice } from '../billing/format-amount';

/** A plan price as the cards and the table show it (one formatter for every page that shows plans). */
export { formatPlanPrice };

/** A price in running text: "$20" for whole dollars, "$7.50" otherwise (the landing offer and the FAQ). */
export function formatPriceInText(priceCents: number): string {
  return priceCents % 100 === 0 ? `$${(priceCents / 100).toLocaleString('en-US')}` : formatPlanPrice(priceCents);
}

/** A monthly token allowance in running text: "25", "1,000". */
export function formatTokens(tokens: number): string {
  return tokens.toLocaleString('en-US');
}

/** How much a price saves on a regular one: "62.5%" for $7.50 against $20. */
export function formatDiscount(priceCents: number, regularCents: number): string {
  return `${Number(((1 - priceCents / regularCents) * 100).toFixed(1))}%`;
}
