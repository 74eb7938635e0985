/** Requirements §L9: amount paid = cents / 100 with 2 decimals, then the upper-cased currency. */
export function formatAmountPaid(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** A plan card's price, in US dollars: $0, $7.50, $20.00, $500.00 (requirements §L9). */
export function formatPlanPrice(cents: number): string {
  return cents === 0 ? '$0' : `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
