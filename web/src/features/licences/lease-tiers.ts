/** Requirements §L3: the lease options' price_id values. */
export type LeaseTier = 'standard' | 'advanced' | 'excindie' | 'exclabel';

/** Requirements §L9: the tiers' titles, in the order the modal lists them. */
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

/** Requirements §L9: exclusives sell the beat once; leases do not. */
export function isExclusiveTier(tier: string): boolean {
  return tier === 'excindie' || tier === 'exclabel';
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Requirements §L9: prices show as US-dollar currency ($29.99, $1,234.50). */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** A file a licence delivers (the api's LicenceFileKind). */
export type LicenceFileKind = 'MP3' | 'WAV' | 'STEMS' | 'DOCUMENT';

/** The order downloads are listed in. */
export const FILE_KINDS: readonly LicenceFileKind[] = ['MP3', 'WAV', 'STEMS', 'DOCUMENT'];

export const FILE_LABELS: Readonly<Record<LicenceFileKind, string>> = {
  MP3: 'MP3',
  WAV: 'WAV',
  STEMS: 'Stems',
  DOCUMENT: 'Licence PDF',
};

/** Requirements §L9: Standard gives MP3 and WAV; Advanced and both Exclusives add the stems; every licence has its document. */
export function tierFiles(tier: string): readonly LicenceFileKind[] {
  return tier === 'standard' ? ['MP3', 'WAV', 'DOCUMENT'] : FILE_KINDS;
}

/** A file size for people: 812 KB, 7.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/** A producer's share from basis points (1/100 %): 6250 is 62.5%, 3333 is 33.33%. */
export function formatShare(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}
