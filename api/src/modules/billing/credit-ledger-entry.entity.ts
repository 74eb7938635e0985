import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

export type LedgerKind = 'cycle' | 'spend' | 'refund' | 'admin_set';

/**
 * Every change of a generation-credit balance, written in the same statement as the change itself,
 * so the balance always equals the sum of the ledger and every credit can be traced. (The table
 * keeps its first name, token_ledger; GraphQL calls an entry TokenLedgerEntry, as the pages say tokens.)
 */
@Entity({ tableName: 'token_ledger' })
@Index({ name: 'token_ledger_user_created_index', properties: ['user', 'createdAt'] })
export class CreditLedgerEntry {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'integer' })
  delta!: number;

  @Property({ type: 'integer' })
  balanceAfter!: number;

  /** cycle (the plan's allowance for a new period), spend, refund, admin_set. */
  @Property({ type: 'text' })
  kind!: LedgerKind;

  @Property({ type: 'text' })
  reason!: string;

  /** The generation job a spend or refund belongs to. */
  @Property({ type: 'uuid', nullable: true })
  jobId?: string | null;

  /** The admin who set the balance (admin_set rows). */
  @Property({ type: 'uuid', nullable: true })
  adminId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
