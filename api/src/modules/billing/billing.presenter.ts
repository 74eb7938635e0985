import type { SubscriptionView } from './billing.service';
import type { MySubscriptionType } from './outputs/billing.types';
import type { PlanType } from './outputs/plan.type';
import type { GraphQLSchema } from 'graphql';
import { servedPlan } from './plan-features';
import type { Plan } from './plans';

/** A plan with each feature's availability read from the schema the api serves (coming soon when missing). */
export const presentPlan = (plan: Plan, schema: GraphQLSchema): PlanType => servedPlan(plan, schema);

export const presentSubscription = (view: SubscriptionView): MySubscriptionType => ({
  level: view.level,
  subscriptionType: view.plan.name,
  tokensRemaining: view.credits,
  tokensRefreshAt: view.creditsRefreshAt,
  provider: view.subscription?.provider ?? null,
  status: view.subscription?.status ?? null,
  cancelAtPeriodEnd: view.subscription?.cancelAtPeriodEnd ?? false,
  currentPeriodEnd: view.subscription?.currentPeriodEnd ?? null,
});
