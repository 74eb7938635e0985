import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A refund (or lost dispute) applied to an order's earnings, once: its id is the primary key. */
@Entity({ tableName: 'earnings_refunds' })
export class EarningsRefund {
  @PrimaryKey({ type: 'text' })
  refundId!: string;

  @Property({ type: 'text' })
  orderId!: string;

  @Property({ type: 'integer' })
  refundedCents!: number;

  /** admin, exclusive_race, dispute. */
  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
