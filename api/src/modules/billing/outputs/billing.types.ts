import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('CheckoutSessionStart', { description: 'A started checkout: send the browser to checkoutUrl' })
export class CheckoutSessionStartType {
  @Field(() => String)
  checkoutUrl!: string;

  @Field(() => String)
  sessionId!: string;
}

@ObjectType('CheckoutSessionDetails', { description: 'A checkout as the payment success page shows it' })
export class CheckoutSessionDetailsType {
  @Field(() => String, { nullable: true })
  customerName!: string | null;

  @Field(() => String, { nullable: true })
  customerEmail!: string | null;

  @Field(() => Int, { nullable: true, description: 'Amount paid, in cents' })
  amountTotal!: number | null;

  @Field(() => String, { nullable: true, description: 'ISO currency, lower case' })
  currency!: string | null;

  @Field(() => String, { description: 'paid, unpaid or no_payment_required' })
  paymentStatus!: string;

  @Field(() => String, { nullable: true })
  subscriptionId!: string | null;
}

@ObjectType('MySubscription', { description: "The signed-in user's plan, tokens and subscription" })
export class MySubscriptionType {
  @Field(() => Int, { description: '1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise' })
  level!: number;

  @Field(() => String, { description: 'Name of the plan, as the account shows it' })
  subscriptionType!: string;

  @Field(() => Int)
  tokensRemaining!: number;

  @Field(() => Date, { nullable: true, description: 'When the current token cycle ends and the next allowance starts' })
  tokensRefreshAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'stripe or local, when there is a subscription' })
  provider!: string | null;

  @Field(() => String, { nullable: true, description: 'active or past_due, when there is a subscription' })
  status!: string | null;

  @Field(() => Boolean, { description: 'The subscription was cancelled and ends with its paid period' })
  cancelAtPeriodEnd!: boolean;

  @Field(() => Date, { nullable: true })
  currentPeriodEnd!: Date | null;
}

@ObjectType('CancelSubscriptionResult')
export class CancelSubscriptionResultType {
  @Field(() => String)
  message!: string;

  @Field(() => String, { description: 'The subscription type the account now has: Free' })
  subscriptionType!: string;
}

@ObjectType('TokenLedgerEntry', { description: 'One change of the token balance' })
export class TokenLedgerEntryType {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  delta!: number;

  @Field(() => Int)
  balanceAfter!: number;

  @Field(() => String, { description: 'cycle, spend, refund or admin_set' })
  kind!: string;

  @Field(() => String)
  reason!: string;

  @Field(() => Date)
  createdAt!: Date;
}
