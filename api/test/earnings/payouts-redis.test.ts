import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { StripeStandIn } from '../billing/stripe-stand-in';
import { describeWithRedis } from '../support/redis-mode';
import { startTestApp, type TestApp } from '../support/test-app';
import { earningsSql as sql, paidOrder, producerFixture, recordSale, settled } from '../support/earnings-factories';

// The scale-out set-up: payout jobs on BullMQ's "payouts" queue, delayed retries in Redis, and leases
// (not a start-up recovery) telling which sends a dead process left.
describeWithRedis('payouts on BullMQ', (redisUrl) => {
  let stand: StripeStandIn;
  let test: TestApp;

  beforeAll(async () => {
    stand = await new StripeStandIn({ price_early: 750, price_premium: 2000, price_enterprise: 50_000 }).start();
    test = await startTestApp({
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: `test-${randomUUID()}`,
      STRIPE_SECRET_KEY: 'sk_test_redis',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_redis',
      STRIPE_PRICE_EARLY_ACCESS: 'price_early',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
      STRIPE_API_URL: stand.url,
      PAYOUT_RETRY_BASE_MS: '50',
      PAYOUT_LEASE_MS: '1000',
      PAYOUT_SWEEP_MS: '200',
    });
  });
  afterAll(async () => {
    await test?.close();
    await stand?.stop();
  });

  const stripeProducer = async (ready = true) => {
    const id = `acct_redis${randomUUID().slice(0, 8)}`;
    stand.accounts.set(id, { id, object: 'account', type: 'express', details_submitted: false, charges_enabled: false, payouts_enabled: false, requirements: { currently_due: [] }, metadata: {} });
    if (ready) stand.completeOnboarding(id);
    return producerFixture(test, { account: id, ready });
  };
  const transfersOf = (orderId: string) => [...stand.transfers.values()].filter((t) => t.transfer_group === orderId);

  it('pays through the queue, retrying a refused transfer after its delay, once', async () => {
    const p = await stripeProducer();
    stand.refuse('/v1/transfers', 2);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    expect(await sql(test, `select state, attempts from earnings_transfers where order_id = ?`, [order.orderId])).toEqual([{ state: 'paid', attempts: 3 }]);
    expect(transfersOf(order.orderId)).toHaveLength(1);
  });

  it('a send left by a dead process is finished once its lease expires, exactly once', async () => {
    const p = await stripeProducer(false);
    const order = paidOrder([{ userId: p.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    stand.completeOnboarding(p.accountId!);
    await sql(test, `update payout_accounts set details_submitted = true, payouts_enabled = true where id = ?`, [p.accountId]);
    // The dead worker claimed it (its lease runs out in a moment) and Stripe made the transfer.
    await sql(test, `update earnings_transfers set state = 'sending', attempts = 1, account_id = ?, lease_until = now() + interval '300 milliseconds' where order_id = ?`, [p.accountId, order.orderId]);
    const stripe = new Stripe('sk_test_redis', { host: '127.0.0.1', port: Number(new URL(stand.url).port), protocol: 'http' });
    const made = await stripe.transfers.create(
      { amount: 2594, currency: 'usd', destination: p.accountId!, transfer_group: order.orderId, metadata: { order_id: order.orderId, producer_id: p.userId } },
      { idempotencyKey: `transfer-${order.orderId}-${p.userId}` },
    );
    // No restart: the periodic sweep finds the expired lease.
    await settled(test);
    expect(await sql(test, `select state, stripe_transfer_id from earnings_transfers where order_id = ?`, [order.orderId])).toEqual([{ state: 'paid', stripe_transfer_id: made.id }]);
    expect(transfersOf(order.orderId)).toHaveLength(1);
  });
});
