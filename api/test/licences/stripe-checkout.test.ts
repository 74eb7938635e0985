import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { rest } from '../support/producers';
import { PLAN_LEVEL } from '../support/users';
import { StripeStandIn } from '../billing/stripe-stand-in';
import { CHECKOUT, NOTICES, STATE, RecordingLicenceFiles, RecordingOutbox, buyer, filesReady, ownedBeat, receiptQueued, pricedProducer, sql } from './licence-world';

const WEBHOOK_SECRET = 'whsec_test_licences';
const signer = new Stripe('sk_test_signer');
let stand: StripeStandIn;
let test: TestApp;
const files = new RecordingLicenceFiles();
const outbox = new RecordingOutbox();
let producer: Awaited<ReturnType<typeof pricedProducer>>;

beforeAll(async () => {
  stand = await new StripeStandIn({ price_early: 750, price_premium: 2000, price_enterprise: 50_000 }).start();
  test = await startTestApp(
    {
      STRIPE_SECRET_KEY: 'sk_test_licences',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_EARLY_ACCESS: 'price_early',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
      STRIPE_API_URL: stand.url,
    },
    { licenceFiles: files, mailOutbox: outbox },
  );
  files.blobs = test.app.blobs;
  producer = await pricedProducer(test, 'stripeseller', { price_standard: 19.99, price_advanced: 49.99, price_exclabel: 1500, price_excindie: 750 });
});
afterAll(async () => {
  await test?.close();
  await stand?.stop();
});

function deliver(event: Record<string, unknown>, options: { secret?: string; header?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = options.header ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return fetch(`${test.url}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

const outcome = async (response: Response) => ((await response.json()) as { outcome?: string }).outcome;
const checkoutInput = (beatId: string, tier: string) => ({ i: { beatId, leaseOptionId: tier, firstName: 'Grace', lastName: 'Hopper', country: 'United States' } });

async function startCheckout(token: string, beatId: string, tier: string): Promise<string> {
  const answer = await graphql<{ createLicenseCheckout: { id: string; checkoutUrl: string } }>(test.url, CHECKOUT, checkoutInput(beatId, tier), token);
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.createLicenseCheckout.id;
}

/** An owner on Premium (exclusives need it; plan-gates.ts) with a beat crediting the producer. */
async function ownerWithBeat(name: string) {
  const owner = await buyer(test, name, PLAN_LEVEL.premium);
  const beatId = await ownedBeat(test, owner.id, [{ producerId: producer.id, name: producer.producerName, percent: 100 }], 'Stripe Beat');
  return { owner, beatId };
}

describe('licence checkout through Stripe (the SDK against the stand-in)', () => {
  it('creates a payment-mode session at the server\'s price, with metadata and the order\'s idempotency key', async () => {
    const { owner, beatId } = await ownerWithBeat('stripebuyer');
    const sessionId = await startCheckout(owner.accessToken, beatId, 'advanced');
    expect(sessionId).toMatch(/^cs_test_/);
    const [order] = await sql<{ id: string; price_cents: number; checkout_url: string }>(test, 'select id, price_cents, checkout_url from licence_orders where beat_id = ?', [beatId]);
    expect(order.price_cents).toBe(4999);
    const created = stand.requestsTo('POST', '/v1/checkout/sessions').filter((r) => (r.body.metadata as Record<string, string>)?.beat_id === beatId);
    expect(created).toHaveLength(1);
    expect(created[0].idempotencyKey).toBe(`licence-order-${order.id}`);
    expect(created[0].body).toMatchObject({
      mode: 'payment',
      customer_email: owner.email,
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '4999', product_data: { name: 'Advanced Lease: Stripe Beat' } } }],
      metadata: { beat_id: beatId, tier: 'advanced', buyer_id: owner.id, order_id: order.id },
      payment_intent_data: { metadata: { beat_id: beatId, tier: 'advanced', buyer_id: owner.id, order_id: order.id } },
      success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}&kind=licence',
    });
    // Clicking again while it is open answers the same session, without a new one at Stripe.
    expect(await startCheckout(owner.accessToken, beatId, 'advanced')).toBe(sessionId);
    expect(stand.requestsTo('POST', '/v1/checkout/sessions').filter((r) => (r.body.metadata as Record<string, string>)?.beat_id === beatId)).toHaveLength(1);
  });

  it('fulfils from the webhook once per event and per order, in any order, and refuses forged or unsigned events', async () => {
    const { owner, beatId } = await ownerWithBeat('webhookbuyer');
    const sessionId = await startCheckout(owner.accessToken, beatId, 'standard');
    const paid = stand.payOnce(sessionId);
    const completed = stand.event('checkout.session.completed', paid);

    // Forged: a wrong secret, a garbage header, no header.
    expect((await deliver(completed, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await deliver(completed, { header: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await fetch(`${test.url}/stripe/webhook`, { method: 'POST', body: JSON.stringify(completed) })).status).toBe(400);
    expect(await sql(test, 'select id from licences where beat_id = ?', [beatId])).toEqual([]);

    // An older "expired" event arriving after payment changes nothing; the completed event issues the licence once.
    const stale = stand.event('checkout.session.expired', { ...paid, status: 'expired' });
    expect(await outcome(await deliver(completed))).toBe('processed');
    expect(await outcome(await deliver(completed))).toBe('duplicate');
    expect(await outcome(await deliver(stale))).toBe('processed');
    // Stripe may send a second, different event for the same payment (async_payment_succeeded).
    expect(await outcome(await deliver(stand.event('checkout.session.async_payment_succeeded', paid)))).toBe('processed');
    const licences = await sql<{ id: string; price_cents: number; status: string }>(test, 'select id, price_cents, status from licences where beat_id = ?', [beatId]);
    expect(licences).toEqual([{ id: expect.any(String), price_cents: 1999, status: 'valid' }]);
    const [order] = await sql<{ status: string; payment_id: string }>(test, 'select status, payment_id from licence_orders where beat_id = ?', [beatId]);
    expect(order).toEqual({ status: 'paid', payment_id: paid.payment_intent });
    // The producers' earnings use Stripe's own fee of the charge (its balance transaction), not an estimate,
    // and the replays above asked Stripe for it once.
    const charge = [...stand.charges.values()].find((c) => c.payment_intent === paid.payment_intent)!;
    const [earned] = await sql<{ fee_cents: number; fee_estimated: boolean; charge_id: string }>(test, 'select fee_cents, fee_estimated, charge_id from earnings_orders where gross_cents = 1999 and charge_id = ?', [charge.id]);
    expect(earned).toEqual({ fee_cents: charge.balance_transaction.fee, fee_estimated: false, charge_id: charge.id });
    expect(stand.requestsTo('GET', `/v1/payment_intents/${paid.payment_intent as string}`)).toHaveLength(1);
    await filesReady(test, licences[0].id);
    expect(await receiptQueued(outbox, licences[0].id)).toBe(true);
  });

  it('the success page fulfils a paid checkout before the webhook arrives; the webhook then changes nothing', async () => {
    const { owner, beatId } = await ownerWithBeat('successbuyer');
    const sessionId = await startCheckout(owner.accessToken, beatId, 'advanced');
    const open = await graphql<{ licenceForCheckoutSession: { status: string } }>(test.url, STATE, { s: sessionId }, owner.accessToken);
    expect(open.data!.licenceForCheckoutSession.status).toBe('OPEN');
    const paid = stand.payOnce(sessionId);
    const done = await graphql<{ licenceForCheckoutSession: { status: string; licence: { status: string } } }>(test.url, STATE, { s: sessionId }, owner.accessToken);
    expect(done.data!.licenceForCheckoutSession).toMatchObject({ status: 'PAID', licence: { status: 'VALID' } });
    expect(await outcome(await deliver(stand.event('checkout.session.completed', paid)))).toBe('processed');
    expect((await sql(test, 'select id from licences where beat_id = ?', [beatId])).length).toBe(1);
    // Someone else's session id is not found for this user.
    const other = await buyer(test, 'peeker');
    expect((await graphql(test.url, STATE, { s: sessionId }, other.accessToken)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('20 concurrent exclusive checkouts and their payments give exactly one exclusive licence; the other payment is refunded and the buyer told why', async () => {
    const { owner, beatId } = await ownerWithBeat('rush');
    const tiers = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'exclabel' : 'excindie'));
    const sessions = await Promise.all(tiers.map((tier) => startCheckout(owner.accessToken, beatId, tier)));
    // A double submit is one order: one checkout per exclusive tier.
    const distinct = [...new Set(sessions)];
    expect(distinct).toHaveLength(2);
    expect(await sql(test, `select tier from licence_orders where beat_id = ? order by tier`, [beatId])).toEqual([{ tier: 'excindie' }, { tier: 'exclabel' }]);

    // The buyer pays both at Stripe; Stripe delivers 20 events (10 per session, some replayed) at once.
    const paid = distinct.map((id) => stand.payOnce(id));
    const events = paid.flatMap((session) => Array.from({ length: 5 }, () => stand.event('checkout.session.completed', session)));
    const deliveries = [...events, ...events].map((event) => deliver(event));
    const outcomes = await Promise.all(deliveries.map(async (d) => (await d).status));
    expect(outcomes.every((status) => status === 200)).toBe(true);

    const licences = await sql<{ tier: string; status: string; exclusive: boolean }>(test, 'select tier, status, exclusive from licences where beat_id = ?', [beatId]);
    expect(licences).toHaveLength(1);
    expect(licences[0]).toMatchObject({ status: 'valid', exclusive: true });
    const orders = await sql<{ id: string; tier: string; status: string; refund_id: string | null; payment_id: string }>(test, 'select id, tier, status, refund_id, payment_id from licence_orders where beat_id = ? order by tier', [beatId]);
    const refused = orders.find((o) => o.tier !== licences[0].tier)!;
    expect(refused).toMatchObject({ status: 'refunded', refund_id: expect.stringMatching(/^re_/) });
    expect(orders.find((o) => o.tier === licences[0].tier)!.status).toBe('paid');
    const refunds = stand.requestsTo('POST', '/v1/refunds').filter((r) => r.idempotencyKey === `refund-${refused.id}`);
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(refunds.every((r) => r.body.payment_intent === refused.payment_id)).toBe(true);
    expect([...stand.refunds.values()].filter((r) => r.payment_intent === refused.payment_id)).toHaveLength(1);
    const notices = await graphql<{ licenceNotices: { kind: string; message: string }[] }>(test.url, NOTICES, {}, owner.accessToken);
    expect(notices.data!.licenceNotices.filter((n) => n.kind === 'payment_refunded')).toEqual([
      expect.objectContaining({ kind: 'payment_refunded', message: 'This beat was sold exclusively before your payment completed, so your payment was refunded in full.' }),
    ]);
    expect(outbox.mails.get(`licence-refund:${refused.id}`)).toMatchObject({ to: owner.email });

    // Afterwards the beat is not for sale.
    const more = await graphql(test.url, CHECKOUT, checkoutInput(beatId, 'standard'), owner.accessToken);
    expect(more.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken)).status).toBe(409);
  });

  it('a refund Stripe refuses is retried by the event\'s redelivery', async () => {
    const { owner, beatId } = await ownerWithBeat('retry');
    const a = await startCheckout(owner.accessToken, beatId, 'excindie');
    const b = await startCheckout(owner.accessToken, beatId, 'exclabel');
    const paidA = stand.payOnce(a);
    const paidB = stand.payOnce(b);
    expect(await outcome(await deliver(stand.event('checkout.session.completed', paidA)))).toBe('processed');
    stand.refuse('/v1/refunds', 1);
    const second = stand.event('checkout.session.completed', paidB);
    expect((await deliver(second)).status).toBe(500);
    expect(await sql(test, `select status from licence_orders where checkout_session_id = ?`, [b])).toEqual([{ status: 'refund_pending' }]);
    expect((await deliver(second)).status).toBe(200);
    expect(await sql(test, `select status from licence_orders where checkout_session_id = ?`, [b])).toEqual([{ status: 'refunded' }]);
    expect([...stand.refunds.values()].filter((r) => r.payment_intent === paidB.payment_intent)).toHaveLength(1);
  });

  it('an asynchronous payment is fulfilled when it succeeds, not when the checkout completes unpaid; payments of other integrations are ignored', async () => {
    const { owner, beatId } = await ownerWithBeat('async');
    const sessionId = await startCheckout(owner.accessToken, beatId, 'standard');
    const unpaid = { ...stand.sessions.get(sessionId)!, status: 'complete', payment_status: 'unpaid' };
    const early = stand.event('checkout.session.completed', unpaid);
    expect(await outcome(await deliver(early))).toBe('ignored');
    expect(await outcome(await deliver(early))).toBe('duplicate');
    expect(await sql(test, 'select id from licences where beat_id = ?', [beatId])).toEqual([]);
    const paid = stand.payOnce(sessionId);
    expect(await outcome(await deliver(stand.event('checkout.session.async_payment_succeeded', paid)))).toBe('processed');
    expect((await sql(test, 'select id from licences where beat_id = ?', [beatId])).length).toBe(1);
    const foreign = stand.event('checkout.session.completed', { id: 'cs_test_elsewhere', object: 'checkout.session', mode: 'payment', payment_status: 'paid', status: 'complete' });
    expect(await outcome(await deliver(foreign))).toBe('ignored');
  });

  it('a licence priced under Stripe\'s minimum charge is refused before anything reaches Stripe', async () => {
    const cheap = await pricedProducer(test, 'cheap', { price_standard: 0.3, price_advanced: 1, price_exclabel: 10, price_excindie: 5 });
    const owner = await buyer(test, 'bargain');
    const beatId = await ownedBeat(test, owner.id, [{ producerId: cheap.id, name: cheap.producerName, percent: 100 }]);
    const before = stand.requestsTo('POST', '/v1/checkout/sessions').length;
    const refused = await graphql(test.url, CHECKOUT, checkoutInput(beatId, 'standard'), owner.accessToken);
    expect(refused.errors?.[0]).toMatchObject({ message: 'This licence costs less than the smallest card payment ($0.50) and cannot be bought.', extensions: { code: 'CONFLICT' } });
    expect(stand.requestsTo('POST', '/v1/checkout/sessions').length).toBe(before);
    expect(await sql(test, 'select id from licence_orders where beat_id = ?', [beatId])).toEqual([]);
  });

  it('an expired checkout closes its order; a new click opens a new checkout', async () => {
    const { owner, beatId } = await ownerWithBeat('expiry');
    const first = await startCheckout(owner.accessToken, beatId, 'standard');
    const expired = stand.event('checkout.session.expired', { ...stand.sessions.get(first)!, status: 'expired' });
    expect(await outcome(await deliver(expired))).toBe('processed');
    expect(await outcome(await deliver(expired))).toBe('duplicate');
    expect(await sql(test, `select status from licence_orders where checkout_session_id = ?`, [first])).toEqual([{ status: 'expired' }]);
    expect(await startCheckout(owner.accessToken, beatId, 'standard')).not.toBe(first);
  });
});
