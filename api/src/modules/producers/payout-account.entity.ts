import { Entity, OptionalProps, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { Producer } from './producer.entity';

/**
 * A producer's payout account: a Stripe Connect Express account (acct_...), or a local one
 * (local_acct_...) when Stripe is not configured. One per producer (a unique key). Its state is
 * what the provider last reported (the `account.updated` webhook, or a re-read on the success page).
 */
@Entity({ tableName: 'payout_accounts' })
export class PayoutAccount {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'detailsSubmitted' | 'chargesEnabled' | 'payoutsEnabled' | 'requirementsDue' | 'disabledReason' | 'balanceCents';

  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => Producer, { deleteRule: 'cascade' })
  @Unique()
  producer!: Rel<Producer>;

  /** stripe or local. */
  @Property({ type: 'text' })
  provider!: string;

  @Property({ type: 'boolean' })
  detailsSubmitted: boolean = false;

  @Property({ type: 'boolean' })
  chargesEnabled: boolean = false;

  @Property({ type: 'boolean' })
  payoutsEnabled: boolean = false;

  /** What the provider still needs before payouts (Stripe's requirements.currently_due). */
  @Property({ type: 'text[]' })
  requirementsDue: string[] = [];

  @Property({ type: 'text', nullable: true })
  disabledReason?: string | null;

  /** A local account's balance (earnings credited without Stripe); Stripe accounts keep theirs at Stripe. */
  @Property({ type: 'integer' })
  balanceCents: number = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
