import { Field, InputType, Int } from 'type-graphql';

@InputType('ProducerSignupInput', { description: 'The signup payload of spec 2 §3' })
export class ProducerSignupInput {
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String) email!: string;
  @Field(() => String, { description: 'YYYY-MM-DD' }) birthDate!: string;
  @Field(() => String) producerName!: string;
  @Field(() => String, { nullable: true }) proPro?: string | null;
  @Field(() => String, { nullable: true }) proProId?: string | null;
  @Field(() => String, { nullable: true }) masterRoyaltiesInfo?: string | null;
}

@InputType('ProducerAccountInput', { description: 'The editable fields of the producer record; absent fields are kept' })
export class ProducerAccountInput {
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true, description: 'BMI, ASCAP, SESAC, TONO, GEMA, MCSC, ECAD, or empty for none' }) pro?: string | null;
  @Field(() => String, { nullable: true }) proId?: string | null;
  @Field(() => String, { nullable: true }) masterRoyaltiesInfo?: string | null;
}

@InputType('ProducerPricingInput', { description: 'Licence prices in US cents (more than 0, at most 10,000,000)' })
export class ProducerPricingInput {
  @Field(() => Int) priceStandardCents!: number;
  @Field(() => Int) priceAdvancedCents!: number;
  @Field(() => Int) priceExclabelCents!: number;
  @Field(() => Int) priceExcindieCents!: number;
}

@InputType('LeaseTermsInput')
export class LeaseTermsInput {
  @Field(() => String) termYears!: string;
  @Field(() => String) distributionCopies!: string;
  @Field(() => String) audioStreams!: string;
  @Field(() => String) freeDownloads!: string;
  @Field(() => String) vidStreams!: string;
  @Field(() => String) nonmonvidStreams!: string;
  @Field(() => String) mvStreams!: string;
  @Field(() => String) nonmonmvStreams!: string;
  @Field(() => String) broadcastRights!: string;
  @Field(() => String) performanceRights!: string;
  @Field(() => String) nonprofitPerformances!: string;
  @Field(() => String) synchronizationRights!: string;
  @Field(() => String, { nullable: true }) additionalComments?: string | null;
}

@InputType('ExclusiveTermsInput')
export class ExclusiveTermsInput {
  @Field(() => String) sellExclusives!: string;
  @Field(() => String, { nullable: true }) additionalComments?: string | null;
}

@InputType('ProducerContractInput')
export class ProducerContractInput {
  @Field(() => LeaseTermsInput) standleaseTerms!: LeaseTermsInput;
  @Field(() => LeaseTermsInput) advancedleaseTerms!: LeaseTermsInput;
  @Field(() => ExclusiveTermsInput) exclabelTerms!: ExclusiveTermsInput;
  @Field(() => ExclusiveTermsInput) excindieTerms!: ExclusiveTermsInput;
}
