import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { BillingAccounts } from './billing-accounts.service';
import type { Fulfilment } from './fulfilment';
import type { PaymentsPort } from './payments/payments-port';
import { FREE_PLAN, PLANS, planByLevel } from './plans';

/** The money-back guarantee: a subscription payment can be refunded this long after it was taken. */
export const REFUND_WINDOW_DAYS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account's plan and balance, as the admin's subscription list shows it. */
export interface PlanAccountRow {
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly level: number;
  readonly subscriptionType: string;
  readonly tokensRemaining: number;
}

/** A subscription payment, as the admin's payment list shows it. */
export interface SubscriptionPaymentRow {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly subscriptionType: string;
  readonly provider: string;
  readonly amountCents: number;
  readonly refundedCents: number;
  readonly currency: string;
  readonly paidAt: Date;
  readonly refundedAt: Date | null;
  /** Not refunded, taken within the refund window, with something to refund. */
  readonly refundable: boolean;
}

/** Per plan: accounts on it, and the money its payments brought in (refunds subtracted). */
export interface PlanStat {
  readonly level: number;
  readonly subscriptionType: string;
  readonly count: number;
  readonly revenueCents: number;
}

/** What billing's admin views need of the accounts module: accounts newest first, and who they are. */
export interface AccountDirectory {
  adminPage(offset: number, limit: number): Promise<{ rows: readonly { userId: string; username: string; email: string }[]; total: number }>;
  countUsers(): Promise<number>;
  identitiesOf(userIds: readonly string[]): Promise<Map<string, { username: string; email: string }>>;
}

export interface Page<T> {
  readonly rows: readonly T[];
  readonly total: number;
}

interface PaymentDbRow {
  id: string;
  user_id: string;
  level: number;
  provider: string;
  amount_cents: number;
  refunded_cents: number;
  currency: string;
  paid_at: Date;
  refunded_at: Date | null;
  refundable: boolean;
}

type Identity = { username: string; email: string };
/** A payment whose account is gone reads with empty names (the row is deleted with it; this is a race). */
const NO_IDENTITY: Identity = { username: '', email: '' };

const presentPayment = (r: PaymentDbRow, who: Identity): SubscriptionPaymentRow => ({
  id: r.id,
  userId: r.user_id,
  username: who.username,
  email: who.email,
  subscriptionType: planByLevel(r.level).name,
  provider: r.provider,
  amountCents: r.amount_cents,
  refundedCents: r.refunded_cents,
  currency: r.currency,
  paidAt: new Date(r.paid_at),
  refundedAt: r.refunded_at ? new Date(r.refunded_at) : null,
  refundable: r.refundable,
});

const PAYMENT_COLUMNS = `p.id, p.user_id, p.level, p.provider, p.amount_cents, p.refunded_cents, p.currency, p.paid_at, p.refunded_at,
  (p.refunded_at is null and p.amount_cents > 0 and p.paid_at > now() - interval '${REFUND_WINDOW_DAYS} days') as refundable`;

/**
 * What staff see and do of billing: every account's plan and balance, subscription counts and the
 * revenue recorded in subscription_payments, and refunds of those payments under the 30-day
 * money-back guarantee. Credit balances are set through CreditsService.adminSet; who an account is
 * comes from the accounts module.
 */
export class BillingAdminService {
  constructor(private readonly deps: { orm: MikroORM; payments: PaymentsPort; fulfilment: Fulfilment; billingAccounts: BillingAccounts; accounts: AccountDirectory; logger: Logger }) {}

  private get sql() {
    return this.deps.orm.em.fork().getConnection();
  }

  /** Every account's plan and credit balance, newest account first. */
  async planAccounts(offset: number, limit: number): Promise<Page<PlanAccountRow>> {
    const { rows, total } = await this.deps.accounts.adminPage(offset, limit);
    const states = await this.deps.billingAccounts.statesOf(rows.map((r) => r.userId));
    return {
      total,
      rows: rows.map((r) => {
        const state = states.get(r.userId)!;
        return { userId: r.userId, username: r.username, email: r.email, level: state.level, subscriptionType: state.plan.name, tokensRemaining: state.credits };
      }),
    };
  }

  /** One account as the subscription list shows it. */
  async planAccountOf(user: { id: string; username: string; email: string }, em?: EntityManager): Promise<PlanAccountRow> {
    const state = await this.deps.billingAccounts.stateOf(user.id, em);
    return { userId: user.id, username: user.username, email: user.email, level: state.level, subscriptionType: state.plan.name, tokensRemaining: state.credits };
  }

  /**
   * Active subscriptions: accounts on a paid plan, counted from the same column as planStats, so the
   * dashboard's card always equals the statistics' paid rows. A subscription cancelled or refunded
   * stays 'active' at the provider until its period ends, but its account is on Free at once (requirements (listener core)
   * §4), so provider rows would count it while the statistics show Free.
   */
  async activeSubscriptionCount(): Promise<number> {
    const [{ total }] = await this.sql.execute<{ total: string }[]>('select count(*) as total from billing_accounts where level <> ?', [FREE_PLAN.level]);
    return Number(total);
  }

  /** Accounts per plan, and each plan's payments less refunds, in plan order. */
  async planStats(): Promise<PlanStat[]> {
    const [countOf, accounts, revenue] = await Promise.all([
      this.deps.billingAccounts.countsByLevel(),
      this.deps.accounts.countUsers(),
      this.sql.execute<{ level: number; cents: string }[]>('select level, sum(amount_cents - refunded_cents) as cents from subscription_payments group by level'),
    ]);
    // Accounts billing never touched have no row and are Free.
    const counted = [...countOf.values()].reduce((sum, n) => sum + n, 0);
    countOf.set(FREE_PLAN.level, (countOf.get(FREE_PLAN.level) ?? 0) + Math.max(0, accounts - counted));
    const revenueOf = new Map(revenue.map((r) => [r.level, Number(r.cents)]));
    return PLANS.map((plan) => ({ level: plan.level, subscriptionType: plan.name, count: countOf.get(plan.level) ?? 0, revenueCents: revenueOf.get(plan.level) ?? 0 }));
  }

  /** All subscription money taken, less refunds, in cents. */
  async revenueCents(): Promise<number> {
    const [{ cents }] = await this.sql.execute<{ cents: string | null }[]>('select sum(amount_cents - refunded_cents) as cents from subscription_payments');
    return Number(cents ?? 0);
  }

  /** Subscription payments, newest first. */
  async payments(offset: number, limit: number): Promise<Page<SubscriptionPaymentRow>> {
    const [rows, [{ total }]] = await Promise.all([
      this.sql.execute<PaymentDbRow[]>(
        `select ${PAYMENT_COLUMNS} from subscription_payments p order by p.paid_at desc, p.id desc limit ? offset ?`,
        [limit, offset],
      ),
      this.sql.execute<{ total: string }[]>('select count(*) as total from subscription_payments'),
    ]);
    const who = await this.deps.accounts.identitiesOf([...new Set(rows.map((r) => r.user_id))]);
    return { total: Number(total), rows: rows.map((r) => presentPayment(r, who.get(r.user_id) ?? NO_IDENTITY)) };
  }

  /**
   * Refunds a subscription payment in full at the provider (idempotency key from the payment, so a
   * retry after a failure refunds once) and stops the subscription's renewal; the account goes back
   * to Free (credits already granted last the cycle). Runs in the caller's transaction `em`, holding
   * the payment's row: a second refund, at once or later, answers CONFLICT.
   */
  async refund(em: EntityManager, paymentId: string, adminId: string, now = new Date()): Promise<{ before: SubscriptionPaymentRow; after: SubscriptionPaymentRow }> {
    if (!UUID.test(paymentId)) throw notFound('No such subscription payment.');
    const [locked] = await em.execute<(PaymentDbRow & { refund_reference: string | null; provider_subscription_id: string })[]>(
      `select ${PAYMENT_COLUMNS}, p.refund_reference, p.provider_subscription_id
         from subscription_payments p where p.id = ? for update of p`,
      [paymentId],
    );
    if (!locked) throw notFound('No such subscription payment.');
    const before = presentPayment(locked, (await this.deps.accounts.identitiesOf([locked.user_id])).get(locked.user_id) ?? NO_IDENTITY);
    if (locked.refunded_at) throw conflict('This payment was already refunded.');
    if (locked.amount_cents === 0) throw conflict('This payment took no money; there is nothing to refund.');
    const age = now.getTime() - new Date(locked.paid_at).getTime();
    if (age > REFUND_WINDOW_DAYS * 86_400_000) throw conflict(`Payments can be refunded within ${REFUND_WINDOW_DAYS} days; this one was taken on ${new Date(locked.paid_at).toISOString().slice(0, 10)}.`);
    if (locked.provider !== this.deps.payments.provider) throw conflict(`This payment was taken by ${locked.provider}, which this server does not use now.`);
    if (!locked.refund_reference) throw conflict('The payment provider has not said which charge this payment was; try again once its invoice is recorded.');

    const { refundId } = await this.deps.payments.refundPayment(locked.refund_reference, `subscription-payment-${locked.id}`);
    await em.execute(
      `update subscription_payments set refunded_cents = amount_cents, refunded_at = ?, refund_id = ?, refunded_by = ? where id = ?`,
      [now, refundId, adminId, locked.id],
    );
    const [subscription] = await em.execute<{ id: string; status: string; cancel_at_period_end: boolean }[]>(
      'select id, status, cancel_at_period_end from subscriptions where provider_subscription_id = ?',
      [locked.provider_subscription_id],
    );
    if (subscription && !subscription.cancel_at_period_end && subscription.status !== 'canceled') {
      await this.deps.payments.cancelAtPeriodEnd(locked.provider_subscription_id, subscription.id);
      await this.deps.fulfilment.cancelLocally(em, [subscription.id], locked.user_id);
    }
    const after = { ...before, refundedCents: locked.amount_cents, refundedAt: now, refundable: false };
    return { before, after };
  }
}
