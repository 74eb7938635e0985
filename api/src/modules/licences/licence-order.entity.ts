import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { Beat } from '../beats';
import type { LicenceTier, LicensedProducer } from '../licence-files';
import type { TermsInForce } from './licence-terms';

/** open -> paid (licence issued) | refund_pending -> refunded (paid but refused) | expired. */
export type LicenceOrderStatus = 'open' | 'paid' | 'refund_pending' | 'refunded' | 'expired';

/**
 * A licence purchase (the BeatOrder the admin dashboard lists): who buys which tier of which beat,
 * at the price computed on the server, with the producers credited. Its id is the idempotency key
 * of the provider's checkout; it is fulfilled once (a conditional update of its status).
 */
@Entity({ tableName: 'licence_orders' })
// The admin dashboard pages sold orders newest first (issue 19): an index in that order.
@Index({ name: 'licence_orders_paid_index', properties: ['paidAt', 'id'] })
@Index({ name: 'licence_orders_one_open_per_tier', expression: `create unique index "licence_orders_one_open_per_tier" on "licence_orders" ("buyer_id", "beat_id", "tier") where status = 'open'` })
export class LicenceOrder {
  [OptionalProps]?: 'createdAt' | 'status' | 'checkoutSessionId' | 'checkoutUrl' | 'paymentId' | 'paidAt' | 'refundId' | 'refundReason' | 'currency';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  buyer!: Rel<User>;

  @ManyToOne(() => Beat, { deleteRule: 'cascade' })
  @Index()
  beat!: Rel<Beat>;

  @Property({ type: 'text' })
  tier!: LicenceTier;

  @Property({ type: 'integer' })
  priceCents!: number;

  @Property({ type: 'text' })
  currency: string = 'usd';

  @Property({ type: 'text' })
  provider!: string;

  @Property({ type: 'text' })
  status: LicenceOrderStatus = 'open';

  /** The provider's checkout session (cs_... or local_cs_...). */
  @Property({ type: 'text', nullable: true, unique: true })
  checkoutSessionId?: string | null;

  @Property({ type: 'text', nullable: true })
  checkoutUrl?: string | null;

  @Property({ type: 'text' })
  buyerEmail!: string;

  @Property({ type: 'text' })
  buyerFirstName!: string;

  @Property({ type: 'text' })
  buyerLastName!: string;

  @Property({ type: 'text' })
  buyerCountry!: string;

  /** The producers, shares and comments at the time of the order (what the price was computed from). */
  @Property({ type: 'json' })
  producers!: LicensedProducer[];

  /** The terms the licence will grant, fixed when the order was made. */
  @Property({ type: 'json' })
  terms!: TermsInForce;

  /** The provider's payment (a PaymentIntent at Stripe), once paid. */
  @Property({ type: 'text', nullable: true })
  paymentId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  refundId?: string | null;

  @Property({ type: 'text', nullable: true })
  refundReason?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
