import { randomUUID } from 'node:crypto';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/**
 * Money taken for a subscription: one row per paid checkout or invoice, written by the fulfilment
 * paths (the local checkout's Pay, Stripe's checkout completion and invoice.paid) in the transaction
 * that applies the payment. Revenue figures are sums of these rows less their refunds.
 */
@Entity({ tableName: 'subscription_payments' })
@Index({ name: 'subscription_payments_paid_at_id_index', properties: ['paidAt', 'id'] })
@Index({ name: 'subscription_payments_level_index', properties: ['level'] })
@Check({ name: 'subscription_payments_amounts_check', expression: 'amount_cents >= 0 and refunded_cents >= 0 and refunded_cents <= amount_cents' })
export class SubscriptionPayment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: Rel<User>;

  /** 'stripe' or 'local'. */
  @Property({ type: 'text' })
  provider!: string;

  /** The provider's record of the payment: Stripe's invoice id, or the local checkout's session id. Applied once. */
  @Property({ type: 'text' })
  @Unique()
  providerPaymentId!: string;

  /** What a refund is made against at the provider (Stripe's payment intent or charge); null when unknown. */
  @Property({ type: 'text', nullable: true })
  refundReference?: string | null;

  /** The provider's subscription id (sub_..., local_sub_...). */
  @Property({ type: 'text' })
  providerSubscriptionId!: string;

  /** The plan paid for. */
  @Property({ type: 'smallint' })
  level!: number;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'timestamptz' })
  paidAt: Date = new Date();

  @Property({ type: 'integer', default: 0 })
  refundedCents: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  refundedAt?: Date | null;

  /** The provider's refund id. */
  @Property({ type: 'text', nullable: true })
  refundId?: string | null;

  /** The admin who refunded it. */
  @Property({ type: 'uuid', nullable: true })
  refundedBy?: string | null;
}
