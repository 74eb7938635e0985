import type { LicenceTier } from '../licence-files/licence-files.types';

/** Requirements (listener core): the four lease options, in the order the Purchase Rights modal lists them. */
export const LICENCE_TIERS: readonly LicenceTier[] = ['standard', 'advanced', 'excindie', 'exclabel'];

export const TIER_TITLES: Record<LicenceTier, string> = {
  standard: 'Standard Lease',
  advanced: 'Advanced Lease',
  excindie: 'Exclusive Rights (Indie)',
  exclabel: 'Exclusive Rights (Label)',
};

export const isLicenceTier = (value: unknown): value is LicenceTier => typeof value === 'string' && (LICENCE_TIERS as readonly string[]).includes(value);

export const isExclusiveTier = (tier: LicenceTier): boolean => tier === 'excindie' || tier === 'exclabel';

/** Standard: MP3 and WAV; advanced and both exclusives add the stems (requirements §L3 "Lease tiers and terms"). */
export const tierHasStems = (tier: LicenceTier): boolean => tier !== 'standard';
