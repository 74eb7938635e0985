import { Check, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A licence order's split, once: its primary key is the order id, so recording a sale twice (a
 * retry, two paths at once) inserts nothing the second time. refunded_cents grows with refunds and
 * never passes the gross.
 */
@Entity({ tableName: 'earnings_orders' })
@Check({ name: 'earnings_orders_amounts_check', expression: 'gross_cents > 0 and fee_cents >= 0 and fee_cents <= gross_cents and net_cents = gross_cents - fee_cents and pool_cents + platform_cents = net_cents and refunded_cents >= 0 and refunded_cents <= gross_cents' })
export class EarningsOrder {
  [OptionalProps]?: 'createdAt' | 'refundedCents' | 'tier' | 'beatTitle' | 'chargeId';

  @PrimaryKey({ type: 'text' })
  orderId!: string;

  @Property({ type: 'text' })
  @Index()
  beatId!: string;

  /** The licence tier (standard, advanced, exclusive indie, exclusive label) when the order says it. */
  @Property({ type: 'text', nullable: true })
  tier?: string | null;

  @Property({ type: 'text', nullable: true })
  beatTitle?: string | null;

  @Property({ type: 'integer' })
  grossCents!: number;

  @Property({ type: 'integer' })
  feeCents!: number;

  /** The fee is the local checkout's stand-in (2.9% + 30 cents), not a processor's figure. */
  @Property({ type: 'boolean' })
  feeEstimated!: boolean;

  @Property({ type: 'integer' })
  netCents!: number;

  @Property({ type: 'integer' })
  poolCents!: number;

  @Property({ type: 'integer' })
  platformCents!: number;

  @Property({ type: 'integer' })
  refundedCents: number = 0;

  @Property({ type: 'text', nullable: true })
  chargeId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
