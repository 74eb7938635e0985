import type { Plan } from './plans';
import type { PlanType } from './outputs/plan.type';

export const presentPlan = (plan: Plan): PlanType => ({ ...plan, features: [...plan.features] });
