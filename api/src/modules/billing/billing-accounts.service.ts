import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { notFound } from '../../platform/errors';
import { FREE_PLAN, planByLevel, type Plan } from './plans';

/** Billing's state of one account: what other modules may know of its plan and generation credits. */
export interface BillingState {
  readonly userId: string;
  /** The subscription level: 1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise. */
  readonly level: number;
  readonly plan: Plan;
  /** Generation credits left (the pages and the API say "tokens remaining"). */
  readonly credits: number;
  /** The current credit cycle; null before the account's first one. */
  readonly cycleStart: Date | null;
  readonly cycleEnd: Date | null;
}

interface StateRow {
  user_id: string;
  level: number;
  credits: number;
  cycle_start: Date | null;
  cycle_end: Date | null;
}

const present = (row: StateRow): BillingState => ({
  userId: row.user_id,
  level: row.level,
  plan: planByLevel(row.level),
  credits: row.credits,
  cycleStart: row.cycle_start ? new Date(row.cycle_start) : null,
  cycleEnd: row.cycle_end ? new Date(row.cycle_end) : null,
});

/** An account billing has not touched yet: Free, no credits, no cycle (what its row opens with). */
const untouched = (userId: string): BillingState => ({ userId, level: FREE_PLAN.level, plan: FREE_PLAN, credits: 0, cycleStart: null, cycleEnd: null });

const COLUMNS = 'user_id, level, credits, cycle_start, cycle_end';

/**
 * Opens an account's row in billing_accounts (once; a second call, also a concurrent one, does
 * nothing). NOT_FOUND when there is no such account. Inside the caller's transaction when given its
 * EntityManager.
 */
export async function openBillingAccount(em: EntityManager, userId: string): Promise<void> {
  try {
    await em.execute(`insert into billing_accounts (user_id, updated_at) values (?, now()) on conflict (user_id) do nothing`, [userId]);
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException) throw notFound('Account not found.');
    throw error;
  }
}

/**
 * The read side of billing_accounts, for every module: an account's level, plan, credits and cycle,
 * one at a time or for a page of accounts, and the counts the admin dashboard shows.
 */
export class BillingAccounts {
  constructor(private readonly deps: { orm: MikroORM }) {}

  /** One account's state (an account billing never touched reads as Free with no credits). */
  async stateOf(userId: string, em?: EntityManager): Promise<BillingState> {
    const [row] = await (em ?? this.deps.orm.em.fork()).execute<StateRow[]>(`select ${COLUMNS} from billing_accounts where user_id = ?`, [userId]);
    return row ? present(row) : untouched(userId);
  }

  /** The subscription level alone. */
  async levelOf(userId: string): Promise<number> {
    return (await this.stateOf(userId)).level;
  }

  /** Several accounts' states, by user id (every id asked for has one). */
  async statesOf(userIds: readonly string[]): Promise<Map<string, BillingState>> {
    const states = new Map(userIds.map((id) => [id, untouched(id)]));
    if (!userIds.length) return states;
    // One array literal (an array parameter would be spread into a list of values).
    const rows = await this.deps.orm.em.fork().execute<StateRow[]>(`select ${COLUMNS} from billing_accounts where user_id = any(?::uuid[])`, [`{${userIds.join(',')}}`]);
    for (const row of rows) states.set(row.user_id, present(row));
    return states;
  }

  /** Accounts on each level that has any (accounts billing never touched are Free and not counted here). */
  async countsByLevel(): Promise<Map<number, number>> {
    const rows = await this.deps.orm.em.fork().execute<{ level: number; count: string }[]>('select level, count(*) as count from billing_accounts group by level');
    return new Map(rows.map((r) => [r.level, Number(r.count)]));
  }
}
