import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { PLANS } from '../../src/modules/billing/plans';
import { StripeStandIn } from './stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_billing';
const PRICES = { price_early: 750, price_premium: 2000, price_enterprise: 50_000 };

let stand: StripeStandIn;
let test: TestApp;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stand = await new StripeStandIn(PRICES).start();
  test = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_billing',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_EARLY_ACCESS: 'price_early',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
    STRIPE_API_URL: stand.url,
  });
});
afterAll(async () => {
  await test?.close();
  await stand?.stop();
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

async function account(user: SignedInUser) {
  const me = await graphql<{ me: { id: string; subscriptionLevel: number; subscriptionType: string; tokensRemaining: number } }>(
    test.url, '{ me { id subscriptionLevel subscriptionType tokensRemaining } }', {}, user.accessToken,
  );
  return me.data!.me;
}

/** The balance and the sum of the ledger, which must always agree. */
async function ledger(userId: string) {
  const [row] = await sql<{ balance: number; sum: number; grants: number }>(
    `select credits as balance,
            (select coalesce(sum(delta), 0)::int from token_ledger where user_id = b.user_id) as sum,
            (select count(*)::int from token_ledger where user_id = b.user_id and reason like '%paid period') as grants
       from billing_accounts b where user_id = ?`,
    [userId],
  );
  return row;
}

const post = (path: string, token: string | null, body?: unknown) =>
  fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function checkout(user: SignedInUser, priceId = 'early_access'): Promise<string> {
  const response = await post('/subscription-checkout-session', user.accessToken, { price_id: priceId });
  expect(response.status).toBe(200);
  const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
  return checkoutUrl.split('/').pop()!;
}

function deliver(event: Record<string, unknown>, options: { secret?: string; timestamp?: number; header?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = options.header ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return fetch(`${test.url}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

async function subscribed(name: string) {
  const user = await registerAndSignIn(test, name);
  const me = await account(user);
  const sessionId = await checkout(user);
  const paid = stand.pay(sessionId);
  return { user, me, sessionId, ...paid };
}

describe('Stripe checkout through the real SDK', () => {
  it('GET /client-config tells the web app that this instance takes payments through Stripe', async () => {
    expect(((await (await fetch(`${test.url}/client-config`)).json()) as { payments: string }).payments).toBe('stripe');
  });

  it('creates one customer per user and a subscription-mode session for the plan price, with keys from our records', async () => {
    const user = await registerAndSignIn(test, 'buyer');
    const me = await account(user);
    const sessionId = await checkout(user, 'premium');
    expect(sessionId).toMatch(/^cs_test_/);

    const customers = stand.requests.filter((r) => r.path === '/v1/customers' && r.body.metadata && (r.body.metadata as Record<string, string>).user_id === me.id);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ idempotencyKey: `customer-${me.id}`, authorization: 'Bearer sk_test_billing', body: { email: user.email } });
    const created = stand.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === me.id);
    expect(created).toHaveLength(1);
    expect(created[0].idempotencyKey).toBe(`checkout-${me.id}-3-0`);
    expect(created[0].body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_premium', quantity: '1' }],
      success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/subscriptions',
      metadata: { user_id: me.id, level: '3' },
      subscription_data: { metadata: { user_id: me.id, level: '3' } },
    });
    const customerId = created[0].body.customer as string;
    expect(stand.customers.get(customerId)?.metadata).toEqual({ user_id: me.id });

    // A checkout of another plan reuses the customer; its key counts that plan's closed attempts.
    await checkout(user, 'enterprise');
    expect(stand.requests.filter((r) => r.path === '/v1/customers' && (r.body.metadata as Record<string, string>)?.user_id === me.id)).toHaveLength(1);
    const second = stand.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === me.id)[1];
    expect(second).toMatchObject({ idempotencyKey: `checkout-${me.id}-4-0`, body: { customer: customerId } });
  });

  it('two clicks at once send one idempotency key and get one session', async () => {
    const user = await registerAndSignIn(test, 'doubleclick');
    const me = await account(user);
    const [a, b] = await Promise.all([checkout(user), checkout(user)]);
    expect(a).toBe(b);
    expect((await sql('select id from checkout_sessions where user_id = ?', [me.id])).length).toBe(1);
  });

  it('a click after coming back from an open checkout gets that checkout; once Stripe expires it, a new one', async () => {
    const user = await registerAndSignIn(test, 'comeback');
    const me = await account(user);
    const first = await checkout(user);
    expect(await checkout(user)).toBe(first);

    const expired = { ...stand.sessions.get(first)!, status: 'expired' };
    const event = stand.event('checkout.session.expired', expired);
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await sql('select status from checkout_sessions where id = ?', [first])).toEqual([{ status: 'expired' }]);

    const second = await checkout(user);
    expect(second).not.toBe(first);
    const keys = stand.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === me.id).map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`checkout-${me.id}-2-0`, `checkout-${me.id}-2-1`]));
  });

  it('refuses the current plan, a malformed price_id and an anonymous caller, changing nothing', async () => {
    const user = await registerAndSignIn(test, 'refused');
    const before = stand.requests.length;
    const free = await post('/subscription-checkout-session', user.accessToken, { price_id: 'free' });
    expect(free.status).toBe(400);
    for (const body of [{}, { price_id: 7 }, { price_id: 'gold' }, { price_id: 'x'.repeat(500) }]) {
      const response = await post('/subscription-checkout-session', user.accessToken, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
    const anonymous = await post('/subscription-checkout-session', null, { price_id: 'early_access' });
    expect(anonymous.status).toBe(401);
    const broken = await fetch(`${test.url}/subscription-checkout-session`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(user.accessToken) }, body: '{"price_id":' });
    expect(broken.status).toBe(400);
    expect(stand.requests.length).toBe(before);

    const { user: member } = await subscribed('member');
    // Fulfilled by the success page's read (no webhook yet).
    const sessions = await sql<{ id: string }>('select id from checkout_sessions where user_id = ?', [(await account(member)).id]);
    await fetch(`${test.url}/get-session-details/${sessions[0].id}`, { headers: bearer(member.accessToken) });
    const again = await post('/subscription-checkout-session', member.accessToken, { price_id: 'early_access' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'You are already subscribed to this plan.' });
  });
});

describe('POST /stripe/webhook', () => {
  it('fulfils a paid checkout: level, tokens of the plan, one ledger grant; the success page shows Stripe\'s details', async () => {
    const { user, me, sessionId, session, subscription } = await subscribed('hooked');
    const response = await deliver(stand.event('checkout.session.completed', session));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, subscriptionType: 'Early Access Premium', tokensRemaining: 100 });
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100, grants: 1 });
    const level = await fetch(`${test.url}/subscription/level`, { headers: bearer(user.accessToken) });
    expect(await level.json()).toEqual({ level: 2 });

    const details = await fetch(`${test.url}/get-session-details/${sessionId}`, { headers: bearer(user.accessToken) });
    expect(await details.json()).toEqual({
      customer_details: { name: 'Ada Listener', email: 'ada@example.com' },
      amount_total: 750,
      currency: 'usd',
      payment_status: 'paid',
      subscription: subscription.id,
    });
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100, grants: 1 });
    const [row] = await sql('select level, status, provider, cancel_at_period_end from subscriptions where provider_subscription_id = ?', [subscription.id]);
    expect(row).toEqual({ level: 2, status: 'active', provider: 'stripe', cancel_at_period_end: false });
  });

  it('fulfils an asynchronous payment on checkout.session.async_payment_succeeded, once', async () => {
    const { user, me, sessionId, session } = await subscribed('async_payer');
    // Stripe completes the checkout before the bank confirms the payment.
    stand.sessions.get(sessionId)!.payment_status = 'unpaid';
    const completed = await deliver(stand.event('checkout.session.completed', { ...session, payment_status: 'unpaid' }));
    expect(await completed.json()).toEqual({ received: true, outcome: 'ignored' });
    const pending = await fetch(`${test.url}/get-session-details/${sessionId}`, { headers: bearer(user.accessToken) });
    expect(await pending.json()).toMatchObject({ payment_status: 'unpaid' });
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1, tokensRemaining: 25 });

    stand.sessions.get(sessionId)!.payment_status = 'paid';
    const succeeded = stand.event('checkout.session.async_payment_succeeded', session);
    expect(await (await deliver(succeeded)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, subscriptionType: 'Early Access Premium', tokensRemaining: 100 });
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100, grants: 1 });

    // Its redelivery, a paid completed event and the success page's read add nothing.
    expect(await (await deliver(succeeded)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
    await fetch(`${test.url}/get-session-details/${sessionId}`, { headers: bearer(user.accessToken) });
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100, grants: 1 });
    expect(await sql('select status from checkout_sessions where id = ?', [sessionId])).toEqual([{ status: 'complete' }]);
  });

  it('another user cannot read a checkout; an unknown one is 404', async () => {
    const { sessionId } = await subscribed('private');
    const stranger = await registerAndSignIn(test, 'stranger');
    expect((await fetch(`${test.url}/get-session-details/${sessionId}`, { headers: bearer(stranger.accessToken) })).status).toBe(404);
    expect((await fetch(`${test.url}/get-session-details/cs_test_unknown`, { headers: bearer(stranger.accessToken) })).status).toBe(404);
    expect((await fetch(`${test.url}/get-session-details/${sessionId}`)).status).toBe(401);
  });

  it('a bad, foreign or stale signature is 400 and changes nothing', async () => {
    const { user, me, session } = await subscribed('forged');
    const event = stand.event('checkout.session.completed', session);
    const eventsBefore = (await sql('select id from payment_events')).length;
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    const garbage = await deliver(event, { header: 't=1,v1=deadbeef' });
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const unsigned = await fetch(`${test.url}/stripe/webhook`, { method: 'POST', body: JSON.stringify(event) });
    for (const response of [wrongSecret, garbage, stale, unsigned]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
    expect((await sql('select id from payment_events')).length).toBe(eventsBefore);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1, tokensRemaining: 25 });
    expect(await ledger(me.id)).toEqual({ balance: 25, sum: 25, grants: 0 });
  });

  it('the same event twice is fulfilled once', async () => {
    const { user, me, session } = await subscribed('twice');
    const event = stand.event('checkout.session.completed', session);
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'processed' });
    await test.app.services.credits.spend(me.id, 'a beat');
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, tokensRemaining: 99 });
    expect(await ledger(me.id)).toEqual({ balance: 99, sum: 99, grants: 1 });
  });

  it('the same event delivered concurrently, with the success page reading at once, is fulfilled once', async () => {
    const { user, me, sessionId, session } = await subscribed('racing');
    const event = stand.event('checkout.session.completed', session);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => deliver(event).then((r) => r.json() as Promise<{ outcome: string }>)),
      fetch(`${test.url}/get-session-details/${sessionId}`, { headers: bearer(user.accessToken) }).then(() => null),
    ]);
    const outcomes = results.filter(Boolean).map((r) => r!.outcome);
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(5);
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100, grants: 1 });
    expect((await sql('select id from payment_events where id = ?', [event.id])).length).toBe(1);
  });

  it('a subscription deleted before its checkout event arrives leaves the user on Free', async () => {
    const { user, me, session, subscription } = await subscribed('early_end');
    subscription.status = 'canceled';
    expect((await deliver(stand.event('customer.subscription.deleted', subscription))).status).toBe(200);
    expect((await deliver(stand.event('checkout.session.completed', session))).status).toBe(200);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1, subscriptionType: 'Free', tokensRemaining: 25 });
    expect(await ledger(me.id)).toEqual({ balance: 25, sum: 25, grants: 0 });
    const [row] = await sql('select status from subscriptions where provider_subscription_id = ?', [subscription.id]);
    expect(row).toEqual({ status: 'canceled' });
  });

  it('a late event never revives a cancelled subscription', async () => {
    const { user, session, subscription } = await subscribed('revived');
    await deliver(stand.event('checkout.session.completed', session));
    subscription.status = 'canceled';
    await deliver(stand.event('customer.subscription.deleted', subscription));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1 });
    // Stripe answers an old state (a replica lagging): the cancellation still holds.
    subscription.status = 'active';
    await deliver(stand.event('customer.subscription.updated', subscription));
    await deliver(stand.event('invoice.paid', stand.invoiceFor(stand.renew(subscription.id))));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1 });
  });

  it('invoice.paid refreshes the tokens once per period; the first invoice adds nothing to the checkout grant', async () => {
    const { user, me, session, subscription } = await subscribed('renewing');
    await deliver(stand.event('invoice.paid', stand.invoiceFor(subscription, 'subscription_create')));
    await deliver(stand.event('checkout.session.completed', session));
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100, grants: 1 });
    for (let i = 0; i < 30; i += 1) await test.app.services.credits.spend(me.id, 'beats');

    const renewal = stand.event('invoice.paid', stand.invoiceFor(stand.renew(subscription.id)));
    const outcomes = await Promise.all([deliver(renewal), deliver(renewal)].map((p) => p.then((r) => r.json() as Promise<{ outcome: string }>)));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'processed']);
    // A second event for the same period (Stripe may send invoice.paid and a retry with a new id).
    await deliver(stand.event('invoice.paid', stand.invoiceFor(subscription)));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, tokensRemaining: 100 });
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100, grants: 2 });
  });

  it('a plan changed at Stripe takes effect at the next paid period', async () => {
    const { user, session, subscription } = await subscribed('changer');
    await deliver(stand.event('checkout.session.completed', session));
    subscription.items.data[0].price = { id: 'price_premium', object: 'price' };
    await deliver(stand.event('customer.subscription.updated', subscription));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2 });
    const [pending] = await sql('select level, pending_level from subscriptions where provider_subscription_id = ?', [subscription.id]);
    expect(pending).toEqual({ level: 2, pending_level: 3 });
    await deliver(stand.event('invoice.paid', stand.invoiceFor(stand.renew(subscription.id))));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 3, subscriptionType: 'Premium', tokensRemaining: 100 });
  });

  it('answers 500 and records nothing when Stripe cannot be read, so Stripe retries', async () => {
    const { session } = await subscribed('retry');
    const event = stand.event('checkout.session.completed', { ...session, subscription: 'sub_missing' });
    expect((await deliver(event)).status).toBe(500);
    expect((await sql('select id from payment_events where id = ?', [event.id])).length).toBe(0);
  });

  it('ignores one-off payment checkouts and unknown event types', async () => {
    const ignored = await deliver(stand.event('checkout.session.completed', { id: 'cs_test_licence', object: 'checkout.session', mode: 'payment', payment_status: 'paid' }));
    expect(await ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    const other = await deliver(stand.event('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(await other.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('cancellation at Stripe', () => {
  it('POST /cancel-subscription stops renewal at period end at Stripe and makes the account Free; tokens stay', async () => {
    const { user, me, session, subscription } = await subscribed('leaving');
    await deliver(stand.event('checkout.session.completed', session));
    await test.app.services.credits.spend(me.id, 'a beat');
    const response = await post('/cancel-subscription', user.accessToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Subscription cancelled successfully.', subscription_type: 'Free' });
    const [row] = await sql<{ id: string; cancel_at_period_end: boolean; status: string }>(
      'select id, cancel_at_period_end, status from subscriptions where provider_subscription_id = ?', [subscription.id],
    );
    expect(row).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    const update = stand.requestsTo('POST', `/v1/subscriptions/${subscription.id}`);
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({ body: { cancel_at_period_end: 'true' }, idempotencyKey: `cancel-${row.id}` });
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1, subscriptionType: 'Free', tokensRemaining: 99 });
    // Stripe's own notice of the change, and the end of the period, keep it so.
    await deliver(stand.event('customer.subscription.updated', subscription));
    subscription.status = 'canceled';
    await deliver(stand.event('customer.subscription.deleted', subscription));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1 });
    expect(await ledger(me.id)).toEqual({ balance: 99, sum: 99, grants: 1 });

    const again = await post('/cancel-subscription', user.accessToken);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'You have no subscription to cancel.' });
    expect((await post('/cancel-subscription', null)).status).toBe(401);
  });

  it('a subscription renewed in Stripe\'s portal before its period ends restores the plan at once; tokens stay', async () => {
    const { user, me, session, subscription } = await subscribed('returning');
    await deliver(stand.event('checkout.session.completed', session));
    await test.app.services.credits.spend(me.id, 'a beat');
    expect((await post('/cancel-subscription', user.accessToken)).status).toBe(200);
    await deliver(stand.event('customer.subscription.updated', subscription));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1, subscriptionType: 'Free' });

    // The customer renews: Stripe clears cancel_at_period_end and tells us.
    subscription.cancel_at_period_end = false;
    const renewed = await deliver(stand.event('customer.subscription.updated', subscription));
    expect(await renewed.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, subscriptionType: 'Early Access Premium', tokensRemaining: 99 });
    expect(await ledger(me.id)).toEqual({ balance: 99, sum: 99, grants: 1 });
    const [row] = await sql('select status, cancel_at_period_end from subscriptions where provider_subscription_id = ?', [subscription.id]);
    expect(row).toEqual({ status: 'active', cancel_at_period_end: false });

    // It renews as any live subscription does, and can be cancelled again.
    await deliver(stand.event('invoice.paid', stand.invoiceFor(stand.renew(subscription.id))));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, tokensRemaining: 100 });
    expect((await post('/cancel-subscription', user.accessToken)).status).toBe(200);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1 });
  });

  it('a new plan bought while subscribed stops the old subscription renewing', async () => {
    const { user, session, subscription } = await subscribed('upgrader');
    await deliver(stand.event('checkout.session.completed', session));
    const next = await checkout(user, 'enterprise');
    const paid = stand.pay(next);
    await deliver(stand.event('checkout.session.completed', paid.session));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 4, tokensRemaining: 1000 });
    expect(stand.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    // The old one's end does not take the new plan away.
    subscription.status = 'canceled';
    await deliver(stand.event('customer.subscription.deleted', subscription));
    expect(await account(user)).toMatchObject({ subscriptionLevel: 4 });
  });
});

describe('a replaced subscription Stripe would not stop', () => {
  it('fails the webhook answer, and the retried event stops it', async () => {
    const { user, session, subscription } = await subscribed('stubborn');
    await deliver(stand.event('checkout.session.completed', session));
    const next = await checkout(user, 'premium');
    const paid = stand.pay(next);
    const completed = stand.event('checkout.session.completed', paid.session);
    stand.refuse(`/v1/subscriptions/${subscription.id}`);
    expect((await deliver(completed)).status).toBeGreaterThanOrEqual(500);
    // The new plan is ours already; the old one still renews at Stripe.
    expect(await account(user)).toMatchObject({ subscriptionLevel: 3, tokensRemaining: 100 });
    expect(stand.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);
    // Stripe sends the event again: applied once, and now the old subscription stops.
    expect((await deliver(completed)).status).toBe(200);
    expect(stand.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 3, tokensRemaining: 100 });
    expect((await ledger((await account(user)).id)).grants).toBe(2);
  });
});

describe('GraphQL equivalents', () => {
  it('plans is public: the landing page reads it without a sign-in', async () => {
    const result = await graphql<{ plans: { level: number; name: string; priceId: string | null; priceCents: number; tokensPerMonth: number }[] }>(
      test.url, '{ plans { level name priceId priceCents tokensPerMonth } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.plans).toEqual(PLANS.map(({ level, name, priceId, priceCents, tokensPerMonth }) => ({ level, name, priceId, priceCents, tokensPerMonth })));
  });

  it('createCheckoutSession, checkoutSession, mySubscription, cancelSubscription and tokenHistory', async () => {
    const user = await registerAndSignIn(test, 'graph');
    const start = await graphql<{ createCheckoutSession: { checkoutUrl: string; sessionId: string } }>(
      test.url, 'mutation { createCheckoutSession(priceId: "early_access") { checkoutUrl sessionId } }', {}, user.accessToken,
    );
    const { sessionId, checkoutUrl } = start.data!.createCheckoutSession;
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    stand.pay(sessionId);
    const details = await graphql<{ checkoutSession: Record<string, unknown> }>(
      test.url, 'query($id: String!) { checkoutSession(sessionId: $id) { customerName customerEmail amountTotal currency paymentStatus subscriptionId } }',
      { id: sessionId }, user.accessToken,
    );
    expect(details.data!.checkoutSession).toMatchObject({ customerName: 'Ada Listener', amountTotal: 750, currency: 'usd', paymentStatus: 'paid' });
    const mine = await graphql<{ mySubscription: Record<string, unknown> }>(
      test.url, '{ mySubscription { level subscriptionType tokensRemaining provider status cancelAtPeriodEnd currentPeriodEnd } }', {}, user.accessToken,
    );
    expect(mine.data!.mySubscription).toMatchObject({ level: 2, subscriptionType: 'Early Access Premium', tokensRemaining: 100, provider: 'stripe', status: 'active', cancelAtPeriodEnd: false });
    const again = await graphql(test.url, 'mutation { createCheckoutSession(priceId: "early_access") { checkoutUrl } }', {}, user.accessToken);
    expect(again.errors?.[0]).toMatchObject({ message: 'You are already subscribed to this plan.', extensions: { code: 'CONFLICT' } });
    const bad = await graphql(test.url, 'mutation { createCheckoutSession(priceId: "nope") { checkoutUrl } }', {}, user.accessToken);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const cancelled = await graphql<{ cancelSubscription: { message: string; subscriptionType: string } }>(
      test.url, 'mutation { cancelSubscription { message subscriptionType } }', {}, user.accessToken,
    );
    expect(cancelled.data!.cancelSubscription).toEqual({ message: 'Subscription cancelled successfully.', subscriptionType: 'Free' });
    const history = await graphql<{ tokenHistory: { delta: number; balanceAfter: number; kind: string; reason: string }[] }>(
      test.url, '{ tokenHistory(limit: 10) { delta balanceAfter kind reason } }', {}, user.accessToken,
    );
    expect(history.data!.tokenHistory).toEqual([
      { delta: 75, balanceAfter: 100, kind: 'cycle', reason: 'Early Access Premium plan: paid period' },
      { delta: 25, balanceAfter: 25, kind: 'cycle', reason: 'Free plan: monthly tokens' },
    ]);
    const anonymous = await graphql(test.url, '{ mySubscription { level } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const tooMany = await graphql(test.url, '{ tokenHistory(limit: 5000) { delta } }', {}, user.accessToken);
    expect(tooMany.errors?.[0].extensions?.code).toBeDefined();
  });
});
