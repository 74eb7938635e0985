import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('LeaseTerms', { description: 'standlease_terms / advancedlease_terms (spec 2 §3): option texts as the dropdowns show them' })
export class LeaseTermsType {
  @Field(() => String) termYears!: string;
  @Field(() => String) distributionCopies!: string;
  @Field(() => String) audioStreams!: string;
  @Field(() => String) freeDownloads!: string;
  @Field(() => String) vidStreams!: string;
  @Field(() => String) nonmonvidStreams!: string;
  @Field(() => String) mvStreams!: string;
  @Field(() => String) nonmonmvStreams!: string;
  @Field(() => String, { description: 'Yes or No' }) broadcastRights!: string;
  @Field(() => String, { description: 'Yes or No (for-profit performances)' }) performanceRights!: string;
  @Field(() => String, { description: 'Yes or No' }) nonprofitPerformances!: string;
  @Field(() => String, { description: 'Yes or No' }) synchronizationRights!: string;
  @Field(() => String, { description: 'Plain text (never HTML)' }) additionalComments!: string;
}

@ObjectType('ExclusiveTerms', { description: 'exclabel_terms / excindie_terms' })
export class ExclusiveTermsType {
  @Field(() => String, { description: 'Yes or No' }) sellExclusives!: string;
  @Field(() => String, { description: 'Plain text (never HTML)' }) additionalComments!: string;
}

@ObjectType('ProducerContract')
export class ProducerContractType {
  @Field(() => LeaseTermsType) standleaseTerms!: LeaseTermsType;
  @Field(() => LeaseTermsType) advancedleaseTerms!: LeaseTermsType;
  @Field(() => ExclusiveTermsType) exclabelTerms!: ExclusiveTermsType;
  @Field(() => ExclusiveTermsType) excindieTerms!: ExclusiveTermsType;
}

@ObjectType('ProducerPricing', { description: 'Licence prices in US cents' })
export class ProducerPricingType {
  @Field(() => Int) priceStandardCents!: number;
  @Field(() => Int) priceAdvancedCents!: number;
  @Field(() => Int) priceExclabelCents!: number;
  @Field(() => Int) priceExcindieCents!: number;
}

@ObjectType('PayoutAccount', { description: "The producer's payout account (Stripe Connect Express, or a local one)" })
export class PayoutAccountType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'stripe or local' }) provider!: string;
  @Field(() => Boolean) detailsSubmitted!: boolean;
  @Field(() => Boolean) chargesEnabled!: boolean;
  @Field(() => Boolean) payoutsEnabled!: boolean;
  @Field(() => [String], { description: 'What the provider still needs before payouts' }) requirementsDue!: string[];
  @Field(() => String, { nullable: true }) disabledReason!: string | null;
  @Field(() => Boolean, { description: 'Details submitted and payouts enabled' }) onboardingComplete!: boolean;
}

@ObjectType('Producer', { description: "A producer's record (spec 2 §3), prices and contract terms" })
export class ProducerType {
  @Field(() => ID) id!: string;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) birthDate!: string;
  @Field(() => String) producerName!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { nullable: true, description: 'BMI, ASCAP, SESAC, TONO, GEMA, MCSC or ECAD' }) pro!: string | null;
  @Field(() => String, { nullable: true }) proId!: string | null;
  @Field(() => String, { nullable: true }) masterRoyaltiesInfo!: string | null;
  @Field(() => ProducerPricingType) pricing!: ProducerPricingType;
  @Field(() => ProducerContractType) contract!: ProducerContractType;
}

@ObjectType('ProducerSignupPayload')
export class ProducerSignupPayload {
  @Field(() => String, { description: 'Where the browser goes next: the payout onboarding, or /stripe-connect/success' }) redirect!: string;
  @Field(() => Boolean, { description: 'False when the user already was a producer (nothing changed)' }) created!: boolean;
  @Field(() => ProducerType) producer!: ProducerType;
}

@ObjectType('ProducerSavePayload')
export class ProducerSavePayload {
  @Field(() => String, { description: "The spec's success text" }) message!: string;
  @Field(() => ProducerType) producer!: ProducerType;
}

@ObjectType('PayoutLinkPayload')
export class PayoutLinkPayload {
  @Field(() => String) url!: string;
}

@ObjectType('ProducerAgreementFile')
export class ProducerAgreementFile {
  @Field(() => String) fileName!: string;
  @Field(() => String) contentType!: string;
  @Field(() => String, { description: 'The PDF, base64' }) contentBase64!: string;
}

@ObjectType('ContractTermOptions', { description: 'The dropdown options of spec 2 §9' })
export class ContractTermOptionsType {
  @Field(() => [String]) termYears!: string[];
  @Field(() => [String]) distributionCopies!: string[];
  @Field(() => [String], { description: 'Audio and video streams' }) streams!: string[];
  @Field(() => [String]) freeDownloads!: string[];
  @Field(() => [String]) yesNo!: string[];
  @Field(() => [String]) pros!: string[];
  @Field(() => Int) additionalCommentsMaxLength!: number;
  @Field(() => Int, { description: 'Highest price, in cents' }) maxPriceCents!: number;
  @Field(() => Int) minimumAge!: number;
}
