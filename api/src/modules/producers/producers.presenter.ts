import type { ExclusiveTerms, LeaseTerms } from './contract-terms';
import type { ExclusiveTermsInput, LeaseTermsInput, ProducerAccountInput, ProducerContractInput, ProducerPricingInput, ProducerSignupInput } from './inputs/producer.inputs';
import type { ExclusiveTermsType, LeaseTermsType, PayoutAccountType, ProducerType } from './outputs/producer.types';
import { centsToDollars } from './pricing';
import type { Producer } from './producer.entity';
import type { PayoutAccountView } from './producers.service';

// ---- REST (requirements §P3 field names) ----

/** GET /producer-account's `producer`. */
export const presentProducerRecord = (p: Producer) => ({
  first_name: p.firstName,
  last_name: p.lastName,
  birth_date: p.birthDate,
  prod_name: p.prodName,
  prod_email: p.prodEmail,
  prod_pro: p.prodPro ?? null,
  prod_pro_id: p.prodProId ?? null,
  prod_masters_info: p.prodMastersInfo ?? null,
});

/** GET /producer-data's `pricingData`: US dollars, as the form's numeric inputs show them. */
export const presentPricingData = (p: Producer) => ({
  price_standard: centsToDollars(p.priceStandardCents),
  price_advanced: centsToDollars(p.priceAdvancedCents),
  price_exclabel: centsToDollars(p.priceExclabelCents),
  price_excindie: centsToDollars(p.priceExcindieCents),
});

/** GET /producer-data's `contractData`. */
export const presentContractData = (p: Producer) => ({
  standlease_terms: { ...p.standleaseTerms },
  advancedlease_terms: { ...p.advancedleaseTerms },
  exclabel_terms: { ...p.exclabelTerms },
  excindie_terms: { ...p.excindieTerms },
});

export const presentPayoutAccountRest = (view: PayoutAccountView | null) => ({
  hasStripeAccount: view !== null,
  provider: view?.provider ?? null,
  onboarding_complete: view?.onboardingComplete ?? false,
  details_submitted: view?.detailsSubmitted ?? false,
  charges_enabled: view?.chargesEnabled ?? false,
  payouts_enabled: view?.payoutsEnabled ?? false,
  requirements_due: view ? [...view.requirementsDue] : [],
});

// ---- GraphQL ----

const leaseType = (t: LeaseTerms): LeaseTermsType => ({
  termYears: t.term_years,
  distributionCopies: t.distribution_copies,
  audioStreams: t.audio_streams,
  freeDownloads: t.free_downloads,
  vidStreams: t.vid_streams,
  nonmonvidStreams: t.nonmonvid_streams,
  mvStreams: t.mv_streams,
  nonmonmvStreams: t.nonmonmv_streams,
  broadcastRights: t.Broadcast_rights,
  performanceRights: t.Performance_rights,
  nonprofitPerformances: t.Nonprofit_performances,
  synchronizationRights: t.Synchronization_rights,
  additionalComments: t.additional_comments ?? '',
});

const exclusiveType = (t: ExclusiveTerms): ExclusiveTermsType => ({ sellExclusives: t.sell_exclusives, additionalComments: t.additional_comments ?? '' });

export const presentProducer = (p: Producer): ProducerType => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  birthDate: p.birthDate,
  producerName: p.prodName,
  email: p.prodEmail,
  pro: p.prodPro ?? null,
  proId: p.prodProId ?? null,
  masterRoyaltiesInfo: p.prodMastersInfo ?? null,
  pricing: {
    priceStandardCents: p.priceStandardCents,
    priceAdvancedCents: p.priceAdvancedCents,
    priceExclabelCents: p.priceExclabelCents,
    priceExcindieCents: p.priceExcindieCents,
  },
  contract: {
    standleaseTerms: leaseType(p.standleaseTerms),
    advancedleaseTerms: leaseType(p.advancedleaseTerms),
    exclabelTerms: exclusiveType(p.exclabelTerms),
    excindieTerms: exclusiveType(p.excindieTerms),
  },
});

export const presentPayoutAccount = (view: PayoutAccountView): PayoutAccountType => ({
  id: view.id,
  provider: view.provider,
  detailsSubmitted: view.detailsSubmitted,
  chargesEnabled: view.chargesEnabled,
  payoutsEnabled: view.payoutsEnabled,
  requirementsDue: [...view.requirementsDue],
  disabledReason: view.disabledReason,
  onboardingComplete: view.onboardingComplete,
});

// ---- GraphQL inputs to the REST bodies, so both transports pass the same validation ----

export const signupBody = (i: ProducerSignupInput) => ({
  firstName: i.firstName,
  lastName: i.lastName,
  email: i.email,
  birthDate: i.birthDate,
  producerName: i.producerName,
  proPro: i.proPro ?? null,
  proProId: i.proProId ?? null,
  masterRoyaltiesInfo: i.masterRoyaltiesInfo ?? null,
});

export const accountBody = (i: ProducerAccountInput) => {
  const body: Record<string, unknown> = {};
  if (i.email !== undefined && i.email !== null) body.prod_email = i.email;
  if (i.pro !== undefined) body.prod_pro = i.pro;
  if (i.proId !== undefined) body.prod_pro_id = i.proId;
  if (i.masterRoyaltiesInfo !== undefined) body.prod_masters_info = i.masterRoyaltiesInfo;
  return body;
};

/** Cents in GraphQL; the shared validation takes dollars (exact for whole cents). */
export const pricingBody = (i: ProducerPricingInput) => ({
  price_standard: i.priceStandardCents / 100,
  price_advanced: i.priceAdvancedCents / 100,
  price_exclabel: i.priceExclabelCents / 100,
  price_excindie: i.priceExcindieCents / 100,
});

const leaseBody = (t: LeaseTermsInput) => ({
  term_years: t.termYears,
  distribution_copies: t.distributionCopies,
  audio_streams: t.audioStreams,
  free_downloads: t.freeDownloads,
  vid_streams: t.vidStreams,
  nonmonvid_streams: t.nonmonvidStreams,
  mv_streams: t.mvStreams,
  nonmonmv_streams: t.nonmonmvStreams,
  Broadcast_rights: t.broadcastRights,
  Performance_rights: t.performanceRights,
  Nonprofit_performances: t.nonprofitPerformances,
  Synchronization_rights: t.synchronizationRights,
  additional_comments: t.additionalComments ?? '',
});

const exclusiveBody = (t: ExclusiveTermsInput) => ({ sell_exclusives: t.sellExclusives, additional_comments: t.additionalComments ?? '' });

export const contractBody = (i: ProducerContractInput) => ({
  standlease_terms: leaseBody(i.standleaseTerms),
  advancedlease_terms: leaseBody(i.advancedleaseTerms),
  exclabel_terms: exclusiveBody(i.exclabelTerms),
  excindie_terms: exclusiveBody(i.excindieTerms),
});
