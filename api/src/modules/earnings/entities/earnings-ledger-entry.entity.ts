import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * sale_fee (the processor), sale_producer (a producer's part of the pool), sale_platform (the
 * platform's remainder), refund_producer / refund_platform (negative, in proportion to a refund).
 */
export type EarningsEntryKind = 'sale_fee' | 'sale_producer' | 'sale_platform' | 'refund_producer' | 'refund_platform';

/**
 * One amount of money of a licence order, written in the transaction of the order's fulfilment or
 * refund. An order's rows sum to its gross less its refunds; a producer's rows sum to what they
 * are owed. Each row has a key (`sale:producer:<id>`, `refund:<refund id>:platform`, ...) under a
 * unique constraint, so no amount can be written twice.
 */
@Entity({ tableName: 'earnings_ledger' })
@Index({ name: 'earnings_ledger_producer_index', properties: ['producerId', 'createdAt'] })
export class EarningsLedgerEntry {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  @Unique()
  entryKey!: string;

  @Property({ type: 'text' })
  @Index()
  orderId!: string;

  /** The producer (as the order names them); null for the fee and the platform's rows. */
  @Property({ type: 'uuid', nullable: true })
  producerId?: string | null;

  @Property({ type: 'text' })
  kind!: EarningsEntryKind;

  /** Cents: positive for a sale, negative for a refund. */
  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'integer', nullable: true })
  shareBasisPoints?: number | null;

  @Property({ type: 'text', nullable: true })
  refundId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
