import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { presentPlan, presentSubscription } from './billing.presenter';
import {
  CancelSubscriptionResultType,
  CheckoutSessionDetailsType,
  CheckoutSessionStartType,
  MySubscriptionType,
  TokenLedgerEntryType,
} from './outputs/billing.types';
import { PlanGateType, PlanType } from './outputs/plan.type';
import { PLAN_GATES, PLAN_GATE_IDS } from './plan-gates';
import { PLANS, planByLevel } from './plans';
import { TokenScope } from '../../platform/graphql/token-scope';

@Resolver()
export class BillingResolver {
  @TokenScope('public')
  @Query(() => [PlanType], { description: 'The four subscription plans, Free first, in level order' })
  plans(@Info() info: GraphQLResolveInfo): PlanType[] {
    return PLANS.map((plan) => presentPlan(plan, info.schema));
  }

  @TokenScope('public')
  @Query(() => [PlanGateType], { description: 'What only a plan from a level up may do (full beats and editing, exclusive rights, uploads that earn), with the refusal below it' })
  planGates(): PlanGateType[] {
    return PLAN_GATE_IDS.map((id) => ({ ...PLAN_GATES[id], planName: planByLevel(PLAN_GATES[id].minLevel).name }));
  }

  @Authorized()
  @TokenScope('account:read')
  @Query(() => MySubscriptionType, { description: "The signed-in user's plan, tokens and subscription" })
  async mySubscription(@Ctx() ctx: GraphQLContext): Promise<MySubscriptionType> {
    return presentSubscription(await ctx.services.billing.view(await requireUser(ctx)));
  }

  @Authorized()
  @Mutation(() => CheckoutSessionStartType, { description: 'Starts a checkout for a paid plan and returns where to send the browser; the plan takes effect when the payment completes. CONFLICT for the current plan.' })
  async createCheckoutSession(@Arg('priceId', () => String, { description: 'early_access, premium or enterprise (the Plan\'s priceId); BAD_USER_INPUT otherwise, CONFLICT for the plan you already have.' }) priceId: string, @Ctx() ctx: GraphQLContext): Promise<CheckoutSessionStartType> {
    return ctx.services.billing.startCheckout(await requireUser(ctx), priceId);
  }

  @Authorized()
  @Query(() => CheckoutSessionDetailsType, { description: "One of the user's checkouts, for the payment success page" })
  async checkoutSession(@Arg('sessionId', () => String, { description: 'The sessionId createCheckoutSession returned (the success page reads it from its session_id parameter).' }) sessionId: string, @Ctx() ctx: GraphQLContext): Promise<CheckoutSessionDetailsType> {
    const details = await ctx.services.billing.sessionDetails(await requireUser(ctx), sessionId);
    return {
      customerName: details.customer_details.name,
      customerEmail: details.customer_details.email,
      amountTotal: details.amount_total,
      currency: details.currency,
      paymentStatus: details.payment_status,
      subscriptionId: details.subscription,
    };
  }

  @Authorized()
  @Mutation(() => CancelSubscriptionResultType, { description: 'Cancels the subscription: the account becomes Free; tokens already granted last the cycle. NOT_FOUND without a subscription, CONFLICT for a plan set by staff.' })
  async cancelSubscription(@Ctx() ctx: GraphQLContext): Promise<CancelSubscriptionResultType> {
    return ctx.services.billing.cancel(await requireUser(ctx));
  }

  @Authorized()
  @TokenScope('account:read')
  @Query(() => [TokenLedgerEntryType], { description: "The signed-in user's token ledger, newest first", complexity: ({ args, childComplexity }) => (args.limit ?? 50) * childComplexity })
  async tokenHistory(@Arg('limit', () => Int, { defaultValue: 50, description: 'How many entries, 1 to 200 (BAD_USER_INPUT otherwise).' }) limit: number, @Ctx() ctx: GraphQLContext): Promise<TokenLedgerEntryType[]> {
    const entries = await ctx.services.billing.creditHistory(await requireUser(ctx), limit);
    return entries.map((e) => ({ id: e.id, delta: e.delta, balanceAfter: e.balanceAfter, kind: e.kind, reason: e.reason, createdAt: e.createdAt }));
  }
}
