import type { SubscriptionView } from './billing.service';
import type { MySubscriptionType } from './outputs/billing.types';
import type { PlanType } from './outputs/plan.type';
import type { Plan } from './plans';

export const presentPlan = (plan: Plan): PlanType => ({ ...plan, features: [...plan.features] });

export const presentSubscription = (view: SubscriptionView): MySubscriptionType => ({
  level: view.level,
  subscriptionType: view.plan.name,
  tokensRemaining: view.tokensRemaining,
  tokensRefreshAt: view.tokensRefreshAt,
  provider: view.subscription?.provider ?? null,
  status: view.subscription?.status ?? null,
  cancelAtPeriodEnd: view.subscription?.cancelAtPeriodEnd ?? false,
  currentPeriodEnd: view.subscription?.currentPeriodEnd ?? null,
});
