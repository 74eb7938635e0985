import { Entity, OneToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/** A user's customer at the card payment provider: one per user, created on their first checkout. */
@Entity({ tableName: 'billing_customers' })
export class BillingCustomer {
  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', fieldName: 'user_id' })
  user!: Rel<User>;

  @Property({ type: 'text' })
  provider!: string;

  /** cus_... at Stripe. */
  @Property({ type: 'text' })
  @Unique()
  customerId!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
