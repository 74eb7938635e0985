import { Check, Entity, OneToOne, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { FREE_PLAN } from './plans';

/**
 * Billing's state of one account: its subscription level, its generation-credit balance and the
 * credit cycle it is in. Billing owns this table; other modules read and change it only through
 * billing's services (BillingAccounts, CreditsService). A row is opened the first time billing
 * touches an account; until then the account is Free with no credits and no cycle.
 */
@Entity({ tableName: 'billing_accounts' })
@Check({ name: 'billing_accounts_credits_check', expression: 'credits >= 0' })
export class BillingAccount {
  @OneToOne(() => User, { primary: true, deleteRule: 'cascade', fieldName: 'user_id' })
  user!: Rel<User>;

  @Property({ type: 'smallint', default: FREE_PLAN.level })
  level: number = FREE_PLAN.level;

  /** Generation credits left in this cycle (the pages and the API call them "tokens"). */
  @Property({ type: 'integer', default: 0 })
  credits: number = 0;

  /** The current credit cycle: when it ends, the next request starts a new one. */
  @Property({ type: 'timestamptz', nullable: true })
  cycleStart?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  cycleEnd?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
