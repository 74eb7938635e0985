import { randomUUID } from 'node:crypto';
import { Check, Entity, Enum, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * held: the producer's payout account cannot receive transfers yet (or is gone); paid when it can.
 * pending: waiting for the payout job (next_attempt_at). sending: a job claimed it and is calling the
 * provider (until lease_until). paid: the provider's transfer id is recorded. failed: the provider
 * refused for good or every retry failed (shown to the producer and admins). cancelled: refunded
 * before it was paid.
 */
export type TransferState = 'held' | 'pending' | 'sending' | 'paid' | 'failed' | 'cancelled';

/**
 * One producer's money from one order: one row per order and producer (a unique key), moved through
 * its states by single conditional statements, so no two jobs pay it and a refund never takes more
 * than was paid (reversed_cents <= amount_cents).
 */
@Entity({ tableName: 'earnings_transfers' })
@Unique({ name: 'earnings_transfers_order_producer_unique', properties: ['orderId', 'producerId'] })
@Index({ name: 'earnings_transfers_state_due_index', properties: ['state', 'nextAttemptAt'] })
@Check({ name: 'earnings_transfers_amounts_check', expression: `amount_cents >= 0 and reversed_cents >= 0 and reversed_cents <= amount_cents` })
export class EarningsTransfer {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'reversedCents' | 'attempts' | 'nextAttemptAt' | 'leaseUntil' | 'lastError' | 'stripeTransferId' | 'accountId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  orderId!: string;

  @Property({ type: 'uuid' })
  @Index()
  producerId!: string;

  /** What this producer is paid for the order (less any refund taken before it was paid). */
  @Property({ type: 'integer' })
  amountCents!: number;

  /** What was taken back from a paid transfer by reversals that completed. */
  @Property({ type: 'integer' })
  reversedCents: number = 0;

  @Enum({ items: ['held', 'pending', 'sending', 'paid', 'failed', 'cancelled'] })
  state!: TransferState;

  /** The destination the transfer was sent to. */
  @Property({ type: 'text', nullable: true })
  accountId?: string | null;

  /** tr_... at Stripe, local_tr_... for a local payout account. */
  @Property({ type: 'text', nullable: true })
  @Unique()
  stripeTransferId?: string | null;

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
