import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('AdminUser', { description: 'An account, as the admin user list shows it' })
export class AdminUserType {
  @Field(() => ID) userId!: string;
  @Field(() => String) username!: string;
  @Field(() => String) email!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType('AdminSubscription', { description: "An account's plan and token balance" })
export class AdminSubscriptionType {
  @Field(() => ID) userId!: string;
  @Field(() => String) username!: string;
  @Field(() => String) email!: string;
  @Field(() => String) subscriptionType!: string;
  @Field(() => Int) tokensRemaining!: number;
}

@ObjectType('AdminProducer')
export class AdminProducerType {
  @Field(() => ID) userId!: string;
  @Field(() => String) username!: string;
  @Field(() => String) producerName!: string;
  @Field(() => Int, { description: 'Sample files uploaded: melody stems and drum loops' }) filesUploaded!: number;
}

@ObjectType('AdminBeatOrder', { description: 'A licence order' })
export class AdminBeatOrderType {
  @Field(() => ID) orderId!: string;
  @Field(() => [String]) producers!: string[];
  @Field(() => String) customerEmail!: string;
  @Field(() => String) beatTitle!: string;
  @Field(() => String) tier!: string;
  @Field(() => Int) priceCents!: number;
  @Field(() => Int) refundedCents!: number;
  @Field(() => String, { description: 'paid or refunded' }) status!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType('AdminSubscriptionPayment', { description: 'Money taken for a subscription' })
export class AdminSubscriptionPaymentType {
  @Field(() => ID) id!: string;
  @Field(() => ID) userId!: string;
  @Field(() => String) username!: string;
  @Field(() => String) email!: string;
  @Field(() => String) subscriptionType!: string;
  @Field(() => Int) amountCents!: number;
  @Field(() => Int) refundedCents!: number;
  @Field(() => String) currency!: string;
  @Field(() => Date) paidAt!: Date;
  @Field(() => Date, { nullable: true }) refundedAt!: Date | null;
  @Field(() => Boolean, { description: 'Not refunded and taken within the 30-day money-back window' }) refundable!: boolean;
}

@ObjectType('AdminAuditEntry', { description: 'One admin action: who, what, when, before and after' })
export class AdminAuditEntryType {
  @Field(() => ID) id!: string;
  @Field(() => ID, { nullable: true }) adminId!: string | null;
  @Field(() => String) adminEmail!: string;
  @Field(() => String, { description: 'update_tokens, refund_subscription_payment or refund_order' }) action!: string;
  @Field(() => String) targetType!: string;
  @Field(() => String) targetId!: string;
  @Field(() => String) reason!: string;
  @Field(() => String, { nullable: true, description: 'The state before, as JSON' }) before!: string | null;
  @Field(() => String, { nullable: true, description: 'The state after, as JSON' }) after!: string | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType('AdminTotals')
export class AdminTotalsType {
  @Field(() => Int) totalUsers!: number;
  @Field(() => Int, { description: 'Subscriptions active at the provider' }) totalSubscriptions!: number;
  @Field(() => Int) totalProducers!: number;
  @Field(() => Int, { description: 'Licence sales less refunds, in cents' }) beatOrdersRevenueCents!: number;
  @Field(() => Int, { description: 'Subscription payments less refunds, in cents' }) subscriptionRevenueCents!: number;
}

@ObjectType('AdminPlanStat', { description: 'Accounts on a plan and its revenue (payments less refunds)' })
export class AdminPlanStatType {
  @Field(() => Int) level!: number;
  @Field(() => String) subscriptionType!: string;
  @Field(() => Int) count!: number;
  @Field(() => Int) revenueCents!: number;
}

function pageType<T>(name: string, item: () => new () => T) {
  @ObjectType(name)
  class PageType {
    @Field(() => [item()]) items!: T[];
    @Field(() => Int) currentPage!: number;
    @Field(() => Int, { description: 'At least 1' }) pages!: number;
    @Field(() => Int) total!: number;
    @Field(() => Int) pageSize!: number;
  }
  return PageType;
}

export const AdminUserPage = pageType('AdminUserPage', () => AdminUserType);
export const AdminSubscriptionPage = pageType('AdminSubscriptionPage', () => AdminSubscriptionType);
export const AdminProducerPage = pageType('AdminProducerPage', () => AdminProducerType);
export const AdminBeatOrderPage = pageType('AdminBeatOrderPage', () => AdminBeatOrderType);
export const AdminSubscriptionPaymentPage = pageType('AdminSubscriptionPaymentPage', () => AdminSubscriptionPaymentType);
export const AdminAuditEntryPage = pageType('AdminAuditEntryPage', () => AdminAuditEntryType);
