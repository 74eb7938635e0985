import { Field, Int, ObjectType } from 'type-graphql';

/** A subscription plan (spec 1 §9), as every page that shows plans reads it. */
@ObjectType('Plan')
export class PlanType {
  @Field(() => Int, { description: '1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise' })
  level!: number;

  @Field(() => String)
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

  @Field(() => Int)
  tokensPerMonth!: number;

  @Field(() => String, { description: 'The allowance as shown on a card, e.g. "100 tokens / month"' })
  tokensText!: string;

  @Field(() => String)
  description!: string;

  @Field(() => [String])
  features!: string[];

  @Field(() => String, { nullable: true })
  badge!: string | null;

  @Field(() => Boolean)
  recommended!: boolean;

  @Field(() => String, { nullable: true })
  imageUrl!: string | null;
}
