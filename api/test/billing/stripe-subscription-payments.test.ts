import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn } from '../support/users';
import { rest, signInAdmin } from '../admin/admin-support';
import { StripeStandIn } from './stripe-stand-in';

// Subscription revenue from Stripe: every paid invoice is a recorded payment (once), and an admin
// refunds one through Stripe's refunds API, once, with an idempotency key from our record.

const WEBHOOK_SECRET = 'whsec_test_payments';
const PRICES = { price_early: 750, price_premium: 2000, price_enterprise: 50_000 };

let stand: StripeStandIn;
let test: TestApp;
let adminToken: string;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stand = await new StripeStandIn(PRICES).start();
  test = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_payments',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_EARLY_ACCESS: 'price_early',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
    STRIPE_API_URL: stand.url,
  });
  adminToken = (await signInAdmin(test)).accessToken;
});
afterAll(async () => {
  await test?.close();
  await stand?.stop();
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${test.url}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

async function subscribed(name: string, priceId = 'premium') {
  const user = await registerAndSignIn(test, name);
  const response = await fetch(`${test.url}/subscription-checkout-session`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...bearer(user.accessToken) }, body: JSON.stringify({ price_id: priceId }),
  });
  const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
  return { user, ...stand.pay(checkoutUrl.split('/').pop()!) };
}

const paymentsOf = (subscriptionId: string) =>
  sql<{ id: string; amount_cents: number; refunded_cents: number; refund_reference: string | null; provider_payment_id: string }>(
    'select id, amount_cents, refunded_cents, refund_reference, provider_payment_id from subscription_payments where provider_subscription_id = ? order by paid_at', [subscriptionId],
  );

describe('Stripe subscription payments', () => {
  it('records each paid invoice once, with its amount and payment intent; checkout completion naming the invoice does not count it twice', async () => {
    const { session, subscription } = await subscribed('payer');
    const first = stand.invoiceFor(subscription, 'subscription_create');
    await deliver(stand.event('checkout.session.completed', { ...session, invoice: first.id }));
    const firstPaid = stand.event('invoice.paid', first);
    await Promise.all([deliver(firstPaid), deliver(firstPaid), deliver(stand.event('invoice.paid', first))]);
    const renewal = stand.invoiceFor(stand.renew(subscription.id));
    await deliver(stand.event('invoice.paid', renewal));
    const payments = await paymentsOf(subscription.id);
    expect(payments.map((p) => [p.provider_payment_id, p.amount_cents, p.refund_reference])).toEqual([
      [first.id, 2000, first.payments.data[0].payment.payment_intent],
      [renewal.id, 2000, renewal.payments.data[0].payment.payment_intent],
    ]);
    const stats = await rest(test, 'GET', '/admin/subscription-stats', adminToken);
    expect(stats.body.revenue_cents.Premium).toBe(4000);
  });

  it('an admin refunds a payment through Stripe once; a refusal by Stripe changes nothing and a retry uses the same key', async () => {
    const { subscription } = await subscribed('refunded');
    const invoice = stand.invoiceFor(subscription, 'subscription_create');
    await deliver(stand.event('invoice.paid', invoice));
    const [payment] = await paymentsOf(subscription.id);

    stand.refuse('/v1/refunds');
    const refused = await rest(test, 'POST', '/admin/refund-subscription-payment', adminToken, { payment_id: payment.id, reason: 'Money-back guarantee' });
    expect(refused.status).toBe(500);
    expect((await paymentsOf(subscription.id))[0].refunded_cents).toBe(0);
    expect(Number((await sql<{ n: string }>('select count(*) as n from admin_audit_entries'))[0].n)).toBe(0);

    const answers = await Promise.all([1, 2].map(() => rest(test, 'POST', '/admin/refund-subscription-payment', adminToken, { payment_id: payment.id, reason: 'Money-back guarantee' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refunds = stand.requestsTo('POST', '/v1/refunds');
    expect(refunds.map((r) => r.body.payment_intent)).toEqual(Array(refunds.length).fill(invoice.payments.data[0].payment.payment_intent));
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-subscription-payment-${payment.id}`]));
    expect(stand.refunds.size).toBe(1);
    expect((await paymentsOf(subscription.id))[0].refunded_cents).toBe(2000);
    // Renewal stops at Stripe too.
    expect(stand.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
  });
});
