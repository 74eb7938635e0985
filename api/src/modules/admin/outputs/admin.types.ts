import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('AdminUser', { description: 'An account, as the admin user list shows it' })
export class AdminUserType {
  @Field(() => ID, { description: 'Account id.' }) userId!: string;
  @Field(() => String, { description: 'Username.' }) username!: string;
  @Field(() => String, { description: 'Email address.' }) email!: string;
  @Field(() => Date, { description: 'When the account was created (UTC).' }) createdAt!: Date;
}

@ObjectType('AdminSubscription', { description: "An account's plan and token balance" })
export class AdminSubscriptionType {
  @Field(() => ID, { description: 'Account id.' }) userId!: string;
  @Field(() => String, { description: 'Username.' }) username!: string;
  @Field(() => String, { description: 'Email address.' }) email!: string;
  @Field(() => String, { description: 'Plan name: Free, Early Access Premium, Premium or Enterprise.' }) subscriptionType!: string;
  @Field(() => Int, { description: 'Current token balance.' }) tokensRemaining!: number;
}

@ObjectType('AdminProducer', { description: 'A producer, as the admin producer list shows it.' })
export class AdminProducerType {
  @Field(() => ID, { description: "The producer's account id." }) userId!: string;
  @Field(() => String, { description: "The producer's username." }) username!: string;
  @Field(() => String, { description: 'Public producer name.' }) producerName!: string;
  @Field(() => Int, { description: 'Sample files uploaded: melody stems and drum loops' }) filesUploaded!: number;
}

@ObjectType('AdminBeatOrder', { description: 'A licence order' })
export class AdminBeatOrderType {
  @Field(() => ID, { description: 'Order id.' }) orderId!: string;
  @Field(() => [String], { description: 'Producer names credited on the beat.' }) producers!: string[];
  @Field(() => String, { description: "Buyer's email." }) customerEmail!: string;
  @Field(() => String, { description: 'Title of the licensed beat.' }) beatTitle!: string;
  @Field(() => String, { description: 'Licence tier title (Standard Lease, ...).' }) tier!: string;
  @Field(() => Int, { description: 'Price paid in cents.' }) priceCents!: number;
  @Field(() => Int, { description: 'Amount refunded in cents (0 when none).' }) refundedCents!: number;
  @Field(() => String, { description: 'paid or refunded' }) status!: string;
  @Field(() => Date, { description: 'When the order was placed (UTC).' }) createdAt!: Date;
}

@ObjectType('AdminSubscriptionPayment', { description: 'Money taken for a subscription' })
export class AdminSubscriptionPaymentType {
  @Field(() => ID, { description: 'Payment id (pass it to adminRefundSubscriptionPayment).' }) id!: string;
  @Field(() => ID, { description: "Payer's account id." }) userId!: string;
  @Field(() => String, { description: "Payer's username." }) username!: string;
  @Field(() => String, { description: "Payer's email." }) email!: string;
  @Field(() => String, { description: 'The plan paid for.' }) subscriptionType!: string;
  @Field(() => Int, { description: 'Amount taken in cents.' }) amountCents!: number;
  @Field(() => Int, { description: 'Amount refunded in cents.' }) refundedCents!: number;
  @Field(() => String, { description: 'ISO currency, lower case (usd).' }) currency!: string;
  @Field(() => Date, { description: 'When it was paid (UTC).' }) paidAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it was refunded (UTC); null when it was not.' }) refundedAt!: Date | null;
  @Field(() => Boolean, { description: 'Not refunded and taken within the 30-day money-back window' }) refundable!: boolean;
}

@ObjectType('AdminAuditEntry', { description: 'One admin action: who, what, when, before and after' })
export class AdminAuditEntryType {
  @Field(() => ID, { description: 'Entry id.' }) id!: string;
  @Field(() => ID, { nullable: true, description: "The admin's account id; null once that account is deleted." }) adminId!: string | null;
  @Field(() => String, { description: "The admin's email at the time." }) adminEmail!: string;
  @Field(() => String, { description: 'update_tokens, refund_subscription_payment or refund_order' }) action!: string;
  @Field(() => String, { description: 'What was acted on: user, subscription_payment or order.' }) targetType!: string;
  @Field(() => String, { description: 'Id of what was acted on.' }) targetId!: string;
  @Field(() => String, { description: 'The reason the admin gave.' }) reason!: string;
  @Field(() => String, { nullable: true, description: 'The state before, as JSON' }) before!: string | null;
  @Field(() => String, { nullable: true, description: 'The state after, as JSON' }) after!: string | null;
  @Field(() => Date, { description: 'When it happened (UTC).' }) createdAt!: Date;
}

@ObjectType('AdminTotals', { description: "The dashboard's headline figures." })
export class AdminTotalsType {
  @Field(() => Int, { description: 'Accounts in all.' }) totalUsers!: number;
  @Field(() => Int, { description: 'Accounts on a paid plan (the paid rows of adminSubscriptionStats)' }) totalSubscriptions!: number;
  @Field(() => Int, { description: 'Producers in all.' }) totalProducers!: number;
  @Field(() => Int, { description: 'Licence sales less refunds, in cents' }) beatOrdersRevenueCents!: number;
  @Field(() => Int, { description: 'Subscription payments less refunds, in cents' }) subscriptionRevenueCents!: number;
}

@ObjectType('AdminPlanStat', { description: 'Accounts on a plan and its revenue (payments less refunds)' })
export class AdminPlanStatType {
  @Field(() => Int, { description: 'Plan level, 1 to 4.' }) level!: number;
  @Field(() => String, { description: 'Plan name.' }) subscriptionType!: string;
  @Field(() => Int, { description: 'Accounts on the plan.' }) count!: number;
  @Field(() => Int, { description: 'Payments for the plan less refunds, in cents.' }) revenueCents!: number;
}

function pageType<T>(name: string, item: () => new () => T, description: string) {
  @ObjectType(name, { description })
  class PageType {
    @Field(() => [item()], { description: 'The rows of this page.' }) items!: T[];
    @Field(() => Int, { description: "This page's number, from 1." }) currentPage!: number;
    @Field(() => Int, { description: 'At least 1' }) pages!: number;
    @Field(() => Int, { description: 'Rows in all.' }) total!: number;
    @Field(() => Int, { description: 'Rows per page (1 to 100).' }) pageSize!: number;
  }
  return PageType;
}

export const AdminUserPage = pageType('AdminUserPage', () => AdminUserType, 'A page of accounts.');
export const AdminSubscriptionPage = pageType('AdminSubscriptionPage', () => AdminSubscriptionType, 'A page of accounts with their plans and token balances.');
export const AdminProducerPage = pageType('AdminProducerPage', () => AdminProducerType, 'A page of producers.');
export const AdminBeatOrderPage = pageType('AdminBeatOrderPage', () => AdminBeatOrderType, 'A page of licence orders.');
export const AdminSubscriptionPaymentPage = pageType('AdminSubscriptionPaymentPage', () => AdminSubscriptionPaymentType, 'A page of subscription payments.');
export const AdminAuditEntryPage = pageType('AdminAuditEntryPage', () => AdminAuditEntryType, 'A page of the admin audit log.');
