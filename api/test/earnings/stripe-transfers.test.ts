import Stripe from 'stripe';
import { StripeStandIn } from '../billing/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';
import { earningsSql as sql, paidOrder, producerFixture, recordRefund, recordSale, settled, type ProducerFixture } from '../support/earnings-factories';

const WEBHOOK_SECRET = 'whsec_test_earnings';
const CONNECT_SECRET = 'whsec_test_earnings_connect';
let stand: StripeStandIn;
let test: TestApp;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stand = await new StripeStandIn({ price_early: 750, price_premium: 2000, price_enterprise: 50_000 }).start();
  test = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_earnings',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_PRICE_EARLY_ACCESS: 'price_early',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
    STRIPE_API_URL: stand.url,
    PAYOUT_RETRY_BASE_MS: '40',
    PAYOUT_MAX_ATTEMPTS: '4',
  });
});
afterAll(async () => {
  await test?.close();
  await stand?.stop();
});

let accounts = 0;
/** A producer with an Express account at the stand-in; onboarding finished unless `ready` is false. */
async function stripeProducer(ready = true): Promise<ProducerFixture> {
  const id = `acct_earn${++accounts}${Date.now()}`;
  stand.accounts.set(id, { id, object: 'account', type: 'express', details_submitted: false, charges_enabled: false, payouts_enabled: false, requirements: { currently_due: ['external_account'], disabled_reason: 'requirements.past_due' }, metadata: {} });
  if (ready) stand.completeOnboarding(id);
  return producerFixture(test, { account: id, ready });
}

const transfersOf = (orderId: string) => [...stand.transfers.values()].filter((t) => t.transfer_group === orderId);
const rowsOf = (orderId: string) =>
  sql<{ producer_id: string; state: string; amount_cents: number; reversed_cents: number; stripe_transfer_id: string | null; attempts: number; last_error: string | null }>(
    test, `select producer_id, state, amount_cents, reversed_cents, stripe_transfer_id, attempts, last_error from earnings_transfers where order_id = ? order by amount_cents desc`, [orderId],
  );

function deliver(path: string, secret: string, event: Record<string, unknown>, header?: string) {
  const payload = JSON.stringify(event);
  return fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header ?? signer.webhooks.generateTestHeaderString({ payload, secret }) },
    body: payload,
  });
}

describe('transfers through Stripe Connect', () => {
  it('pays each producer once, grouped by the order, from the charge, under an order-and-producer key', async () => {
    const [a, b] = [await stripeProducer(), await stripeProducer()];
    const charge = stand.charge(2999, 117);
    const order = paidOrder([{ userId: a.userId, bp: 7000 }, { userId: b.userId, bp: 3000 }], 2999, { feeCents: 117, chargeId: charge.id });
    await recordSale(test, order);
    await settled(test);
    const sent = transfersOf(order.orderId);
    expect(sent).toHaveLength(2);
    // pool 2594: 1815.8 -> 1816 (the larger remainder), 778.2 -> 778.
    const byAccount = Object.fromEntries(sent.map((t) => [t.destination, t]));
    expect(byAccount[a.accountId!]).toMatchObject({ amount: 1816, currency: 'usd', source_transaction: charge.id, metadata: { order_id: order.orderId, producer_id: a.userId } });
    expect(byAccount[b.accountId!]).toMatchObject({ amount: 778, source_transaction: charge.id });
    const keys = stand.requestsTo('POST', '/v1/transfers').filter((r) => r.body.transfer_group === order.orderId).map((r) => r.idempotencyKey).sort();
    expect(keys).toEqual([`transfer-${order.orderId}-${a.userId}`, `transfer-${order.orderId}-${b.userId}`].sort());
    const rows = await rowsOf(order.orderId);
    expect(rows.map((r) => [r.state, r.stripe_transfer_id])).toEqual([['paid', byAccount[a.accountId!].id], ['paid', byAccount[b.accountId!].id]]);
  });

  it('holds earnings until account.updated says the account can receive them, and applies the event once', async () => {
    const late = await stripeProducer(false);
    const order = paidOrder([{ userId: late.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    expect((await rowsOf(order.orderId))[0].state).toBe('held');
    expect(transfersOf(order.orderId)).toHaveLength(0);

    const account = stand.completeOnboarding(late.accountId!);
    const event = stand.event('account.updated', account);
    expect((await deliver('/stripe/connect/webhook', CONNECT_SECRET, event)).status).toBe(200);
    await settled(test);
    expect((await rowsOf(order.orderId))[0]).toMatchObject({ state: 'paid', amount_cents: 2594 });
    expect(transfersOf(order.orderId)).toHaveLength(1);
    const replay = await deliver('/stripe/connect/webhook', CONNECT_SECRET, event);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    await test.app.services.payoutRunner.sweep();
    await settled(test);
    expect(transfersOf(order.orderId)).toHaveLength(1);
  });

  it('a webhook for an unknown account or with a forged signature changes nothing', async () => {
    const forged = await deliver('/stripe/connect/webhook', CONNECT_SECRET, stand.event('account.updated', { id: 'acct_nobody', object: 'account' }), 't=1,v1=deadbeef');
    expect(forged.status).toBe(400);
    const wrongSecret = await deliver('/stripe/connect/webhook', 'whsec_other', stand.event('account.updated', { id: 'acct_nobody', object: 'account' }));
    expect(wrongSecret.status).toBe(400);
    const unknown = await deliver('/stripe/connect/webhook', CONNECT_SECRET, stand.event('account.updated', { id: 'acct_nobody', object: 'account' }));
    // Stripe does not know the account either: the read-back fails, nothing is recorded, and Stripe may retry.
    expect([200, 500]).toContain(unknown.status);
    expect(await sql(test, `select 1 from payout_accounts where id = 'acct_nobody'`)).toHaveLength(0);
  });

  it('an account deauthorised at Stripe holds the earnings (never lost), once per event', async () => {
    const p = await stripeProducer();
    const event = { ...stand.event('account.application.deauthorized', { id: 'ca_app', object: 'application' }), account: p.accountId };
    expect(await (await deliver('/stripe/connect/webhook', CONNECT_SECRET, event)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await (await deliver('/stripe/connect/webhook', CONNECT_SECRET, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    expect((await rowsOf(order.orderId))[0]).toMatchObject({ state: 'held', amount_cents: 2594 });
    expect(transfersOf(order.orderId)).toHaveLength(0);
    const unknown = { ...stand.event('account.application.deauthorized', { id: 'ca_app', object: 'application' }), account: 'acct_nobody' };
    expect(await (await deliver('/stripe/connect/webhook', CONNECT_SECRET, unknown)).json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('retries a refused transfer with backoff and pays it once', async () => {
    const p = await stripeProducer();
    stand.refuse('/v1/transfers', 2);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 4999);
    await recordSale(test, order);
    await settled(test);
    expect(await rowsOf(order.orderId)).toEqual([expect.objectContaining({ state: 'paid', attempts: 3, last_error: null })]);
    expect(transfersOf(order.orderId)).toHaveLength(1);
    const attempts = stand.requestsTo('POST', '/v1/transfers').filter((r) => r.body.transfer_group === order.orderId);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('a lost answer (the connection drops after Stripe made the transfer) is retried with the same key: one transfer', async () => {
    const p = await stripeProducer();
    stand.dropAnswer('/v1/transfers', 1);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    expect(transfersOf(order.orderId)).toHaveLength(1);
    expect((await rowsOf(order.orderId))[0]).toMatchObject({ state: 'paid', stripe_transfer_id: transfersOf(order.orderId)[0].id });
  });

  it('a permanent refusal fails the transfer visibly and is not retried', async () => {
    const p = await stripeProducer();
    // The account is gone at Stripe: transfers to it are invalid requests.
    stand.accounts.delete(p.accountId!);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    const [row] = await rowsOf(order.orderId);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: expect.stringMatching(/No such destination/) });
    // The admin view's list shows it.
    const failures = await test.app.services.earningsView.payoutFailures();
    expect(failures).toContainEqual(expect.objectContaining({ kind: 'transfer', orderId: order.orderId, producerId: p.userId, amountCents: 2594, error: expect.stringMatching(/No such destination/) }));
  });

  it('a worker killed after Stripe made the transfer and before recording it: after restart, paid exactly once', async () => {
    const p = await stripeProducer(false);
    const charge = stand.charge(2999, 117);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999, { feeCents: 117, chargeId: charge.id });
    await recordSale(test, order);
    await settled(test);
    stand.completeOnboarding(p.accountId!);
    await sql(test, `update payout_accounts set details_submitted = true, payouts_enabled = true where id = ?`, [p.accountId]);
    // What the killed worker did: it claimed the transfer (a lease that has not expired yet) and Stripe made the transfer.
    await sql(test, `update earnings_transfers set state = 'sending', attempts = 1, account_id = ?, lease_until = now() + interval '1 hour' where order_id = ?`, [p.accountId, order.orderId]);
    const stripe = new Stripe('sk_test_earnings', { host: '127.0.0.1', port: Number(new URL(stand.url).port), protocol: 'http' });
    const made = await stripe.transfers.create(
      { amount: 2594, currency: 'usd', destination: p.accountId!, transfer_group: order.orderId, source_transaction: charge.id, metadata: { order_id: order.orderId, producer_id: p.userId } },
      { idempotencyKey: `transfer-${order.orderId}-${p.userId}` },
    );
    // While its lease holds, no other job touches it.
    await test.app.services.payoutRunner.sweep();
    await new Promise((r) => setTimeout(r, 200));
    expect((await rowsOf(order.orderId))[0].state).toBe('sending');
    // The restart: the embedded api's start-up recovery finishes what was being sent, with the same key.
    await test.app.services.payoutRunner.recoverInterrupted();
    await settled(test);
    expect(transfersOf(order.orderId)).toHaveLength(1);
    expect((await rowsOf(order.orderId))[0]).toMatchObject({ state: 'paid', stripe_transfer_id: made.id, attempts: 2 });
    // Later sweeps and restarts change nothing.
    await test.app.services.payoutRunner.recoverInterrupted();
    await settled(test);
    expect(transfersOf(order.orderId)).toHaveLength(1);
  });
});

describe('refunds reverse transfers', () => {
  it('reverses each transfer in proportion under a transfer-and-refund key, never more than it paid', async () => {
    const [a, b] = [await stripeProducer(), await stripeProducer()];
    const order = paidOrder([{ userId: a.userId, bp: 5000 }, { userId: b.userId, bp: 5000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    await recordRefund(test, { orderId: order.orderId, refundId: 're_part', refundedCents: 1500, reason: 'admin' });
    await settled(test);
    // Each was paid 1297: 1297 * 1500 / 2999 = 648.7 -> 648.
    for (const t of transfersOf(order.orderId)) expect(t.amount_reversed).toBe(648);
    const reversalKeys = stand.requestsTo('POST', /^\/v1\/transfers\/tr_[^/]+\/reversals$/).map((r) => r.idempotencyKey);
    expect(reversalKeys).toEqual(expect.arrayContaining([expect.stringMatching(/^reversal-[0-9a-f-]{36}-re_part$/)]));
    await recordRefund(test, { orderId: order.orderId, refundId: 're_rest', refundedCents: 1499, reason: 'admin' });
    await settled(test);
    for (const t of transfersOf(order.orderId)) expect(t.amount_reversed).toBe(t.amount);
    for (const row of await rowsOf(order.orderId)) expect(row.reversed_cents).toBe(row.amount_cents);
  });

  it('a refund that comes while the transfer is being sent waits for it, then reverses it', async () => {
    const p = await stripeProducer();
    stand.refuse('/v1/transfers', 1);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    // The first attempt was refused: the transfer may have reached Stripe, so its amount is frozen and the refund becomes a reversal.
    for (let i = 0; i < 200 && (await rowsOf(order.orderId))[0].attempts < 1; i++) await new Promise((r) => setTimeout(r, 10));
    await recordRefund(test, { orderId: order.orderId, refundId: 're_during', refundedCents: 2999, reason: 'exclusive_race' });
    await settled(test);
    const [row] = await rowsOf(order.orderId);
    expect(row).toMatchObject({ state: 'paid', amount_cents: 2594, reversed_cents: 2594 });
    expect(transfersOf(order.orderId)[0]).toMatchObject({ amount: 2594, amount_reversed: 2594 });
  });
});

describe('POST /stripe/webhook: refunds and disputes of licence charges', () => {
  async function paidThroughStripe() {
    const p = await stripeProducer();
    const orderId = crypto.randomUUID();
    const charge = stand.charge(2999, 117, { order_id: orderId }, orderId);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999, { orderId, feeCents: 117, chargeId: charge.id });
    await recordSale(test, order);
    await settled(test);
    return { p, order, charge };
  }

  it('charge.refunded takes each refund once, however often it is delivered', async () => {
    const { order, charge } = await paidThroughStripe();
    stand.refundCharge(charge.id, 1000);
    const event = stand.event('charge.refunded', { ...charge, amount_refunded: 1000 });
    const first = await deliver('/stripe/webhook', WEBHOOK_SECRET, event);
    expect(await first.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await (await deliver('/stripe/webhook', WEBHOOK_SECRET, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    // A second refund: its event lists both; the first is not taken again.
    stand.refundCharge(charge.id, 1999);
    await deliver('/stripe/webhook', WEBHOOK_SECRET, stand.event('charge.refunded', { ...charge, amount_refunded: 2999 }));
    await settled(test);
    expect(await sql(test, `select refunded_cents from earnings_orders where order_id = ?`, [order.orderId])).toEqual([{ refunded_cents: 2999 }]);
    expect(transfersOf(order.orderId)[0]).toMatchObject({ amount: 2594, amount_reversed: 2594 });
  });

  it('a lost dispute reverses the order; a won one changes nothing', async () => {
    const { order, charge } = await paidThroughStripe();
    const won = await deliver('/stripe/webhook', WEBHOOK_SECRET, stand.event('charge.dispute.closed', stand.dispute(charge.id, 'won')));
    expect(await won.json()).toEqual({ received: true, outcome: 'ignored' });
    const lost = await deliver('/stripe/webhook', WEBHOOK_SECRET, stand.event('charge.dispute.closed', stand.dispute(charge.id, 'lost')));
    expect(await lost.json()).toEqual({ received: true, outcome: 'processed' });
    await settled(test);
    expect(await sql(test, `select reason, refunded_cents from earnings_refunds where order_id = ?`, [order.orderId])).toEqual([{ reason: 'dispute', refunded_cents: 2999 }]);
    expect(transfersOf(order.orderId)[0].amount_reversed).toBe(2594);
  });

  it('a refund of a charge that is no licence order of ours is ignored; a forged one is refused', async () => {
    const other = stand.charge(750, 52, {});
    stand.refundCharge(other.id, 750);
    expect(await (await deliver('/stripe/webhook', WEBHOOK_SECRET, stand.event('charge.refunded', other))).json()).toEqual({ received: true, outcome: 'ignored' });
    const { order, charge } = await paidThroughStripe();
    stand.refundCharge(charge.id, 2999);
    const forged = await deliver('/stripe/webhook', 'whsec_forger', stand.event('charge.refunded', charge));
    expect(forged.status).toBe(400);
    expect(await sql(test, `select 1 from earnings_refunds where order_id = ?`, [order.orderId])).toHaveLength(0);
  });

  it('transfer.reversed applies once per event id', async () => {
    const { order } = await paidThroughStripe();
    const transfer = transfersOf(order.orderId)[0];
    const event = stand.event('transfer.reversed', transfer);
    expect(await (await deliver('/stripe/webhook', WEBHOOK_SECRET, event)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await (await deliver('/stripe/webhook', WEBHOOK_SECRET, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await (await deliver('/stripe/webhook', WEBHOOK_SECRET, stand.event('transfer.reversed', { ...transfer, id: 'tr_unknown' }))).json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
