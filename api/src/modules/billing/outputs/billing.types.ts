import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('CheckoutSessionStart', { description: 'A started checkout: send the browser to checkoutUrl' })
export class CheckoutSessionStartType {
  @Field(() => String, { description: "Where to send the browser: Stripe Checkout, or the api's local checkout page without Stripe." })
  checkoutUrl!: string;

  @Field(() => String, { description: "The checkout's id, for checkoutSession." })
  sessionId!: string;
}

@ObjectType('CheckoutSessionDetails', { description: 'A checkout as the payment success page shows it' })
export class CheckoutSessionDetailsType {
  @Field(() => String, { nullable: true, description: 'Name the payer gave at checkout; null when none was asked.' })
  customerName!: string | null;

  @Field(() => String, { nullable: true, description: 'Email the payer gave at checkout.' })
  customerEmail!: string | null;

  @Field(() => Int, { nullable: true, description: 'Amount paid, in cents' })
  amountTotal!: number | null;

  @Field(() => String, { nullable: true, description: 'ISO currency, lower case' })
  currency!: string | null;

  @Field(() => String, { description: 'paid, unpaid or no_payment_required' })
  paymentStatus!: string;

  @Field(() => String, { nullable: true, description: 'The subscription the checkout created; null until it is paid.' })
  subscriptionId!: string | null;
}

@ObjectType('MySubscription', { description: "The signed-in user's plan, tokens and subscription" })
export class MySubscriptionType {
  @Field(() => Int, { description: '1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise' })
  level!: number;

  @Field(() => String, { description: 'Name of the plan, as the account shows it' })
  subscriptionType!: string;

  @Field(() => Int, { description: 'Generation tokens left this cycle.' })
  tokensRemaining!: number;

  @Field(() => Date, { nullable: true, description: 'When the current token cycle ends and the next allowance starts' })
  tokensRefreshAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'stripe or local, when there is a subscription' })
  provider!: string | null;

  @Field(() => String, { nullable: true, description: 'active or past_due, when there is a subscription' })
  status!: string | null;

  @Field(() => Boolean, { description: 'The subscription was cancelled and ends with its paid period' })
  cancelAtPeriodEnd!: boolean;

  @Field(() => Date, { nullable: true, description: 'End of the paid period (UTC); null without a subscription.' })
  currentPeriodEnd!: Date | null;
}

@ObjectType('CancelSubscriptionResult', { description: 'What cancelSubscription did.' })
export class CancelSubscriptionResultType {
  @Field(() => String, { description: 'Confirmation to show: Subscription cancelled successfully.' })
  message!: string;

  @Field(() => String, { description: 'The subscription type the account now has: Free' })
  subscriptionType!: string;
}

@ObjectType('TokenLedgerEntry', { description: 'One change of the token balance' })
export class TokenLedgerEntryType {
  @Field(() => ID, { description: 'Entry id.' })
  id!: string;

  @Field(() => Int, { description: 'Change of the balance in tokens: negative for a spend, positive for a grant or refund.' })
  delta!: number;

  @Field(() => Int, { description: 'The balance right after this change.' })
  balanceAfter!: number;

  @Field(() => String, { description: 'cycle, spend, refund or admin_set' })
  kind!: string;

  @Field(() => String, { description: 'What it was for, in words: the job (Beat, Regenerated beat, Full beat, Edit), the refund, the new cycle or the staff change.' })
  reason!: string;

  @Field(() => Date, { description: 'When it happened (UTC).' })
  createdAt!: Date;
}
