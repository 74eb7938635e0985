import type { ContractTermOptionsQuery, ExclusiveTermsInput, LeaseTermsInput, ProducerContractInput, ProducerFieldsFragment } from '../../generated/graphql';

export type TermOptions = ContractTermOptionsQuery['contractTermOptions'];
type OptionList = Exclude<keyof TermOptions, '__typename' | 'pros' | 'additionalCommentsMaxLength' | 'maxPriceCents' | 'minimumAge'>;
export type LeaseField = Exclude<keyof LeaseTermsInput, 'additionalComments'>;

/** The lease terms of requirements §P3 (standlease_terms, advancedlease_terms): field, label, option list. */
export const LEASE_FIELDS: ReadonlyArray<{ readonly key: LeaseField; readonly spec: string; readonly label: string; readonly options: OptionList }> = [
  { key: 'termYears', spec: 'term_years', label: 'Term (years)', options: 'termYears' },
  { key: 'distributionCopies', spec: 'distribution_copies', label: 'Distribution copies', options: 'distributionCopies' },
  { key: 'audioStreams', spec: 'audio_streams', label: 'Audio streams', options: 'streams' },
  { key: 'freeDownloads', spec: 'free_downloads', label: 'Free downloads', options: 'freeDownloads' },
  { key: 'vidStreams', spec: 'vid_streams', label: 'Monetised video streams', options: 'streams' },
  { key: 'nonmonvidStreams', spec: 'nonmonvid_streams', label: 'Non-monetised video streams', options: 'streams' },
  { key: 'mvStreams', spec: 'mv_streams', label: 'Monetised music video streams', options: 'streams' },
  { key: 'nonmonmvStreams', spec: 'nonmonmv_streams', label: 'Non-monetised music video streams', options: 'streams' },
  { key: 'broadcastRights', spec: 'Broadcast_rights', label: 'Broadcast rights', options: 'yesNo' },
  { key: 'performanceRights', spec: 'Performance_rights', label: 'For-profit performances', options: 'yesNo' },
  { key: 'nonprofitPerformances', spec: 'Nonprofit_performances', label: 'Non-profit performances', options: 'yesNo' },
  { key: 'synchronizationRights', spec: 'Synchronization_rights', label: 'Synchronization rights', options: 'yesNo' },
];

/** The four term sets, in the order the panel shows them. */
export const TERM_SETS = [
  { key: 'standleaseTerms', spec: 'standlease_terms', title: 'Standard Lease', kind: 'lease' },
  { key: 'advancedleaseTerms', spec: 'advancedlease_terms', title: 'Advanced Lease', kind: 'lease' },
  { key: 'exclabelTerms', spec: 'exclabel_terms', title: 'Exclusive (Label)', kind: 'exclusive' },
  { key: 'excindieTerms', spec: 'excindie_terms', title: 'Exclusive (Independent)', kind: 'exclusive' },
] as const;

export type TermSetKey = (typeof TERM_SETS)[number]['key'];
export type ContractValues = ProducerContractInput;

/** "250000" as "250,000"; "Unlimited", "Yes" and "No" as they are. */
export function formatOption(value: string): string {
  return /^\d+$/.test(value) ? Number(value).toLocaleString('en-US') : value;
}

const leaseValues = (t: LeaseTermsInput): LeaseTermsInput => ({
  termYears: t.termYears,
  distributionCopies: t.distributionCopies,
  audioStreams: t.audioStreams,
  freeDownloads: t.freeDownloads,
  vidStreams: t.vidStreams,
  nonmonvidStreams: t.nonmonvidStreams,
  mvStreams: t.mvStreams,
  nonmonmvStreams: t.nonmonmvStreams,
  broadcastRights: t.broadcastRights,
  performanceRights: t.performanceRights,
  nonprofitPerformances: t.nonprofitPerformances,
  synchronizationRights: t.synchronizationRights,
  additionalComments: t.additionalComments ?? '',
});

const exclusiveValues = (t: ExclusiveTermsInput): ExclusiveTermsInput => ({ sellExclusives: t.sellExclusives, additionalComments: t.additionalComments ?? '' });

/** The producer's current terms as the form's values (and the mutation's input: same shape, no typenames). */
export function contractToValues(contract: ProducerFieldsFragment['contract']): ContractValues {
  return {
    standleaseTerms: leaseValues(contract.standleaseTerms),
    advancedleaseTerms: leaseValues(contract.advancedleaseTerms),
    exclabelTerms: exclusiveValues(contract.exclabelTerms),
    excindieTerms: exclusiveValues(contract.excindieTerms),
  };
}
