import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { DomainError, badInput, conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { User } from '../accounts';
import { BillingCustomer } from './billing-customer.entity';
import { CheckoutSession } from './checkout-session.entity';
import type { Fulfilment, ReplacedSubscription, SubscriptionPaymentRecord } from './fulfilment';
import type { PaymentsPort, ProviderSubscription, SessionDetails } from './payments/payments-port';
import { FREE_PLAN, planByLevel, planByPriceId, type Plan } from './plans';
import { Subscription } from './subscription.entity';
import { addMonth, type CreditsService } from './credits.service';
import type { BillingAccounts } from './billing-accounts.service';
import type { CreditLedgerEntry } from './credit-ledger-entry.entity';
import { SubscriptionPayment } from './subscription-payment.entity';
import { REFUND_WINDOW_DAYS } from './billing-admin.service';

export const ALREADY_SUBSCRIBED = 'You are already subscribed to this plan.';
export const CANCELLED = 'Subscription cancelled successfully.';

/** One of a user's own subscription payments, as My Account's money-back guarantee shows it. */
export interface OwnPayment {
  readonly id: string;
  readonly userId: string;
  readonly level: number;
  readonly subscriptionType: string;
  readonly amountCents: number;
  readonly refundedCents: number;
  readonly currency: string;
  readonly paidAt: Date;
  readonly refundedAt: Date | null;
  /** The last moment the money-back guarantee covers it (REFUND_WINDOW_DAYS after it was taken). */
  readonly refundableUntil: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

const ownPayment = (p: SubscriptionPayment): OwnPayment => ({
  id: p.id,
  userId: p.user.id,
  level: p.level,
  subscriptionType: planByLevel(p.level).name,
  amountCents: p.amountCents,
  refundedCents: p.refundedCents,
  currency: p.currency,
  paidAt: p.paidAt,
  refundedAt: p.refundedAt ?? null,
  refundableUntil: new Date(p.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS),
});

/** What My Account and the subscribe page know of a user's plan. */
export interface SubscriptionView {
  readonly level: number;
  readonly plan: Plan;
  /** Generation credits left (GraphQL and REST: tokensRemaining). */
  readonly credits: number;
  readonly creditsRefreshAt: Date | null;
  /** The subscription that renews or is running out, if any. */
  readonly subscription: Subscription | null;
}

interface BillingDeps {
  readonly orm: MikroORM;
  readonly payments: PaymentsPort;
  readonly fulfilment: Fulfilment;
  readonly credits: CreditsService;
  readonly billingAccounts: BillingAccounts;
  readonly logger: Logger;
  /** The web app: Stripe sends the browser back to its /success and /subscriptions pages. */
  readonly webOrigin: string;
}

const displayName = (user: User) => [user.fname, user.lname].filter(Boolean).join(' ') || user.username;

/** Subscriptions: checkout, the success page's details, cancellation, the plan and credit history. */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  get provider(): PaymentsPort['provider'] {
    return this.deps.payments.provider;
  }

  /** POST /subscription-checkout-session: a checkout for a paid plan; the URL the browser goes to. */
  async startCheckout(user: User, priceId: unknown): Promise<{ checkoutUrl: string; sessionId: string }> {
    const plan = typeof priceId === 'string' ? planByPriceId(priceId) : undefined;
    if (!plan) throw badInput('price_id must be one of early_access, premium or enterprise.');
    if (plan.level === (await this.deps.billingAccounts.levelOf(user.id))) throw conflict(ALREADY_SUBSCRIBED);
    const em = this.deps.orm.em.fork();
    const customer = { userId: user.id, email: user.email, name: displayName(user) };
    const known = await em.findOne(BillingCustomer, { user: user.id });
    const customerId = await this.deps.payments.ensureCustomer(customer, known?.customerId ?? null);
    if (customerId && !known) {
      await em.execute(`insert into billing_customers (user_id, provider, customer_id, created_at) values (?, ?, ?, now()) on conflict do nothing`, [
        user.id, this.deps.payments.provider, customerId,
      ]);
    }
    // The key counts this plan's closed checkouts only: two clicks at once, or a click after coming
    // back from an open checkout, send the same key and get the same session; one that expired or
    // completed moves the count on. (Counting every row raced: a click that counted after the other
    // click's insert sent a new key.)
    const attempt = await em.count(CheckoutSession, { user: user.id, level: plan.level, status: { $ne: 'open' } });
    const { sessionId, url } = await this.deps.payments.createCheckout(
      {
        customer,
        plan,
        attempt,
        successUrl: `${this.deps.webOrigin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.deps.webOrigin}/subscriptions`,
      },
      customerId,
    );
    await em.execute(
      `insert into checkout_sessions (id, user_id, provider, level, amount_cents, currency, status, created_at)
       values (?, ?, ?, ?, ?, ?, 'open', now()) on conflict (id) do nothing`,
      [sessionId, user.id, this.deps.payments.provider, plan.level, plan.priceCents, plan.currency],
    );
    return { checkoutUrl: url, sessionId };
  }

  /**
   * GET /get-session-details/{session_id}: the owner's checkout as the success page shows it. A paid
   * checkout is fulfilled here too (idempotently), so the page never waits for the webhook.
   */
  async sessionDetails(user: User, sessionId: string): Promise<SessionDetails> {
    const record = await this.checkoutOf(user, sessionId);
    const remote = await this.deps.payments.retrieveCheckout(sessionId);
    if (remote) {
      if (remote.paidSubscription) await this.fulfil(sessionId, remote.paidSubscription);
      return remote.details;
    }
    return {
      customer_details: { name: displayName(user), email: user.email },
      amount_total: record.amountCents,
      currency: record.currency,
      payment_status: record.status === 'complete' ? 'paid' : 'unpaid',
      subscription: record.subscriptionId ?? null,
    };
  }

  /**
   * The fulfilment every path shares: the webhook (with its event, recorded in the same
   * transaction), the success page and the local checkout's Pay. 'unchanged' when the checkout was
   * already complete, 'duplicate' when the event was applied before.
   */
  async fulfil(
    sessionId: string,
    subscription: ProviderSubscription,
    event?: { id: string; type: string },
    payment?: SubscriptionPaymentRecord,
    guard?: (em: EntityManager) => Promise<void>,
  ): Promise<'completed' | 'unchanged' | 'duplicate'> {
    const run = async (em: EntityManager) => {
      await guard?.(em);
      const replaced = await this.deps.fulfilment.completeCheckout(em, sessionId, subscription, payment);
      // A checkout completed before (by another path) may still bring the payment's amount.
      if (!replaced && payment) await this.deps.fulfilment.recordPayment(em, subscription, payment);
      return replaced;
    };
    if (event) {
      const result = await this.deps.fulfilment.once(event.id, event.type, run);
      // Stripe retries an event we did not answer with 2xx: when a replaced subscription could not
      // be stopped this answer fails, and the retry (a duplicate by then) stops it.
      await this.stopReplacedOf(sessionId, subscription.id);
      if (!result.applied) return 'duplicate';
      return result.value ? 'completed' : 'unchanged';
    }
    // The success page and the local Pay: a provider that refuses now is told again by the webhook.
    const replaced: ReplacedSubscription[] | null = await this.deps.fulfilment.transaction(run);
    if (!replaced) return 'unchanged';
    await this.stopAtProvider(replaced);
    return 'completed';
  }

  /**
   * Every subscription of the checkout's user that we hold as ending at period end (a replaced
   * one, or one the user cancelled) is told so at the provider again; it throws when the provider
   * refuses. The call is idempotent at the provider: setting cancel_at_period_end twice is one state.
   */
  private async stopReplacedOf(sessionId: string, keep: string): Promise<void> {
    const rows = await this.deps.orm.em.fork().execute<{ id: string; provider_subscription_id: string }[]>(
      `select s.id, s.provider_subscription_id from subscriptions s join checkout_sessions c on c.user_id = s.user_id
        where c.id = ? and s.provider = ? and s.cancel_at_period_end and s.status in ('active', 'past_due')
          and s.provider_subscription_id <> ?`,
      [sessionId, this.deps.payments.provider, keep],
    );
    for (const row of rows) await this.deps.payments.cancelAtPeriodEnd(row.provider_subscription_id, row.id);
  }

  /** The local checkout's record, for its page (any holder of the unguessable id may see it, as at Stripe). */
  async localCheckout(sessionId: string): Promise<{ session: CheckoutSession; plan: Plan }> {
    if (this.deps.payments.provider !== 'local') throw notFound('That checkout does not exist.');
    const session = await this.deps.orm.em.fork().findOne(CheckoutSession, { id: sessionId, provider: 'local' });
    if (!session) throw notFound('That checkout does not exist.');
    return { session, plan: planByLevel(session.level) };
  }

  /** The local checkout's Pay: a month of the plan, through the same fulfilment as Stripe's webhook. */
  async payLocally(sessionId: string, now = new Date()): Promise<void> {
    const { session } = await this.localCheckout(sessionId);
    if (session.status === 'expired') throw conflict('This checkout was cancelled.');
    const payment: SubscriptionPaymentRecord = {
      providerPaymentId: session.id,
      refundReference: session.id,
      amountCents: session.amountCents,
      currency: session.currency,
      paidAt: now,
    };
    const subscriptionId = `local_sub_${session.id.slice('local_cs_'.length)}`;
    // Two open checkouts of one plan (opened before the key was honoured, or after a key moved on)
    // must not both be paid: one period, one payment. The user's Pays are serialised, and a plan
    // already live for this period (from another checkout) refuses the second, as startCheckout does.
    const onePaymentPerPeriod = async (em: EntityManager) => {
      await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`local-pay:${session.user.id}`]);
      const [current] = await em.execute<{ status: string }[]>(`select status from checkout_sessions where id = ?`, [sessionId]);
      if (current?.status !== 'open') return; // paid already (a second click): completing it again changes nothing
      const live = await em.execute(
        `select 1 from subscriptions
          where user_id = ? and provider = 'local' and level = ? and provider_subscription_id <> ?
            and status in ('active', 'past_due') and not cancel_at_period_end and current_period_end > ? limit 1`,
        [session.user.id, session.level, subscriptionId, now],
      );
      if (live.length) throw conflict(ALREADY_SUBSCRIBED);
    };
    await this.fulfil(sessionId, {
      provider: 'local',
      id: subscriptionId,
      customerId: null,
      userId: session.user.id,
      level: session.level,
      status: 'active',
      cancelAtPeriodEnd: false,
      periodStart: now,
      periodEnd: addMonth(now),
    }, undefined, payment, onePaymentPerPeriod);
  }

  /** The local checkout's Cancel: the checkout can no longer be paid. */
  async abandonLocally(sessionId: string): Promise<void> {
    await this.localCheckout(sessionId);
    await this.deps.orm.em.fork().nativeUpdate(CheckoutSession, { id: sessionId, status: 'open' }, { status: 'expired' });
  }

  /**
   * POST /cancel-subscription: renewal stops at the provider (no refund, no further charge), and the
   * account's subscription type becomes Free now (requirements §L4); credits already granted last the cycle.
   */
  async cancel(user: User): Promise<{ message: string; subscriptionType: string }> {
    const em = this.deps.orm.em.fork();
    const live = await em.find(Subscription, { user: user.id, status: { $in: ['active', 'past_due'] }, cancelAtPeriodEnd: false });
    if (!live.length) {
      if ((await this.deps.billingAccounts.levelOf(user.id)) === FREE_PLAN.level) throw notFound('You have no subscription to cancel.');
      throw new DomainError('CONFLICT', 'Your plan was set by our team; contact support to change it.');
    }
    for (const subscription of live) await this.deps.payments.cancelAtPeriodEnd(subscription.providerSubscriptionId, subscription.id);
    await this.deps.fulfilment.transaction((tem) => this.deps.fulfilment.cancelLocally(tem, live.map((s) => s.id), user.id));
    return { message: CANCELLED, subscriptionType: FREE_PLAN.name };
  }

  async view(user: User): Promise<SubscriptionView> {
    const [subscription, state] = await Promise.all([
      this.deps.orm.em.fork().findOne(
        Subscription,
        { user: user.id, status: { $in: ['active', 'past_due'] } },
        { orderBy: { cancelAtPeriodEnd: 'asc', createdAt: 'desc' } },
      ),
      this.deps.billingAccounts.stateOf(user.id),
    ]);
    return {
      level: state.level,
      plan: state.plan,
      credits: state.credits,
      creditsRefreshAt: state.cycleEnd,
      subscription,
    };
  }

  /** The account's subscription level (1 Free to 4 Enterprise). */
  levelOf(userId: string): Promise<number> {
    return this.deps.billingAccounts.levelOf(userId);
  }

  creditHistory(user: User, limit: number): Promise<CreditLedgerEntry[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badInput('limit must be between 1 and 200.');
    return this.deps.credits.history(user.id, limit);
  }

  /** The user's subscription payments taken since `since`, newest first (at most `limit`). */
  async paymentsOf(userId: string, since: Date, limit = 50): Promise<OwnPayment[]> {
    const rows = await this.deps.orm.em.fork().find(SubscriptionPayment, { user: userId, paidAt: { $gte: since } }, { orderBy: { paidAt: 'desc', id: 'desc' }, limit });
    return rows.map(ownPayment);
  }

  /** One payment of the user; null for an unknown id and for another user's payment alike. */
  async paymentOf(userId: string, paymentId: string): Promise<OwnPayment | null> {
    if (typeof paymentId !== 'string' || !UUID.test(paymentId)) return null;
    const row = await this.deps.orm.em.fork().findOne(SubscriptionPayment, { id: paymentId, user: userId });
    return row ? ownPayment(row) : null;
  }

  private async checkoutOf(user: User, sessionId: string): Promise<CheckoutSession> {
    if (typeof sessionId !== 'string' || sessionId.length > 255) throw notFound('That checkout does not exist.');
    const record = await this.deps.orm.em.fork().findOne(CheckoutSession, { id: sessionId, user: user.id });
    if (!record) throw notFound('That checkout does not exist.');
    return record;
  }

  /** After a new subscription replaced others, they stop renewing at the provider too. */
  private async stopAtProvider(replaced: ReplacedSubscription[]): Promise<void> {
    for (const old of replaced) {
      if (old.provider !== this.deps.payments.provider) continue;
      try {
        await this.deps.payments.cancelAtPeriodEnd(old.providerSubscriptionId, old.id);
      } catch (error) {
        this.deps.logger.error({ err: error, subscription: old.providerSubscriptionId }, 'could not stop a replaced subscription at the provider');
      }
    }
  }
}
