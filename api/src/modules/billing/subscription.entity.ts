import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete';

/** A paid plan of a user, at the card payment provider (Stripe) or the local checkout. */
@Entity({ tableName: 'subscriptions' })
@Index({ name: 'subscriptions_user_status_index', properties: ['user', 'status'] })
export class Subscription {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'cancelAtPeriodEnd' | 'pendingLevel';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** 'stripe' or 'local'. */
  @Property({ type: 'text' })
  provider!: string;

  /** The provider's subscription id (sub_... at Stripe). */
  @Property({ type: 'text' })
  @Unique()
  providerSubscriptionId!: string;

  @Property({ type: 'text', nullable: true })
  providerCustomerId?: string | null;

  @Property({ type: 'smallint' })
  level!: number;

  /** A plan change that takes effect at the next cycle. */
  @Property({ type: 'smallint', nullable: true })
  pendingLevel?: number | null;

  @Property({ type: 'text' })
  status!: SubscriptionStatus;

  @Property({ type: 'timestamptz' })
  currentPeriodStart!: Date;

  @Property({ type: 'timestamptz' })
  currentPeriodEnd!: Date;

  @Property({ type: 'boolean' })
  cancelAtPeriodEnd: boolean = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
