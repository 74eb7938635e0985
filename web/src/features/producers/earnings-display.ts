/** Cents as US dollars: $25.94, $1,038.00. */
export const formatCents = (cents: number): string =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Licence tiers (their price_id, requirements (listener core)) as the Purchase Rights modal names them. */
const TIERS: Record<string, string> = {
  standard: 'Standard Lease',
  advanced: 'Advanced Lease',
  excindie: 'Exclusive Rights (Indie)',
  exclabel: 'Exclusive Rights (Label)',
};
export const tierLabel = (tier: string | null | undefined): string => (tier ? (TIERS[tier] ?? tier) : '—');

/** Where a producer's money of an order is. */
const STATUSES: Record<string, string> = {
  paid: 'Paid',
  pending: 'Paying',
  sending: 'Paying',
  held: 'Held until your payout account is ready',
  failed: 'Transfer failed',
  cancelled: 'Refunded before payout',
  none: 'Nothing due',
};
export const statusLabel = (status: string): string => STATUSES[status] ?? status;
