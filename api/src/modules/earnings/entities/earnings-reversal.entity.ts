import { randomUUID } from 'node:crypto';
import { Check, Entity, Enum, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * pending: waiting for the job (and for its transfer to be paid, if a refund came while it was being
 * sent). sending: a job is calling the provider. done: the provider's reversal id is recorded.
 * failed: refused for good (shown to admins). cancelled: its transfer was never paid, so the amount
 * was taken off the unpaid transfer instead.
 */
export type ReversalState = 'pending' | 'sending' | 'done' | 'failed' | 'cancelled';

/** Taking back part of a paid transfer for one refund: once per transfer and refund (a unique key). */
@Entity({ tableName: 'earnings_reversals' })
@Unique({ name: 'earnings_reversals_transfer_refund_unique', properties: ['transferId', 'refundId'] })
@Check({ name: 'earnings_reversals_amount_check', expression: `amount_cents > 0` })
export class EarningsReversal {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'attempts' | 'nextAttemptAt' | 'leaseUntil' | 'lastError' | 'stripeReversalId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  transferId!: string;

  @Property({ type: 'text' })
  refundId!: string;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Enum({ items: ['pending', 'sending', 'done', 'failed', 'cancelled'] })
  state!: ReversalState;

  @Property({ type: 'text', nullable: true })
  @Unique()
  stripeReversalId?: string | null;

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
