import { StripeStandIn } from '../billing/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';
import { earningsSql as sql, paidOrder, producerFixture, recordRefund, recordSale, settled, type ProducerFixture } from '../support/earnings-factories';

let test: TestApp;
let stand: StripeStandIn | undefined;
afterEach(async () => {
  await test?.close();
  await stand?.stop();
  stand = undefined;
});

/** A small seeded generator: the same 1,000 orders every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** Starts the app with local payout accounts, or with Stripe (the stand-in) and Express accounts there. */
async function start(mode: 'local' | 'stripe') {
  if (mode === 'local') {
    test = await startTestApp();
    return;
  }
  stand = await new StripeStandIn({ price_early: 750, price_premium: 2000, price_enterprise: 50_000 }).start();
  test = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_reconcile', STRIPE_WEBHOOK_SECRET: 'whsec_reconcile', STRIPE_PRICE_EARLY_ACCESS: 'price_early',
    STRIPE_PRICE_PREMIUM: 'price_premium', STRIPE_PRICE_ENTERPRISE: 'price_enterprise', STRIPE_API_URL: stand.url,
  });
}

async function producer(mode: 'local' | 'stripe', ready: boolean): Promise<ProducerFixture> {
  if (mode === 'local') return producerFixture(test, { ready });
  const id = `acct_rec${Math.random().toString(36).slice(2, 10)}`;
  stand!.accounts.set(id, { id, object: 'account', type: 'express', details_submitted: false, charges_enabled: false, payouts_enabled: false, requirements: { currently_due: [] }, metadata: {} });
  if (ready) stand!.completeOnboarding(id);
  return producerFixture(test, { account: id, ready });
}

/** The account becomes able to receive transfers: the local onboarding's Finish, or Stripe's account.updated. */
async function finishOnboarding(mode: 'local' | 'stripe', p: ProducerFixture): Promise<void> {
  if (mode === 'local') {
    await test.app.services.producers.payoutEvents.completeLocalOnboarding(p.accountId!);
    return;
  }
  stand!.completeOnboarding(p.accountId!);
  await test.app.services.producers.payoutEvents.applyAccountEvent({ id: `evt_${p.accountId}`, type: 'account.updated' }, p.accountId!);
}

describe.each(['local', 'stripe'] as const)('reconciliation (%s payouts)', (mode) => {
  it('1,000 randomised orders with refunds: every ledger equals transfers minus reversals plus held', async () => {
    await start(mode);
    const random = seeded(18);
    // Ten producers: seven can be paid, three finish onboarding half-way through.
    const producers: ProducerFixture[] = [];
    for (let i = 0; i < 10; i++) producers.push(await producer(mode, i < 7));
    const orders: { orderId: string; gross: number; refunded: number }[] = [];
    let refunds = 0;
    // Every order's figures are drawn first, in order, so the same seed gives the same 1,000 orders
    // whatever order the concurrent batches run in.
    const plans = Array.from({ length: 1000 }, () => {
      const count = random.int(1, 4);
      const chosen = [...producers].sort(() => random.next() - 0.5).slice(0, count);
      const cuts = Array.from({ length: count - 1 }, () => random.int(1, 9999)).sort((x, y) => x - y);
      const bounds = [0, ...new Set(cuts), 10_000];
      const shares = bounds.slice(1).map((b, k) => ({ userId: chosen[k].userId, bp: b - bounds[k] }));
      const gross = random.int(50, 150_000);
      const fee = random.next() < 0.5 ? random.int(0, Math.floor(gross / 10)) : null;
      // A third of the orders are refunded: in one go, or in two parts (the second right away or after the payouts).
      const refundsOf: number[] = [];
      let waitBetween = false;
      if (random.next() < 1 / 3) {
        const first = random.next() < 0.5 ? gross : random.int(1, gross);
        refundsOf.push(first);
        if (first < gross && random.next() < 0.5) {
          waitBetween = random.next() < 0.5;
          refundsOf.push(random.int(1, gross - first));
        }
      }
      return { order: paidOrder(shares, gross, { feeCents: fee }), refunds: refundsOf, waitBetween };
    });
    for (let batch = 0; batch < 100; batch++) {
      if (batch === 50) for (const p of producers.slice(7)) await finishOnboarding(mode, p);
      await Promise.all(
        plans.slice(batch * 10, batch * 10 + 10).map(async ({ order, refunds: parts, waitBetween }) => {
          await recordSale(test, order);
          const entry = { orderId: order.orderId, gross: order.grossCents, refunded: 0 };
          orders.push(entry);
          for (const [k, cents] of parts.entries()) {
            if (k === 1 && waitBetween) await settled(test);
            await recordRefund(test, { orderId: order.orderId, refundId: `${order.orderId}-${k}`, refundedCents: cents, reason: k === 0 ? 'admin' : 'dispute' });
            entry.refunded += cents;
            refunds++;
          }
        }),
      );
    }
    await settled(test, 120_000);

    // Every order's rows sum to its gross less its refunds; its producers' sale rows to its pool.
    const orderSums = await sql<{ order_id: string; gross_cents: number; refunded_cents: number; total: number; producers: number; pool_cents: number }>(test,
      `select o.order_id, o.gross_cents, o.refunded_cents, o.pool_cents, sum(l.amount_cents)::int as total,
              sum(l.amount_cents) filter (where l.kind = 'sale_producer')::int as producers
         from earnings_orders o join earnings_ledger l on l.order_id = o.order_id group by o.order_id`);
    expect(orderSums).toHaveLength(1000);
    const byOrder = new Map(orders.map((o) => [o.orderId, o]));
    for (const o of orderSums) {
      expect(o.total).toBe(o.gross_cents - o.refunded_cents);
      expect(o.refunded_cents).toBe(byOrder.get(o.order_id)!.refunded);
      expect(o.producers).toBe(o.pool_cents);
    }

    // Every producer: ledger = paid transfers - reversals + held; the local account's balance = paid - reversals.
    const figures = await sql<{ producer_id: string; ledger: number; paid: number; reversed: number; held: number; other: number; balance: number }>(test,
      `select p.user_id as producer_id,
              (select coalesce(sum(amount_cents), 0) from earnings_ledger where producer_id = p.user_id)::int as ledger,
              (select coalesce(sum(amount_cents), 0) from earnings_transfers where producer_id = p.user_id and state = 'paid')::int as paid,
              (select coalesce(sum(reversed_cents), 0) from earnings_transfers where producer_id = p.user_id)::int as reversed,
              (select coalesce(sum(amount_cents), 0) from earnings_transfers where producer_id = p.user_id and state = 'held')::int as held,
              (select count(*) from earnings_transfers where producer_id = p.user_id and state not in ('paid', 'held', 'cancelled'))::int as other,
              a.balance_cents as balance
         from producers p join payout_accounts a on a.producer_id = p.id where p.user_id = any(?::uuid[])`,
      [`{${producers.map((p) => p.userId).join(',')}}`]);
    expect(figures).toHaveLength(10);
    for (const f of figures) {
      expect(f.other).toBe(0);
      expect(f.ledger).toBe(f.paid - f.reversed + f.held);
      if (mode === 'local') expect(f.balance).toBe(f.paid - f.reversed);
      // Everyone could be paid by the end: nothing is left held.
      expect(f.held).toBe(0);
    }
    if (stand) {
      // What Stripe holds: per connected account, transfers less reversals equal what our rows say was paid and kept.
      const atStripe = new Map<string, number>();
      for (const t of stand.transfers.values()) atStripe.set(t.destination, (atStripe.get(t.destination) ?? 0) + t.amount - t.amount_reversed);
      for (const p of producers) {
        const f = figures.find((x) => x.producer_id === p.userId)!;
        expect(atStripe.get(p.accountId!) ?? 0).toBe(f.paid - f.reversed);
      }
      // One transfer per order and producer, however often it was attempted.
      const keys = stand.requestsTo('POST', '/v1/transfers').map((r) => r.idempotencyKey);
      expect(stand.transfers.size).toBe(new Set(keys).size);
    }
    const [pending] = await sql<{ n: number }>(test, `select count(*)::int as n from earnings_reversals where state <> 'done' and state <> 'cancelled'`);
    expect(pending.n).toBe(0);
    const [totals] = await sql<{ gross: number; fees: number; producers: number; platform: number; refunded: number; reversed: number }>(test,
      `select (select sum(gross_cents) from earnings_orders)::bigint::int as gross,
              (select sum(amount_cents) from earnings_ledger where kind = 'sale_fee')::bigint::int as fees,
              (select sum(amount_cents) from earnings_ledger where kind in ('sale_producer', 'refund_producer'))::bigint::int as producers,
              (select sum(amount_cents) from earnings_ledger where kind in ('sale_platform', 'refund_platform'))::bigint::int as platform,
              (select sum(refunded_cents) from earnings_orders)::bigint::int as refunded,
              (select sum(reversed_cents) from earnings_transfers)::bigint::int as reversed`);
    expect(totals.fees + totals.producers + totals.platform).toBe(totals.gross - totals.refunded);
    console.log(`reconciliation (${mode}): 1000 orders, ${refunds} refunds, ${JSON.stringify(totals)}; per producer ${JSON.stringify(figures.map((f) => f.ledger).sort((x, y) => y - x))}`);
  }, 300_000);
});
