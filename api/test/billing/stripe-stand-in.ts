import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { JsonObject } from '../support/json';

/**
 * A local stand-in for the few Stripe API endpoints the billing adapter calls. The real `stripe`
 * SDK is pointed at it (host, port, protocol); it records every request (path, form body,
 * Idempotency-Key), replays answers for a repeated idempotency key as Stripe does, and answers
 * with Stripe-shaped objects. Tests drive what a customer does at Stripe (paying a checkout) and
 * build the signed webhook events Stripe would send.
 */

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly idempotencyKey: string | null;
  readonly authorization: string | null;
}

type Obj = JsonObject;

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  /** Refunds, by id (payment-mode checkouts). */
  readonly refunds = new Map<string, Obj>();
  /** Connect Express accounts, by id. */
  readonly accounts = new Map<string, Obj>();
  /** Stripe price id -> unit amount in cents. */
  readonly prices: Record<string, number>;
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  /** Requests to refuse (as Stripe refusing or being down), by path prefix. */
  private readonly refusals: { prefix: string; left: number }[] = [];
  private server?: Server;
  url = '';

  constructor(prices: Record<string, number>) {
    this.prices = prices;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  /** What Stripe does when the customer pays a checkout: a subscription, and the session complete. */
  pay(sessionId: string, customer = { name: 'Ada Listener', email: 'ada@example.com' }): { session: Obj; subscription: Obj } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const start = now();
    const subscription: Obj = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      start_date: start,
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      items: {
        object: 'list',
        data: [{ id: id('si'), object: 'subscription_item', price: { id: session.line_items[0].price, object: 'price' }, quantity: 1, current_period_start: start, current_period_end: start + 30 * 86_400 }],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, customer_details: customer });
    return { session: this.publicSession(session), subscription };
  }

  /** What Stripe does when the customer pays a payment-mode checkout: a PaymentIntent, and the session complete. */
  payOnce(sessionId: string, customer = { name: 'Ada Listener', email: 'ada@example.com' }): Obj {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.mode !== 'payment') throw new Error(`session ${sessionId} is not in payment mode`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), customer_details: customer });
    return this.publicSession(session);
  }

  /** The subscription moves to its next period (Stripe renewing it). */
  renew(subscriptionId: string): Obj {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = subscription.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + 30 * 86_400;
    return subscription;
  }

  /** A webhook event, as Stripe would send it. */
  event(type: string, object: Obj, created = now()): Obj {
    return { id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, created, livemode: false, pending_webhooks: 1, request: null, type, data: { object } };
  }

  invoiceFor(subscription: Obj, billingReason = 'subscription_cycle'): Obj {
    const item = subscription.items.data[0];
    return {
      id: id('in'),
      object: 'invoice',
      billing_reason: billingReason,
      customer: subscription.customer,
      status: 'paid',
      amount_paid: this.prices[item.price.id],
      currency: 'usd',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: { object: 'list', data: [{ id: id('il'), period: { start: item.current_period_start, end: item.current_period_end } }] },
    };
  }

  private publicSession(session: Obj): Obj {
    const { subscription_data: _hidden, line_items: _items, payment_intent_data: _intent, ...visible } = session;
    return visible;
  }

  /** What Stripe does when the producer finishes Express onboarding: the account can be paid. */
  completeOnboarding(accountId: string): Obj {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
    account.requirements = { ...account.requirements, currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
    return account;
  }

  /** The next `times` POSTs to paths starting with `prefix` are refused (400, which the SDK does not retry). */
  refuse(prefix: string, times = 1): void {
    this.refusals.push({ prefix, left: times });
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, body, idempotencyKey, authorization: req.headers.authorization ?? null });
    const refusal = method === 'POST' ? this.refusals.find((r) => r.left > 0 && url.pathname.startsWith(r.prefix)) : undefined;
    if (refusal) {
      refusal.left--;
      return { status: 400, body: { error: { type: 'api_error', message: 'Refused by the stand-in.' } } };
    }
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null;
    if (replayKey && this.replies.has(replayKey)) return this.replies.get(replayKey)!;
    const reply = this.route(method, url.pathname, body);
    if (replayKey) this.replies.set(replayKey, reply);
    return reply;
  }

  private route(method: string, path: string, body: Obj): { status: number; body: unknown } {
    const notFound = { status: 404, body: { error: { type: 'invalid_request_error', message: `No such object: ${path}` } } };
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} };
      this.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: Obj = {
        id: id('acct'),
        object: 'account',
        type: body.type,
        email: body.email ?? null,
        business_type: body.business_type ?? null,
        business_profile: body.business_profile ?? {},
        capabilities: Object.fromEntries(Object.keys(body.capabilities ?? {}).map((k) => [k, 'inactive'])),
        metadata: body.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account', 'tos_acceptance.date'], eventually_due: [], past_due: [], disabled_reason: 'requirements.past_due' },
        created: now(),
      };
      this.accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!this.accounts.has(body.account)) return { status: 400, body: { error: { type: 'invalid_request_error', message: `No such account: '${body.account}'` } } };
      return { status: 200, body: { object: 'account_link', created: now(), expires_at: now() + 300, url: `https://connect.stripe.test/setup/e/${body.account}/${randomBytes(6).toString('hex')}` } };
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/))) {
      if (!this.accounts.has(match[1])) return notFound;
      return { status: 200, body: { object: 'login_link', created: now(), url: `https://connect.stripe.test/express/${match[1]}/${randomBytes(6).toString('hex')}` } };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const account = this.accounts.get(match[1]);
      return account ? { status: 200, body: account } : notFound;
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const session = [...this.sessions.values()].find((s) => s.payment_intent && s.payment_intent === body.payment_intent);
      if (!session) return { status: 400, body: { error: { type: 'invalid_request_error', message: `No such payment_intent: '${body.payment_intent}'` } } };
      if ([...this.refunds.values()].some((r) => r.payment_intent === body.payment_intent)) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'This charge has already been refunded.' } } };
      }
      const refund: Obj = { id: id('re'), object: 'refund', payment_intent: body.payment_intent, amount: session.amount_total, currency: session.currency, reason: body.reason ?? null, status: 'succeeded', created: now() };
      this.refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions' && body.mode === 'payment') {
      const line = body.line_items?.[0];
      const amount = Number(line?.price_data?.unit_amount);
      if (!line?.price_data || !Number.isInteger(amount) || amount < 50) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'line_items[0][price_data][unit_amount] must be an integer of at least 50.' } } };
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: Obj = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: amount,
        currency: line.price_data.currency,
        customer_details: null,
        subscription: null,
        line_items: body.line_items,
        payment_intent_data: body.payment_intent_data ?? {},
      };
      this.sessions.set(sessionId, session);
      return { status: 200, body: this.publicSession(session) };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const price = body.line_items?.[0]?.price;
      if (!(price in this.prices)) return { status: 400, body: { error: { type: 'invalid_request_error', message: `No such price: '${price}'` } } };
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: Obj = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: this.prices[price],
        currency: 'usd',
        customer_details: null,
        subscription: null,
        subscription_data: body.subscription_data ?? {},
        line_items: body.line_items,
      };
      this.sessions.set(sessionId, session);
      return { status: 200, body: this.publicSession(session) };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = this.sessions.get(match[1]);
      return session ? { status: 200, body: this.publicSession(session) } : notFound;
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(match[1]);
      if (!subscription) return notFound;
      if (method === 'POST' && 'cancel_at_period_end' in body) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      return { status: 200, body: subscription };
    }
    return notFound;
  }
}
