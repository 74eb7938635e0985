import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { ADDITIONAL_COMMENTS_MAX, DISTRIBUTION_COPIES, FREE_DOWNLOADS, STREAMS, TERM_YEARS, YES_NO } from './contract-terms';
import { ProducerAccountInput, ProducerContractInput, ProducerPricingInput, ProducerSignupInput } from './inputs/producer.inputs';
import {
  ContractTermOptionsType,
  PayoutAccountType,
  PayoutLinkPayload,
  ProducerAgreementFile,
  ProducerSavePayload,
  ProducerSignupPayload,
  ProducerType,
} from './outputs/producer.types';
import { MAX_PRICE_CENTS } from './pricing';
import { TEXTS } from './producers.errors';
import { accountBody, contractBody, presentPayoutAccount, presentProducer, pricingBody, signupBody } from './producers.presenter';
import { MIN_PRODUCER_AGE, PRO_OPTIONS } from './producers.schemas';
import { TokenScope } from '../../platform/graphql/token-scope';

/** The producer operations of requirements §P7 for GraphQL clients: the same service calls as the REST paths. */
@Resolver()
export class ProducersResolver {
  @TokenScope('public')
  @Query(() => ContractTermOptionsType, { description: 'The option lists of the contract-term dropdowns and the PRO select (requirements §P9)' })
  contractTermOptions(): ContractTermOptionsType {
    return {
      termYears: [...TERM_YEARS],
      distributionCopies: [...DISTRIBUTION_COPIES],
      streams: [...STREAMS],
      freeDownloads: [...FREE_DOWNLOADS],
      yesNo: [...YES_NO],
      pros: [...PRO_OPTIONS],
      additionalCommentsMaxLength: ADDITIONAL_COMMENTS_MAX,
      maxPriceCents: MAX_PRICE_CENTS,
      minimumAge: MIN_PRODUCER_AGE,
    };
  }

  @Authorized()
  @TokenScope('earnings:read')
  @Query(() => Boolean, { description: 'GET /check-stripe-account: the user has a payout account (onboarding finished or not)' })
  async hasPayoutAccount(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.producers.payoutAccounts.hasPayoutAccount((await requireUser(ctx)).id);
  }

  @Authorized()
  @TokenScope('account:read')
  @Query(() => ProducerType, { nullable: true, description: "The signed-in user's producer record, prices and terms; null when not a producer" })
  async myProducer(@Ctx() ctx: GraphQLContext): Promise<ProducerType | null> {
    const producer = await ctx.services.producers.producerOf((await requireUser(ctx)).id);
    return producer ? presentProducer(producer) : null;
  }

  @Authorized()
  @TokenScope('earnings:read')
  @Query(() => PayoutAccountType, { nullable: true, description: 'The payout account, re-read from the provider (the success page after onboarding); null without one' })
  async myPayoutAccount(@Ctx() ctx: GraphQLContext): Promise<PayoutAccountType | null> {
    const view = await ctx.services.producers.payoutAccounts.payoutAccount(await requireUser(ctx));
    return view ? presentPayoutAccount(view) : null;
  }

  @Authorized()
  @Mutation(() => ProducerSignupPayload, { description: 'POST /prod-signup: becomes a producer (idempotent); answers where the browser goes' })
  async producerSignup(@Arg('input', () => ProducerSignupInput, { description: 'The signup form: name, email, birth date (18 or older), producer name, optional PRO.' }) input: ProducerSignupInput, @Ctx() ctx: GraphQLContext): Promise<ProducerSignupPayload> {
    const result = await ctx.services.producers.signups.signup(await requireUser(ctx), signupBody(input));
    return { redirect: result.redirect, created: result.created, producer: presentProducer(result.producer) };
  }

  @Authorized()
  @Mutation(() => PayoutLinkPayload, { description: 'A fresh address of the payout onboarding (to continue an unfinished one)' })
  async payoutOnboardingLink(@Ctx() ctx: GraphQLContext): Promise<PayoutLinkPayload> {
    return { url: await ctx.services.producers.payoutAccounts.onboardingLink(await requireUser(ctx)) };
  }

  @Authorized()
  @Mutation(() => ProducerSavePayload, { description: 'PUT /producer-account: email, PRO, PRO ID, master royalties info' })
  async updateProducerAccount(@Arg('input', () => ProducerAccountInput, { description: 'The fields to change.' }) input: ProducerAccountInput, @Ctx() ctx: GraphQLContext): Promise<ProducerSavePayload> {
    const producer = await ctx.services.producers.records.updateAccount(await requireUser(ctx), accountBody(input));
    return { message: TEXTS.producerUpdated, producer: presentProducer(producer) };
  }

  @Authorized()
  @Mutation(() => ProducerSavePayload, { description: 'POST /producer-pricing (cents here; dollars in REST)' })
  async saveProducerPricing(@Arg('input', () => ProducerPricingInput, { description: 'The four prices in US cents.' }) input: ProducerPricingInput, @Ctx() ctx: GraphQLContext): Promise<ProducerSavePayload> {
    const producer = await ctx.services.producers.records.savePricing(await requireUser(ctx), pricingBody(input));
    return { message: TEXTS.pricingSaved, producer: presentProducer(producer) };
  }

  @Authorized()
  @Mutation(() => ProducerSavePayload, { description: 'POST /producer-contract: the four term sets' })
  async saveProducerContract(@Arg('input', () => ProducerContractInput, { description: 'The terms of all four tiers.' }) input: ProducerContractInput, @Ctx() ctx: GraphQLContext): Promise<ProducerSavePayload> {
    const producer = await ctx.services.producers.records.saveContract(await requireUser(ctx), contractBody(input));
    return { message: TEXTS.contractSaved, producer: presentProducer(producer) };
  }

  @Authorized()
  @Mutation(() => PayoutLinkPayload, { description: 'POST /express-dashboard: a one-time address of the payout dashboard' })
  async expressDashboard(@Ctx() ctx: GraphQLContext): Promise<PayoutLinkPayload> {
    return { url: await ctx.services.producers.payoutAccounts.expressDashboard(await requireUser(ctx)) };
  }

  @Authorized()
  @Query(() => ProducerAgreementFile, { description: 'GET /producer-agreement: the agreement PDF, base64' })
  async producerAgreement(@Ctx() ctx: GraphQLContext): Promise<ProducerAgreementFile> {
    const { fileName, pdf } = await ctx.services.producers.records.agreement(await requireUser(ctx));
    return { fileName, contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
  }
}
