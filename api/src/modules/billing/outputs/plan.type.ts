import { Field, Int, ObjectType } from 'type-graphql';

/** One thing a plan gives; while it is not built yet it is listed as coming soon. */
@ObjectType('PlanFeature', { description: 'One thing a plan gives; one whose capability is not built yet is listed as coming soon.' })
export class PlanFeatureType {
  @Field(() => String, { description: 'Stable id: generation, fullBeats, sellBeats, auditing, ...' })
  id!: string;

  @Field(() => String, { description: 'The feature as the comparison table words it.' })
  label!: string;

  @Field(() => Boolean, { description: 'False while a capability it needs is not built yet: shown as coming soon' })
  available!: boolean;

  @Field(() => [String], { description: 'The capabilities it needs, as Type.field of this schema (empty for a support promise)' })
  requires!: string[];
}

/** A subscription plan (requirements §L9), as every page that shows plans reads it. */
@ObjectType('Plan', { description: 'A subscription plan (Free, Early Access Premium, Premium, Enterprise), as every page that shows plans reads it. Public.' })
export class PlanType {
  @Field(() => Int, { description: '1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise' })
  level!: number;

  @Field(() => String, { description: 'Display name: Free, Early Access Premium, Premium or Enterprise.' })
  name!: string;

  @Field(() => String, { description: 'Short type name: free, early_access, premium, enterprise' })
  type!: string;

  @Field(() => String, { nullable: true, description: 'The price_id a checkout is started with; Free has none' })
  priceId!: string | null;

  @Field(() => Int, { description: 'Price per period in cents' })
  priceCents!: number;

  @Field(() => String, { description: 'ISO currency, lower case (usd)' })
  currency!: string;

  @Field(() => String, { description: 'Billing period: month' })
  period!: string;

  @Field(() => Int, { description: 'Generation tokens granted each billing cycle (25, 100, 100, 1000).' })
  tokensPerMonth!: number;

  @Field(() => String, { description: 'The allowance as shown on a card, e.g. "100 tokens / month"' })
  tokensText!: string;

  @Field(() => String, { description: 'One-sentence pitch shown on the plan card.' })
  description!: string;

  @Field(() => [PlanFeatureType], { description: 'Everything the plan gives, in the comparison table\'s order' })
  features!: PlanFeatureType[];

  @Field(() => String, { nullable: true, description: 'A ribbon shown on the card ("Save 62.5%"); null for none.' })
  badge!: string | null;

  @Field(() => Boolean, { description: 'True for the plan the pages highlight.' })
  recommended!: boolean;

  @Field(() => String, { nullable: true, description: 'An illustration for the card; null for none.' })
  imageUrl!: string | null;
}

/** A limit of the plans below a level, with the words every transport refuses with (plan-gates.ts). */
@ObjectType('PlanGate', { description: 'Something only a plan from a level up may do, and the refusal below it: the same message GraphQL (FORBIDDEN, reason PLAN_REQUIRED), REST (403) and the pages show. Public.' })
export class PlanGateType {
  @Field(() => String, { description: 'fullBeatsAndEditing, fullRights or uploadStems' })
  id!: string;

  @Field(() => Int, { description: 'The lowest subscription level allowed (2 Early Access Premium, 3 Premium, ...)' })
  minLevel!: number;

  @Field(() => String, { description: 'The name of the plan at that level, e.g. Premium' })
  planName!: string;

  @Field(() => String, { description: 'The refusal below that level, word for word' })
  message!: string;
}
