/**
 * The contract terms of requirements §P3 and their option lists (§9). Values are kept as the dropdowns'
 * strings ("3", "1000", "Unlimited", "Yes"), so what a producer chose is exactly what is stored.
 */

export const UNLIMITED = 'Unlimited';
export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

export const TERM_YEARS = ['1', '3', '5', '10', '20', '25', UNLIMITED] as const;
export const DISTRIBUTION_COPIES = ['1000', '5000', '100000', '250000', '500000', '1000000', '5000000', UNLIMITED] as const;
/** Audio and video streams: 5,000 up to 5,000,000, or Unlimited. */
export const STREAMS = ['5000', '10000', '25000', '50000', '100000', '250000', '500000', '1000000', '5000000', UNLIMITED] as const;
/** Free downloads: 1,000 up to 1,000,000, or Unlimited. */
export const FREE_DOWNLOADS = ['1000', '5000', '10000', '50000', '100000', '500000', '1000000', UNLIMITED] as const;

export const ADDITIONAL_COMMENTS_MAX = 1000;

/** standlease_terms and advancedlease_terms. */
export interface LeaseTerms {
  term_years: string;
  distribution_copies: string;
  audio_streams: string;
  free_downloads: string;
  vid_streams: string;
  nonmonvid_streams: string;
  mv_streams: string;
  nonmonmv_streams: string;
  Broadcast_rights: YesNo;
  Performance_rights: YesNo;
  Nonprofit_performances: YesNo;
  Synchronization_rights: YesNo;
  additional_comments: string;
}

/** exclabel_terms and excindie_terms. */
export interface ExclusiveTerms {
  sell_exclusives: YesNo;
  additional_comments: string;
}

export interface ContractTerms {
  standlease_terms: LeaseTerms;
  advancedlease_terms: LeaseTerms;
  exclabel_terms: ExclusiveTerms;
  excindie_terms: ExclusiveTerms;
}

/** Each lease field and the options it may take. */
export const LEASE_OPTIONS = {
  term_years: TERM_YEARS,
  distribution_copies: DISTRIBUTION_COPIES,
  audio_streams: STREAMS,
  free_downloads: FREE_DOWNLOADS,
  vid_streams: STREAMS,
  nonmonvid_streams: STREAMS,
  mv_streams: STREAMS,
  nonmonmv_streams: STREAMS,
  Broadcast_rights: YES_NO,
  Performance_rights: YES_NO,
  Nonprofit_performances: YES_NO,
  Synchronization_rights: YES_NO,
} as const satisfies Record<Exclude<keyof LeaseTerms, 'additional_comments'>, readonly string[]>;

export type LeaseOptionField = keyof typeof LEASE_OPTIONS;
export const LEASE_OPTION_FIELDS = Object.keys(LEASE_OPTIONS) as LeaseOptionField[];

/** Human labels, for error messages and the agreement. */
export const LEASE_LABELS: Record<LeaseOptionField, string> = {
  term_years: 'Term (years)',
  distribution_copies: 'Distribution copies',
  audio_streams: 'Audio streams',
  free_downloads: 'Free downloads',
  vid_streams: 'Monetised video streams',
  nonmonvid_streams: 'Non-monetised video streams',
  mv_streams: 'Monetised music video streams',
  nonmonmv_streams: 'Non-monetised music video streams',
  Broadcast_rights: 'Broadcast rights',
  Performance_rights: 'For-profit performances',
  Nonprofit_performances: 'Non-profit performances',
  Synchronization_rights: 'Synchronization rights',
};

/** Requirements §P9: standard lease defaults. */
export const DEFAULT_STANDARD_LEASE: LeaseTerms = {
  term_years: '3',
  distribution_copies: '1000',
  audio_streams: '10000',
  free_downloads: '5000',
  vid_streams: '10000',
  nonmonvid_streams: '10000',
  mv_streams: '10000',
  nonmonmv_streams: '10000',
  Broadcast_rights: 'No',
  Performance_rights: 'No',
  Nonprofit_performances: 'Yes',
  Synchronization_rights: 'No',
  additional_comments: '',
};

/** Requirements §P9: advanced lease defaults. */
export const DEFAULT_ADVANCED_LEASE: LeaseTerms = {
  term_years: '5',
  distribution_copies: '250000',
  audio_streams: '250000',
  free_downloads: '100000',
  vid_streams: '500000',
  nonmonvid_streams: '500000',
  mv_streams: '500000',
  nonmonmv_streams: '500000',
  Broadcast_rights: 'No',
  Performance_rights: 'Yes',
  Nonprofit_performances: 'Yes',
  Synchronization_rights: 'No',
  additional_comments: '',
};

/** Requirements §P9: exclusive sales default No. */
export const DEFAULT_EXCLUSIVE: ExclusiveTerms = { sell_exclusives: 'No', additional_comments: '' };

export const defaultContractTerms = (): ContractTerms => ({
  standlease_terms: { ...DEFAULT_STANDARD_LEASE },
  advancedlease_terms: { ...DEFAULT_ADVANCED_LEASE },
  exclabel_terms: { ...DEFAULT_EXCLUSIVE },
  excindie_terms: { ...DEFAULT_EXCLUSIVE },
});

/** "250000" -> "250,000"; "Unlimited", "Yes" and "No" as they are. */
export const formatTermValue = (value: string): string => (/^\d+$/.test(value) ? Number(value).toLocaleString('en-US') : value);
