import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { DomainError, notFound, badInput } from '../../platform/errors';
import { User } from '../accounts/user.entity';
import { FREE_PLAN, planByLevel } from './plans';
import { Subscription } from './subscription.entity';
import { TokenLedgerEntry } from './token-ledger-entry.entity';

/** The most tokens an admin may set: far above any plan's allowance (Enterprise: 1,000 a month). */
export const MAX_ADMIN_BALANCE = 1_000_000;

const INSUFFICIENT = 'Insufficient credits: you have no tokens left. Tokens refresh each billing cycle.';

/** The calendar month around `now` (UTC): a Free account's token cycle. */
export function calendarMonth(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** One month after a date (clamped to the month's last day, as billing providers do). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  if (next.getUTCDate() !== date.getUTCDate()) next.setUTCDate(0);
  return next;
}

/**
 * Token balances. Every change is one SQL statement that updates the balance and writes its ledger
 * row together: spends cannot race below zero, and the balance always equals the ledger.
 */
export class TokensService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  private get connection() {
    return this.deps.orm.em.fork().getConnection();
  }

  /**
   * Takes one token; INSUFFICIENT_CREDITS when there is none. Returns the new balance. Given `em`,
   * it runs in that EntityManager's transaction (with the job it pays for).
   */
  async spend(userId: string, reason: string, jobId?: string, em?: EntityManager): Promise<number> {
    const rows = await (em ?? this.deps.orm.em.fork()).execute<{ balance_after: number }[]>(
      `with u as (update users set tokens_remaining = tokens_remaining - 1, updated_at = now()
                  where id = ? and tokens_remaining > 0 returning id, tokens_remaining)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, job_id, created_at)
       select gen_random_uuid(), id, -1, tokens_remaining, 'spend', ?, ?, now() from u returning balance_after`,
      [userId, reason, jobId ?? null],
    );
    if (rows.length) return rows[0].balance_after;
    // On the caller's connection: a caller in a transaction may hold the pool's last one.
    if (!(await (em ?? this.deps.orm.em.fork()).count(User, { id: userId }))) throw notFound('Account not found.');
    throw new DomainError('INSUFFICIENT_CREDITS', INSUFFICIENT);
  }

  /**
   * Gives one token back (a failed generation). Returns the new balance. Given `em`, it runs in that
   * EntityManager's transaction (with the caller's record that the refund is made).
   */
  async refund(userId: string, reason: string, jobId?: string, em?: EntityManager): Promise<number> {
    return this.change(userId, 1, 'refund', reason, jobId, em);
  }

  /** An admin sets a balance (spec 2 §2 Update Tokens); the ledger records the difference. */
  async setBalance(userId: string, amount: number, reason: string): Promise<number> {
    if (!Number.isInteger(amount) || amount < 0 || amount > 1_000_000) throw badInput('The token amount must be a whole number, 0 or more.');
    const rows = await this.connection.execute<{ balance_after: number }[]>(
      `with old as (select id, tokens_remaining from users where id = ? for update),
            u as (update users set tokens_remaining = ?, updated_at = now() from old where users.id = old.id
                  returning users.id, users.tokens_remaining as after, old.tokens_remaining as before)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, created_at)
       select gen_random_uuid(), id, after - before, after, 'admin_set', ?, now() from u returning balance_after`,
      [userId, amount, reason],
    );
    if (!rows.length) throw notFound('Account not found.');
    return rows[0].balance_after;
  }

  /**
   * An admin sets a user's balance (spec 2 Update Tokens), only if it is still `expected` (what the
   * admin saw): the balance and its ledger row (with the admin's id and reason) in one statement.
   * NOT_FOUND for an unknown user, CONFLICT when the balance changed meanwhile. Given `em`, it runs in
   * that EntityManager's transaction (with the admin's audit record).
   */
  async adminSet(
    change: { userId: string; expected: number; amount: number; adminId: string; reason: string },
    em?: EntityManager,
  ): Promise<{ before: number; after: number; ledgerEntryId: string }> {
    const { userId, expected, amount, adminId, reason } = change;
    if (!Number.isInteger(amount) || amount < 0 || amount > MAX_ADMIN_BALANCE) throw badInput(`The token amount must be a whole number from 0 to ${MAX_ADMIN_BALANCE.toLocaleString('en-US')}.`);
    const runner = em ?? this.deps.orm.em.fork();
    const rows = await runner.execute<{ id: string; balance_after: number; delta: number }[]>(
      `with old as (select id, tokens_remaining from users where id = ? and tokens_remaining = ? for update),
            u as (update users set tokens_remaining = ?, updated_at = now() from old where users.id = old.id
                  returning users.id, users.tokens_remaining as after, old.tokens_remaining as before)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, admin_id, created_at)
       select gen_random_uuid(), id, after - before, after, 'admin_set', ?, ?, now() from u returning id, balance_after, delta`,
      [userId, expected, amount, reason, adminId],
    );
    if (rows.length) return { before: rows[0].balance_after - rows[0].delta, after: rows[0].balance_after, ledgerEntryId: rows[0].id };
    const [user] = await runner.execute<{ tokens_remaining: number }[]>('select tokens_remaining from users where id = ?', [userId]);
    if (!user) throw notFound('Account not found.');
    throw new DomainError('CONFLICT', `The balance changed to ${user.tokens_remaining} since you opened it; check it and try again.`, { tokensRemaining: user.tokens_remaining });
  }

  /**
   * Starts a token cycle: the plan's level and allowance for [start, end). With `onlyIfEnded`, it
   * happens only when the current cycle is over (so concurrent lazy refreshes grant once).
   * Given `em`, it runs in that EntityManager's transaction.
   */
  async startCycle(userId: string, level: number, start: Date, end: Date, reason: string, onlyIfEnded: boolean, em?: EntityManager): Promise<boolean> {
    const plan = planByLevel(level);
    // Inside a caller's transaction (payment fulfilment) when given its EntityManager.
    const rows = await (em ?? this.deps.orm.em.fork()).execute<{ balance_after: number }[]>(
      `with old as (select id, tokens_remaining from users
                    where id = ? ${onlyIfEnded ? 'and (tokens_period_end is null or tokens_period_end <= ?)' : ''} for update),
            u as (update users set tokens_remaining = ?, subscription_level = ?, tokens_period_start = ?, tokens_period_end = ?, updated_at = now()
                  from old where users.id = old.id
                  returning users.id, users.tokens_remaining as after, old.tokens_remaining as before)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, created_at)
       select gen_random_uuid(), id, after - before, after, 'cycle', ?, now() from u returning balance_after`,
      onlyIfEnded
        ? [userId, start, plan.tokensPerMonth, plan.level, start, end, reason]
        : [userId, plan.tokensPerMonth, plan.level, start, end, reason],
    );
    return rows.length > 0;
  }

  /**
   * Applied lazily on a user's request: when their cycle has ended, the next one starts. A local
   * subscription renews (with any plan change made meanwhile) unless cancelled; without an active
   * subscription the account is Free and gets this calendar month's allowance. Stripe cycles start
   * on Stripe's paid invoices, not here.
   */
  async ensureCycle(user: User, now = new Date()): Promise<boolean> {
    if (user.tokensPeriodEnd && user.tokensPeriodEnd > now) return false;
    const em = this.deps.orm.em.fork();
    const subscription = await em.findOne(Subscription, { user: user.id, status: { $in: ['active', 'past_due'] } }, { orderBy: { createdAt: 'desc' } });
    if (subscription?.provider === 'local' && subscription.currentPeriodEnd <= now) {
      if (subscription.cancelAtPeriodEnd) {
        subscription.status = 'canceled';
      } else {
        while (subscription.currentPeriodEnd <= now) {
          subscription.currentPeriodStart = subscription.currentPeriodEnd;
          subscription.currentPeriodEnd = addMonth(subscription.currentPeriodEnd);
        }
        subscription.level = subscription.pendingLevel ?? subscription.level;
        subscription.pendingLevel = null;
      }
      await em.flush();
    }
    // Stripe's cycles start on its paid invoices, never here.
    if (subscription && subscription.provider !== 'local' && subscription.status !== 'canceled') return false;
    if (subscription && subscription.status !== 'canceled' && subscription.currentPeriodEnd > now) {
      return this.startCycle(user.id, subscription.level, subscription.currentPeriodStart, subscription.currentPeriodEnd, `${planByLevel(subscription.level).name} plan: new cycle`, true);
    }
    // Without a subscription the account keeps its level (Free, or one an admin set) on calendar
    // months; a subscription that just ended drops it to Free.
    const level = subscription ? FREE_PLAN.level : user.subscriptionLevel;
    const month = calendarMonth(now);
    // After a paid period that ended mid-month, the Free cycle runs from its end to the month's end.
    const start = user.tokensPeriodEnd && user.tokensPeriodEnd > month.start ? user.tokensPeriodEnd : month.start;
    return this.startCycle(user.id, level, start, month.end, `${planByLevel(level).name} plan: monthly tokens`, true);
  }

  /** A user's ledger, newest first. */
  async history(userId: string, limit = 100): Promise<TokenLedgerEntry[]> {
    return this.deps.orm.em.fork().find(TokenLedgerEntry, { user: userId }, { orderBy: { createdAt: 'desc' }, limit });
  }

  private async change(userId: string, delta: number, kind: 'refund', reason: string, jobId?: string, em?: EntityManager): Promise<number> {
    const rows = await (em ?? this.deps.orm.em.fork()).execute<{ balance_after: number }[]>(
      `with u as (update users set tokens_remaining = tokens_remaining + ?, updated_at = now() where id = ? returning id, tokens_remaining)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, job_id, created_at)
       select gen_random_uuid(), id, ?, tokens_remaining, ?, ?, ?, now() from u returning balance_after`,
      [delta, userId, delta, kind, reason, jobId ?? null],
    );
    if (!rows.length) throw notFound('Account not found.');
    return rows[0].balance_after;
  }
}
