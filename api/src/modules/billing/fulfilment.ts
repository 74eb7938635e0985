import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import { FREE_PLAN, planByLevel } from './plans';
import type { ProviderSubscription } from './payments/payments-port';
import { openBillingAccount } from './billing-accounts.service';
import type { CreditsService } from './credits.service';

/** Money the provider took for a subscription (a paid checkout or invoice), recorded once by its id. */
export interface SubscriptionPaymentRecord {
  /** Stripe's invoice id, or the local checkout's session id. */
  readonly providerPaymentId: string;
  /** What a refund is made against (Stripe's payment intent or charge), when known. */
  readonly refundReference: string | null;
  readonly amountCents: number;
  readonly currency: string;
  readonly paidAt: Date;
}

/** A subscription of ours that another provider call must now stop renewing (after commit). */
export interface ReplacedSubscription {
  readonly id: string;
  readonly provider: string;
  readonly providerSubscriptionId: string;
}

interface SubscriptionRow {
  id: string;
  user_id: string;
  level: number;
  status: string;
  current_period_start: Date;
  current_period_end: Date;
}

const LIVE = `status in ('active', 'past_due') and not cancel_at_period_end`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one place a payment changes an account: completing a checkout, applying the provider's
 * state of a subscription, granting a paid cycle's credits. Every function runs inside the caller's
 * transaction and is idempotent: a checkout completes once (a conditional update of its row), a
 * period is granted once (its key in payment_events), and a cancelled subscription stays cancelled,
 * so the webhook, the success page and the local checkout may all call it, twice or at once, in
 * any order.
 */
export class Fulfilment {
  constructor(private readonly deps: { orm: MikroORM; credits: CreditsService; logger: Logger }) {}

  /**
   * Runs `effects` in one transaction with the insertion of `key` into payment_events: the key
   * commits with the effects or not at all. A key seen before (also one being applied right now,
   * whose insertion we wait for) skips the effects and resolves `{ applied: false }`.
   */
  async once<T>(key: string, type: string, effects: (em: EntityManager) => Promise<T>): Promise<{ applied: true; value: T } | { applied: false }> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      if (!(await this.claim(em, key, type))) return { applied: false as const };
      return { applied: true as const, value: await effects(em) };
    });
  }

  /** Runs `effects` in a transaction of its own. */
  transaction<T>(effects: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.deps.orm.em.fork().transactional(effects);
  }

  /**
   * Completes a paid checkout: its row turns complete (once; a second caller finds it complete and
   * does nothing), the user's other live subscriptions stop renewing, and the new subscription is
   * applied with its first period's credits. Returns the subscriptions the provider must stop, or
   * null when this call did nothing.
   */
  async completeCheckout(em: EntityManager, sessionId: string, subscription: ProviderSubscription, payment?: SubscriptionPaymentRecord): Promise<ReplacedSubscription[] | null> {
    const [session] = await em.execute<{ user_id: string }[]>(
      `update checkout_sessions set status = 'complete', subscription_id = ?, completed_at = now()
        where id = ? and status = 'open' returning user_id`,
      [subscription.id, sessionId],
    );
    if (!session) return null;
    if (subscription.userId && subscription.userId !== session.user_id) {
      this.deps.logger.warn({ sessionId, subscription: subscription.id }, 'checkout subscription names another user; the checkout record wins');
    }
    const replaced = await em.execute<{ id: string; provider: string; provider_subscription_id: string }[]>(
      `update subscriptions set cancel_at_period_end = true, updated_at = now()
        where user_id = ? and provider_subscription_id <> ? and ${LIVE}
        returning id, provider, provider_subscription_id`,
      [session.user_id, subscription.id],
    );
    await this.applySubscription(em, { ...subscription, userId: session.user_id }, true);
    if (payment) await this.recordPayment(em, subscription, payment);
    return replaced.map((r) => ({ id: r.id, provider: r.provider, providerSubscriptionId: r.provider_subscription_id }));
  }

  /**
   * Applies the provider's state of a subscription. With `grantPeriod`, a live subscription's current
   * period starts a credit cycle at the plan's allowance, once per period. A subscription that is no
   * longer live leaves the user on Free unless another one is. Returns false when the subscription
   * cannot be tied to a user of ours.
   */
  async applySubscription(em: EntityManager, subscription: ProviderSubscription, grantPeriod: boolean): Promise<boolean> {
    const userId = await this.ownerOf(em, subscription);
    if (!userId) {
      this.deps.logger.warn({ subscription: subscription.id }, 'subscription of no known user ignored');
      return false;
    }
    await em.execute(
      `insert into subscriptions (id, user_id, provider, provider_subscription_id, provider_customer_id, level, status,
                                  current_period_start, current_period_end, cancel_at_period_end, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
       on conflict (provider_subscription_id) do nothing`,
      [userId, subscription.provider, subscription.id, subscription.customerId, subscription.level, subscription.status,
        subscription.periodStart, subscription.periodEnd, subscription.cancelAtPeriodEnd],
    );
    const [row] = await em.execute<SubscriptionRow[]>(
      `select id, user_id, level, status, current_period_start, current_period_end from subscriptions where provider_subscription_id = ? for update`,
      [subscription.id],
    );
    // Cancelled is final (as at Stripe): a late or replayed event never revives a subscription.
    const status = row.status === 'canceled' ? 'canceled' : subscription.status;
    // A stale event never moves a period backwards.
    const newer = subscription.periodEnd >= new Date(row.current_period_end);
    const periodStart = newer ? subscription.periodStart : new Date(row.current_period_start);
    const periodEnd = newer ? subscription.periodEnd : new Date(row.current_period_end);
    const live = (status === 'active' || status === 'past_due') && !subscription.cancelAtPeriodEnd;
    const granted = grantPeriod && live && (await this.claim(em, `cycle:${subscription.id}:${periodStart.toISOString()}`, 'cycle.granted'));
    // Plan changes take effect at the next cycle: until a period is granted, a new plan waits.
    const level = granted ? subscription.level : row.level;
    const pendingLevel = granted || subscription.level === row.level ? null : subscription.level;
    await em.execute(
      `update subscriptions set status = ?, cancel_at_period_end = ?, current_period_start = ?, current_period_end = ?,
              provider_customer_id = coalesce(?, provider_customer_id), level = ?, pending_level = ?, updated_at = now()
        where id = ?`,
      [status, subscription.cancelAtPeriodEnd, periodStart, periodEnd, subscription.customerId, level, pendingLevel, row.id],
    );
    if (granted) {
      await this.deps.credits.startCycle(userId, level, periodStart, periodEnd, `${planByLevel(level).name} plan: paid period`, false, em);
    } else if (live) {
      await this.restoreLevel(em, userId);
    } else {
      await this.downgradeUnlessSubscribed(em, userId);
    }
    return true;
  }

  /**
   * Records money taken for a subscription we hold (once per provider payment id; a second record
   * of the same payment only fills in a refund reference the first did not know). Returns false
   * when the subscription is not ours.
   */
  async recordPayment(em: EntityManager, subscription: ProviderSubscription, payment: SubscriptionPaymentRecord): Promise<boolean> {
    if (!Number.isInteger(payment.amountCents) || payment.amountCents < 0) throw new Error(`Payment ${payment.providerPaymentId} has no valid amount.`);
    const rows = await em.execute<{ id: string }[]>(
      `insert into subscription_payments (id, user_id, provider, provider_payment_id, refund_reference, provider_subscription_id, level,
                                          amount_cents, currency, paid_at, refunded_cents)
       select gen_random_uuid(), s.user_id, s.provider, ?, ?, s.provider_subscription_id, ?, ?, ?, ?, 0
         from subscriptions s where s.provider_subscription_id = ?
       on conflict (provider_payment_id) do update
         set refund_reference = coalesce(subscription_payments.refund_reference, excluded.refund_reference)
       returning id`,
      [payment.providerPaymentId, payment.refundReference, subscription.level, payment.amountCents, payment.currency, payment.paidAt, subscription.id],
    );
    return rows.length > 0;
  }

  /** Stops renewal of a user's live subscriptions in our records and puts the account on Free. */
  async cancelLocally(em: EntityManager, subscriptionIds: string[], userId: string): Promise<void> {
    if (subscriptionIds.length) {
      await em.execute(`update subscriptions set cancel_at_period_end = true, updated_at = now() where id in (${subscriptionIds.map(() => '?').join(', ')})`, subscriptionIds);
    }
    await this.downgradeUnlessSubscribed(em, userId);
  }

  /** Free, unless another subscription still renews. Credits stay until the cycle ends (ensureCycle). */
  private async downgradeUnlessSubscribed(em: EntityManager, userId: string): Promise<void> {
    await openBillingAccount(em, userId);
    await em.execute(
      `update billing_accounts set level = ?, updated_at = now()
        where user_id = ? and level <> ? and not exists (select 1 from subscriptions where user_id = ? and ${LIVE})`,
      [FREE_PLAN.level, userId, FREE_PLAN.level, userId],
    );
  }

  /**
   * The level of the user's newest live subscription, e.g. when one cancelled at period end is
   * renewed at the provider before it ends (the cancellation had put the account on Free). Credits
   * are left alone: the period's grant was made once and stays.
   */
  private async restoreLevel(em: EntityManager, userId: string): Promise<void> {
    await openBillingAccount(em, userId);
    await em.execute(
      `update billing_accounts set level = live.level, updated_at = now()
         from (select level from subscriptions where user_id = ? and ${LIVE} order by created_at desc limit 1) live
        where billing_accounts.user_id = ? and billing_accounts.level <> live.level`,
      [userId, userId],
    );
  }

  /** Inserts a key into payment_events; false when it was already there (waits for one being applied). */
  private async claim(em: EntityManager, key: string, type: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `insert into payment_events (id, type, processed_at) values (?, ?, now()) on conflict (id) do nothing returning id`,
      [key, type],
    );
    return rows.length > 0;
  }

  /**
   * Our user behind a provider subscription: its metadata (an account billing knows: it has
   * billing state or started a checkout), else its customer, else our own row.
   */
  private async ownerOf(em: EntityManager, subscription: ProviderSubscription): Promise<string | null> {
    const metadataUser = subscription.userId && UUID.test(subscription.userId) ? subscription.userId : null;
    const [row] = await em.execute<{ id: string }[]>(
      `select user_id as id from billing_accounts where user_id = ?::uuid
       union all select user_id from checkout_sessions where user_id = ?::uuid
       union all select user_id from billing_customers where customer_id = ?
       union all select user_id from subscriptions where provider_subscription_id = ?
       limit 1`,
      [metadataUser, metadataUser, subscription.customerId, subscription.id],
    );
    return row?.id ?? null;
  }
}
