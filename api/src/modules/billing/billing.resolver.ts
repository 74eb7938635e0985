import { Query, Resolver } from 'type-graphql';
import { presentPlan } from './billing.presenter';
import { PlanType } from './outputs/plan.type';
import { PLANS } from './plans';

@Resolver()
export class BillingResolver {
  @Query(() => [PlanType], { description: 'The four subscription plans, Free first, in level order' })
  plans(): PlanType[] {
    return PLANS.map(presentPlan);
  }
}
