import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/** A checkout a user started (both providers keep one, so the success page can be answered). */
@Entity({ tableName: 'checkout_sessions' })
export class CheckoutSession {
  [OptionalProps]?: 'createdAt' | 'status' | 'subscriptionId' | 'completedAt';

  /** The provider's session id (cs_... at Stripe, local_... for the local checkout). */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: Rel<User>;

  @Property({ type: 'text' })
  provider!: string;

  @Property({ type: 'smallint' })
  level!: number;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text' })
  currency!: string;

  /** open, complete, expired. */
  @Property({ type: 'text' })
  status: string = 'open';

  @Property({ type: 'text', nullable: true })
  subscriptionId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  completedAt?: Date | null;
}
