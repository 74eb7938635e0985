import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('LeaseTerms', { description: 'standlease_terms / advancedlease_terms (requirements §P3): option texts as the dropdowns show them' })
export class LeaseTermsType {
  @Field(() => String, { description: 'Licence term in years: 1, 3, 5, 10, 20, 25 or Unlimited.' }) termYears!: string;
  @Field(() => String, { description: 'Copies the licensee may distribute: 1,000 to 5,000,000, or Unlimited.' }) distributionCopies!: string;
  @Field(() => String, { description: 'Audio streams allowed: 5,000 to 5,000,000, or Unlimited.' }) audioStreams!: string;
  @Field(() => String, { description: 'Free downloads allowed: 1,000 to 1,000,000, or Unlimited.' }) freeDownloads!: string;
  @Field(() => String, { description: 'Monetized video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) vidStreams!: string;
  @Field(() => String, { description: 'Non-monetized video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) nonmonvidStreams!: string;
  @Field(() => String, { description: 'Monetized music-video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) mvStreams!: string;
  @Field(() => String, { description: 'Non-monetized music-video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) nonmonmvStreams!: string;
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

@ObjectType('ProducerContract', { description: "The contract terms of the four licence tiers; where a beat's producers differ, its licence grants the most restrictive value of each term." })
export class ProducerContractType {
  @Field(() => LeaseTermsType, { description: 'Standard Lease terms.' }) standleaseTerms!: LeaseTermsType;
  @Field(() => LeaseTermsType, { description: 'Advanced Lease terms.' }) advancedleaseTerms!: LeaseTermsType;
  @Field(() => ExclusiveTermsType, { description: 'Exclusive Rights (Label) terms.' }) exclabelTerms!: ExclusiveTermsType;
  @Field(() => ExclusiveTermsType, { description: 'Exclusive Rights (Indie) terms.' }) excindieTerms!: ExclusiveTermsType;
}

@ObjectType('ProducerPricing', { description: 'Licence prices in US cents' })
export class ProducerPricingType {
  @Field(() => Int, { description: 'Standard Lease price in US cents.' }) priceStandardCents!: number;
  @Field(() => Int, { description: 'Advanced Lease price in US cents.' }) priceAdvancedCents!: number;
  @Field(() => Int, { description: 'Exclusive Rights (Label) price in US cents.' }) priceExclabelCents!: number;
  @Field(() => Int, { description: 'Exclusive Rights (Indie) price in US cents.' }) priceExcindieCents!: number;
}

@ObjectType('PayoutAccount', { description: "The producer's payout account (Stripe Connect Express, or a local one)" })
export class PayoutAccountType {
  @Field(() => ID, { description: 'Payout account id.' }) id!: string;
  @Field(() => String, { description: 'stripe or local' }) provider!: string;
  @Field(() => Boolean, { description: 'The producer has submitted the details the provider asked for.' }) detailsSubmitted!: boolean;
  @Field(() => Boolean, { description: 'The provider lets the account receive charges.' }) chargesEnabled!: boolean;
  @Field(() => Boolean, { description: 'The provider lets the account be paid out: earnings are transferred only then.' }) payoutsEnabled!: boolean;
  @Field(() => [String], { description: 'What the provider still needs before payouts' }) requirementsDue!: string[];
  @Field(() => String, { nullable: true, description: "The provider's reason when the account is disabled; null otherwise." }) disabledReason!: string | null;
  @Field(() => Boolean, { description: 'Details submitted and payouts enabled' }) onboardingComplete!: boolean;
}

@ObjectType('Producer', { description: "A producer's record (requirements §P3), prices and contract terms" })
export class ProducerType {
  @Field(() => ID, { description: 'Producer id (UUID).' }) id!: string;
  @Field(() => String, { description: 'Legal first name (letters only).' }) firstName!: string;
  @Field(() => String, { description: 'Legal last name (letters only).' }) lastName!: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) birthDate!: string;
  @Field(() => String, { description: "Public producer name, shown in beats' producer shares." }) producerName!: string;
  @Field(() => String, { description: 'Contact email of the producer record.' }) email!: string;
  @Field(() => String, { nullable: true, description: 'BMI, ASCAP, SESAC, TONO, GEMA, MCSC or ECAD' }) pro!: string | null;
  @Field(() => String, { nullable: true, description: 'Member id at the performing rights organisation; null when none.' }) proId!: string | null;
  @Field(() => String, { nullable: true, description: 'Notes on master royalties, plain text; null when none.' }) masterRoyaltiesInfo!: string | null;
  @Field(() => ProducerPricingType, { description: 'Licence prices in US cents.' }) pricing!: ProducerPricingType;
  @Field(() => ProducerContractType, { description: 'Contract terms of the four licence tiers.' }) contract!: ProducerContractType;
}

@ObjectType('ProducerSignupPayload', { description: 'The result of producerSignup.' })
export class ProducerSignupPayload {
  @Field(() => String, { description: 'Where the browser goes next: the payout onboarding, or /stripe-connect/success' }) redirect!: string;
  @Field(() => Boolean, { description: 'False when the user already was a producer (nothing changed)' }) created!: boolean;
  @Field(() => ProducerType, { description: 'The producer record.' }) producer!: ProducerType;
}

@ObjectType('ProducerSavePayload', { description: "The result of saving a producer's record, prices or contract." })
export class ProducerSavePayload {
  @Field(() => String, { description: "The spec's success text" }) message!: string;
  @Field(() => ProducerType, { description: 'The saved producer record.' }) producer!: ProducerType;
}

@ObjectType('PayoutLinkPayload', { description: 'A one-time link to the payout provider.' })
export class PayoutLinkPayload {
  @Field(() => String, { description: "Where to send the browser (Stripe's onboarding or Express dashboard, or the api's local payout page); it expires within minutes." }) url!: string;
}

@ObjectType('ProducerAgreementFile', { description: 'The producer agreement as a PDF file.' })
export class ProducerAgreementFile {
  @Field(() => String, { description: 'Suggested file name, <product>-producer-agreement-<name>.pdf.' }) fileName!: string;
  @Field(() => String, { description: 'application/pdf.' }) contentType!: string;
  @Field(() => String, { description: 'The PDF, base64' }) contentBase64!: string;
}

@ObjectType('ContractTermOptions', { description: 'The dropdown options of requirements §P9' })
export class ContractTermOptionsType {
  @Field(() => [String], { description: 'Term options: 1, 3, 5, 10, 20, 25, Unlimited.' }) termYears!: string[];
  @Field(() => [String], { description: 'Distribution copies options, 1,000 to 5,000,000 and Unlimited.' }) distributionCopies!: string[];
  @Field(() => [String], { description: 'Audio and video streams' }) streams!: string[];
  @Field(() => [String], { description: 'Free downloads options, 1,000 to 1,000,000 and Unlimited.' }) freeDownloads!: string[];
  @Field(() => [String], { description: 'Yes and No.' }) yesNo!: string[];
  @Field(() => [String], { description: 'The performing rights organisations a producer may name.' }) pros!: string[];
  @Field(() => Int, { description: 'Longest additionalComments, in characters.' }) additionalCommentsMaxLength!: number;
  @Field(() => Int, { description: 'Highest price, in cents' }) maxPriceCents!: number;
  @Field(() => Int, { description: 'Minimum age of a producer in years (18).' }) minimumAge!: number;
}
