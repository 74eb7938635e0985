import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { DomainError, notFound, badInput } from '../../platform/errors';
import { openBillingAccount, type BillingAccounts } from './billing-accounts.service';
import { FREE_PLAN, planByLevel } from './plans';
import { Subscription } from './subscription.entity';
import { CreditLedgerEntry } from './credit-ledger-entry.entity';

/** The most credits an admin may set: far above any plan's allowance (Enterprise: 1,000 a month). */
export const MAX_ADMIN_BALANCE = 1_000_000;

const INSUFFICIENT = 'Insufficient credits: you have no tokens left. Tokens refresh each billing cycle.';

/** The calendar month around `now` (UTC): a Free account's credit cycle. */
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
 * Generation credits (what the pages call "tokens"; not access tokens, not JWTs). Every change is
 * one SQL statement on billing_accounts that updates the balance and writes its ledger row
 * together: spends cannot race below zero, and the balance always equals the ledger.
 */
export class CreditsService {
  constructor(private readonly deps: { orm: MikroORM; accounts: BillingAccounts }) {}

  private runner(em?: EntityManager): EntityManager {
    return em ?? this.deps.orm.em.fork();
  }

  /**
   * Takes one credit; INSUFFICIENT_CREDITS when there is none. Returns the new balance. Given `em`,
   * it runs in that EntityManager's transaction (with the job it pays for).
   */
  async spend(userId: string, reason: string, jobId?: string, em?: EntityManager): Promise<number> {
    const runner = this.runner(em);
    const rows = await runner.execute<{ balance_after: number }[]>(
      `with b as (update billing_accounts set credits = credits - 1, updated_at = now()
                  where user_id = ? and credits > 0 returning user_id, credits)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, job_id, created_at)
       select gen_random_uuid(), user_id, -1, credits, 'spend', ?, ?, now() from b returning balance_after`,
      [userId, reason, jobId ?? null],
    );
    if (rows.length) return rows[0].balance_after;
    // On the caller's connection: a caller in a transaction may hold the pool's last one.
    // NOT_FOUND for an unknown account; an account billing never touched has no credits.
    await openBillingAccount(runner, userId);
    throw new DomainError('INSUFFICIENT_CREDITS', INSUFFICIENT);
  }

  /**
   * Gives one credit back (a failed generation). Returns the new balance. Given `em`, it runs in that
   * EntityManager's transaction (with the caller's record that the refund is made).
   */
  async refund(userId: string, reason: string, jobId?: string, em?: EntityManager): Promise<number> {
    const runner = this.runner(em);
    await openBillingAccount(runner, userId);
    const rows = await runner.execute<{ balance_after: number }[]>(
      `with b as (update billing_accounts set credits = credits + 1, updated_at = now() where user_id = ? returning user_id, credits)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, job_id, created_at)
       select gen_random_uuid(), user_id, 1, credits, 'refund', ?, ?, now() from b returning balance_after`,
      [userId, reason, jobId ?? null],
    );
    if (!rows.length) throw notFound('Account not found.');
    return rows[0].balance_after;
  }

  /** Sets a balance (tests and scripts; the admin dashboard uses adminSet); the ledger records the difference. */
  async setBalance(userId: string, amount: number, reason: string): Promise<number> {
    if (!Number.isInteger(amount) || amount < 0 || amount > MAX_ADMIN_BALANCE) throw badInput('The token amount must be a whole number, 0 or more.');
    const em = this.runner();
    await openBillingAccount(em, userId);
    const rows = await em.execute<{ balance_after: number }[]>(
      `with old as (select user_id, credits from billing_accounts where user_id = ? for update),
            b as (update billing_accounts set credits = ?, updated_at = now() from old where billing_accounts.user_id = old.user_id
                  returning billing_accounts.user_id, billing_accounts.credits as after, old.credits as before)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, created_at)
       select gen_random_uuid(), user_id, after - before, after, 'admin_set', ?, now() from b returning balance_after`,
      [userId, amount, reason],
    );
    if (!rows.length) throw notFound('Account not found.');
    return rows[0].balance_after;
  }

  /**
   * An admin sets a user's balance (requirements (producers and admin) Update Tokens), only if it is still `expected` (what the
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
    const runner = this.runner(em);
    await openBillingAccount(runner, userId);
    const rows = await runner.execute<{ id: string; balance_after: number; delta: number }[]>(
      `with old as (select user_id, credits from billing_accounts where user_id = ? and credits = ? for update),
            b as (update billing_accounts set credits = ?, updated_at = now() from old where billing_accounts.user_id = old.user_id
                  returning billing_accounts.user_id, billing_accounts.credits as after, old.credits as before)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, admin_id, created_at)
       select gen_random_uuid(), user_id, after - before, after, 'admin_set', ?, ?, now() from b returning id, balance_after, delta`,
      [userId, expected, amount, reason, adminId],
    );
    if (rows.length) return { before: rows[0].balance_after - rows[0].delta, after: rows[0].balance_after, ledgerEntryId: rows[0].id };
    const { credits } = await this.deps.accounts.stateOf(userId, runner);
    throw new DomainError('CONFLICT', `The balance changed to ${credits} since you opened it; check it and try again.`, { tokensRemaining: credits });
  }

  /**
   * Starts a credit cycle: the plan's level and allowance for [start, end). With `onlyIfEnded`, it
   * happens only when the current cycle is over (so concurrent lazy refreshes grant once).
   * Given `em`, it runs in that EntityManager's transaction.
   */
  async startCycle(userId: string, level: number, start: Date, end: Date, reason: string, onlyIfEnded: boolean, em?: EntityManager): Promise<boolean> {
    const plan = planByLevel(level);
    // Inside a caller's transaction (payment fulfilment) when given its EntityManager.
    const runner = this.runner(em);
    await openBillingAccount(runner, userId);
    const rows = await runner.execute<{ balance_after: number }[]>(
      `with old as (select user_id, credits from billing_accounts
                    where user_id = ? ${onlyIfEnded ? 'and (cycle_end is null or cycle_end <= ?)' : ''} for update),
            b as (update billing_accounts set credits = ?, level = ?, cycle_start = ?, cycle_end = ?, updated_at = now()
                  from old where billing_accounts.user_id = old.user_id
                  returning billing_accounts.user_id, billing_accounts.credits as after, old.credits as before)
       insert into token_ledger (id, user_id, delta, balance_after, kind, reason, created_at)
       select gen_random_uuid(), user_id, after - before, after, 'cycle', ?, now() from b returning balance_after`,
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
   * on Stripe's paid invoices, not here. True when a cycle started.
   */
  async ensureCycle(userId: string, now = new Date()): Promise<boolean> {
    const state = await this.deps.accounts.stateOf(userId);
    if (state.cycleEnd && state.cycleEnd > now) return false;
    const em = this.deps.orm.em.fork();
    const subscription = await em.findOne(Subscription, { user: userId, status: { $in: ['active', 'past_due'] } }, { orderBy: { createdAt: 'desc' } });
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
      return this.startCycle(userId, subscription.level, subscription.currentPeriodStart, subscription.currentPeriodEnd, `${planByLevel(subscription.level).name} plan: new cycle`, true);
    }
    // Without a subscription the account keeps its level (Free, or one an admin set) on calendar
    // months; a subscription that just ended drops it to Free.
    const level = subscription ? FREE_PLAN.level : state.level;
    const month = calendarMonth(now);
    // After a paid period that ended mid-month, the Free cycle runs from its end to the month's end.
    const start = state.cycleEnd && state.cycleEnd > month.start ? state.cycleEnd : month.start;
    return this.startCycle(userId, level, start, month.end, `${planByLevel(level).name} plan: monthly tokens`, true);
  }

  /** A user's ledger, newest first. */
  async history(userId: string, limit = 100): Promise<CreditLedgerEntry[]> {
    return this.deps.orm.em.fork().find(CreditLedgerEntry, { user: userId }, { orderBy: { createdAt: 'desc' }, limit });
  }
}
