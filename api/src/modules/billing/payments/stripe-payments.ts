import Stripe from 'stripe';
import { PLANS } from '../plans';
import type { SubscriptionStatus } from '../subscription.entity';
import { paymentCheckoutKey, subscriptionCheckoutKey, type PaymentsPort, type ProviderCheckout, type ProviderPayment, type ProviderSubscription } from './payments-port';
import { callProvider } from '../../../platform/provider-call';

export interface StripeOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Our price_id -> Stripe's price id. */
  readonly prices: Readonly<Record<string, string>>;
  /** Another API base (a stand-in in tests, stripe-mock); default https://api.stripe.com. */
  readonly apiUrl?: string;
}

/** Stripe's statuses, as our subscriptions keep them (see docs/decisions.md). */
const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  incomplete: 'incomplete',
  unpaid: 'incomplete',
  paused: 'incomplete',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

/** Webhook signatures older than this are refused (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripePayments extends PaymentsPort {
  readonly provider: 'stripe';
  readonly client: Stripe;
  /** Verifies a webhook's signature over its raw body; throws Stripe's SignatureVerificationError. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
}

const calling = <T>(action: string, call: () => Promise<T>): Promise<T> => callProvider('Stripe', action, call);

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The Stripe adapter: Checkout Sessions in subscription mode, one customer per user, idempotency keys from our records. */
export function createStripePayments(options: StripeOptions): StripePayments {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const client = new Stripe(options.secretKey, {
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'YSM' },
  });
  const levelByPrice = new Map(PLANS.filter((p) => p.priceId && options.prices[p.priceId]).map((p) => [options.prices[p.priceId!], p.level]));

  const toProviderSubscription = (subscription: Stripe.Subscription): ProviderSubscription => {
    const item = subscription.items.data[0];
    const level = (item && levelByPrice.get(item.price.id)) ?? Number(subscription.metadata?.level);
    if (!Number.isInteger(level) || level < 2) throw new Error(`Stripe subscription ${subscription.id} is for no plan of ours.`);
    const start = item?.current_period_start ?? subscription.start_date;
    const end = item?.current_period_end ?? start;
    return {
      provider: 'stripe',
      id: subscription.id,
      customerId: idOf(subscription.customer),
      userId: subscription.metadata?.user_id || null,
      level,
      status: STATUS[subscription.status] ?? 'incomplete',
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      periodStart: new Date(start * 1000),
      periodEnd: new Date(end * 1000),
    };
  };

  const retrieveSubscription = async (id: string) => toProviderSubscription(await calling('subscription retrieval', () => client.subscriptions.retrieve(id)));

  return {
    provider: 'stripe',
    client,
    constructEvent: (rawBody, signature) => client.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS),
    retrieveSubscription,

    async ensureCustomer(customer, known) {
      if (known) return known;
      const created = await calling('customer creation', () =>
        client.customers.create(
          { email: customer.email, name: customer.name, metadata: { user_id: customer.userId } },
          { idempotencyKey: `customer-${customer.userId}` },
        ),
      );
      return created.id;
    },

    async createCheckout(request, customerId) {
      const price = options.prices[request.plan.priceId ?? ''];
      if (!price) throw new Error(`No Stripe price is configured for ${request.plan.name}.`);
      const metadata = { user_id: request.customer.userId, level: String(request.plan.level) };
      const session = await calling('checkout creation', () => client.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId ?? undefined,
          client_reference_id: request.customer.userId,
          line_items: [{ price, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          subscription_data: { metadata },
        },
        { idempotencyKey: subscriptionCheckoutKey(request) },
      ));
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
      return { sessionId: session.id, url: session.url };
    },

    async retrieveCheckout(sessionId): Promise<ProviderCheckout> {
      const session = await calling('checkout retrieval', () => client.checkout.sessions.retrieve(sessionId));
      const subscriptionId = idOf(session.subscription);
      const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
      return {
        details: {
          customer_details: { name: session.customer_details?.name ?? null, email: session.customer_details?.email ?? null },
          amount_total: session.amount_total,
          currency: session.currency,
          payment_status: session.payment_status,
          subscription: subscriptionId,
        },
        paidSubscription: paid && subscriptionId ? await retrieveSubscription(subscriptionId) : null,
      };
    },

    async paymentCharge(paymentId) {
      const intent = await calling('payment lookup', () => client.paymentIntents.retrieve(paymentId, { expand: ['latest_charge.balance_transaction'] }));
      const charge = intent.latest_charge;
      if (!charge || typeof charge === 'string') return null;
      const txn = charge.balance_transaction;
      return { chargeId: charge.id, feeCents: txn && typeof txn !== 'string' ? txn.fee : 0 };
    },

    async createPaymentCheckout(request, customerId) {
      const metadata = { ...request.metadata, order_id: request.orderId };
      const session = await calling('payment checkout creation', () => client.checkout.sessions.create(
        {
          mode: 'payment',
          customer: customerId ?? undefined,
          customer_email: customerId ? undefined : request.customer.email,
          client_reference_id: request.customer.userId,
          line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } } }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata,
          // The transfer group ties the producers' transfers to this payment (earnings module).
          payment_intent_data: { metadata, transfer_group: request.orderId },
        },
        { idempotencyKey: paymentCheckoutKey(request) },
      ));
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL.`);
      return { sessionId: session.id, url: session.url };
    },

    async retrievePaymentCheckout(sessionId): Promise<ProviderPayment> {
      const session = await calling('checkout retrieval', () => client.checkout.sessions.retrieve(sessionId));
      return {
        sessionId: session.id,
        status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
        paid: session.status === 'complete' && session.payment_status === 'paid',
        paymentId: idOf(session.payment_intent),
        amountTotal: session.amount_total,
        currency: session.currency,
        metadata: { ...(session.metadata ?? {}) },
      };
    },

    async cancelAtPeriodEnd(providerSubscriptionId, key) {
      await calling('cancellation', () => client.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true }, { idempotencyKey: `cancel-${key}` }));
    },

    async refundPayment(paymentId, key) {
      const target = paymentId.startsWith('ch_') ? { charge: paymentId } : { payment_intent: paymentId };
      const refund = await calling('refund', () => client.refunds.create(target, { idempotencyKey: `refund-${key}` }));
      return { refundId: refund.id };
    },
  };
}

export const isStripePayments = (payments: PaymentsPort): payments is StripePayments => payments.provider === 'stripe';
