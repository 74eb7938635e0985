import { Field, InputType, Int } from 'type-graphql';

@InputType('ProducerSignupInput', { description: 'The signup payload of requirements §P3' })
export class ProducerSignupInput {
  @Field(() => String, { description: 'Legal first name, letters only.' }) firstName!: string;
  @Field(() => String, { description: 'Legal last name, letters only.' }) lastName!: string;
  @Field(() => String, { description: 'Contact email for the producer record.' }) email!: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) birthDate!: string;
  @Field(() => String, { description: 'Public producer name.' }) producerName!: string;
  @Field(() => String, { nullable: true, description: 'Performing rights organisation: BMI, ASCAP, SESAC, TONO, GEMA, MCSC or ECAD; optional.' }) proPro?: string | null;
  @Field(() => String, { nullable: true, description: 'Member id at that organisation; optional.' }) proProId?: string | null;
  @Field(() => String, { nullable: true, description: 'Notes on master royalties, plain text; optional.' }) masterRoyaltiesInfo?: string | null;
}

@InputType('ProducerAccountInput', { description: 'The editable fields of the producer record; absent fields are kept' })
export class ProducerAccountInput {
  @Field(() => String, { nullable: true, description: 'Contact email of the producer record.' }) email?: string;
  @Field(() => String, { nullable: true, description: 'BMI, ASCAP, SESAC, TONO, GEMA, MCSC, ECAD, or empty for none' }) pro?: string | null;
  @Field(() => String, { nullable: true, description: 'Member id at the performing rights organisation; empty for none.' }) proId?: string | null;
  @Field(() => String, { nullable: true, description: 'Notes on master royalties, plain text; empty for none.' }) masterRoyaltiesInfo?: string | null;
}

@InputType('ProducerPricingInput', { description: 'Licence prices in US cents (more than 0, at most 10,000,000)' })
export class ProducerPricingInput {
  @Field(() => Int, { description: 'Standard Lease price in US cents.' }) priceStandardCents!: number;
  @Field(() => Int, { description: 'Advanced Lease price in US cents.' }) priceAdvancedCents!: number;
  @Field(() => Int, { description: 'Exclusive Rights (Label) price in US cents.' }) priceExclabelCents!: number;
  @Field(() => Int, { description: 'Exclusive Rights (Indie) price in US cents.' }) priceExcindieCents!: number;
}

@InputType('LeaseTermsInput', { description: 'The terms of one lease tier, as option texts (ContractTermOptions lists the allowed ones).' })
export class LeaseTermsInput {
  @Field(() => String, { description: 'Licence term in years: 1, 3, 5, 10, 20, 25 or Unlimited.' }) termYears!: string;
  @Field(() => String, { description: 'Copies the licensee may distribute: 1,000 to 5,000,000, or Unlimited.' }) distributionCopies!: string;
  @Field(() => String, { description: 'Audio streams allowed: 5,000 to 5,000,000, or Unlimited.' }) audioStreams!: string;
  @Field(() => String, { description: 'Free downloads allowed: 1,000 to 1,000,000, or Unlimited.' }) freeDownloads!: string;
  @Field(() => String, { description: 'Monetized video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) vidStreams!: string;
  @Field(() => String, { description: 'Non-monetized video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) nonmonvidStreams!: string;
  @Field(() => String, { description: 'Monetized music-video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) mvStreams!: string;
  @Field(() => String, { description: 'Non-monetized music-video streams allowed: 5,000 to 5,000,000, or Unlimited.' }) nonmonmvStreams!: string;
  @Field(() => String, { description: 'Radio and TV broadcast allowed: Yes or No.' }) broadcastRights!: string;
  @Field(() => String, { description: 'For-profit performances allowed: Yes or No.' }) performanceRights!: string;
  @Field(() => String, { description: 'Non-profit performances allowed: Yes or No.' }) nonprofitPerformances!: string;
  @Field(() => String, { description: 'Synchronization (film, ads, games) allowed: Yes or No.' }) synchronizationRights!: string;
  @Field(() => String, { nullable: true, description: 'Extra terms in plain text (never HTML); optional.' }) additionalComments?: string | null;
}

@InputType('ExclusiveTermsInput', { description: 'The terms of one exclusive tier.' })
export class ExclusiveTermsInput {
  @Field(() => String, { description: 'Whether exclusives of beats with your loops may be sold: Yes or No.' }) sellExclusives!: string;
  @Field(() => String, { nullable: true, description: 'Extra terms in plain text (never HTML); optional.' }) additionalComments?: string | null;
}

@InputType('ProducerContractInput', { description: 'The contract terms of all four licence tiers (every tier required).' })
export class ProducerContractInput {
  @Field(() => LeaseTermsInput, { description: 'Standard Lease terms.' }) standleaseTerms!: LeaseTermsInput;
  @Field(() => LeaseTermsInput, { description: 'Advanced Lease terms.' }) advancedleaseTerms!: LeaseTermsInput;
  @Field(() => ExclusiveTermsInput, { description: 'Exclusive Rights (Label) terms.' }) exclabelTerms!: ExclusiveTermsInput;
  @Field(() => ExclusiveTermsInput, { description: 'Exclusive Rights (Indie) terms.' }) excindieTerms!: ExclusiveTermsInput;
}
