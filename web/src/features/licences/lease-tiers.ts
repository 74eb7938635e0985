/** Spec 1 §3: the lease options' price_id values. */
export type LeaseTier = 'standard' | 'advanced' | 'excindie' | 'exclabel';

/** Spec 1 §9: the tiers' titles, in the order the modal lists them. */
export const TIER_TITLES: Readonly<Record<LeaseTier, string>> = {
  standard: 'Standard Lease',
  advanced: 'Advanced Lease',
  excindie: 'Exclusive Rights (Indie)',
  exclabel: 'Exclusive Rights (Label)',
};

/** A tier's title; an unknown tier (a newer api) shows as sent. */
export function tierTitle(tier: string): string {
  return TIER_TITLES[tier as LeaseTier] ?? tier;
}

/** Spec 1 §9: exclusives sell the beat once; leases do not. */
export function isExclusiveTier(tier: string): boolean {
  return tier === 'excindie' || tier === 'exclabel';
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Spec 1 §9: prices show as US-dollar currency ($29.99, $1,234.50). */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
