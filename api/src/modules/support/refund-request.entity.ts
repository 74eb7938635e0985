import { randomUUID } from 'node:crypto';
import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { SupportMessage } from './support-message.entity';
import { REFUND_REQUEST_STATUSES, type RefundRequestStatus } from './support-topics';

/**
 * A subscriber's request for the 30-day money-back guarantee on one subscription payment, made on My
 * Account. One per payment (a unique constraint, so two requests at once make one). It appears in
 * the admin Inbox as its support message; approving refunds the payment through the admin refund.
 * The payment's figures are copied when asked, so the Inbox reads no billing table.
 */
@Entity({ tableName: 'refund_requests' })
@Unique({ name: 'refund_requests_payment_unique', properties: ['paymentId'] })
@Unique({ name: 'refund_requests_message_unique', properties: ['message'] })
@Index({ name: 'refund_requests_user_index', properties: ['user', 'createdAt'] })
export class RefundRequest {
  [OptionalProps]?: 'status' | 'createdAt' | 'reason' | 'declineReason' | 'decidedBy' | 'decidedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** The subscription payment (billing's subscription_payments row). */
  @Property({ type: 'uuid' })
  paymentId!: string;

  /** The Inbox thread of this request. */
  @ManyToOne(() => SupportMessage, { deleteRule: 'cascade' })
  message!: Rel<SupportMessage>;

  /** The plan paid for, the amount and when (copied from the payment). */
  @Property({ type: 'smallint' })
  level!: number;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'timestamptz' })
  paidAt!: Date;

  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  @Enum({ items: [...REFUND_REQUEST_STATUSES] })
  status: RefundRequestStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  declineReason?: string | null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  decidedBy?: Rel<User> | null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
