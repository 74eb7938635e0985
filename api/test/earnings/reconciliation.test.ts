import { startTestApp, type TestApp } from '../support/test-app';
import { earningsSql as sql, paidOrder, producerFixture, recordRefund, recordSale, settled, type ProducerFixture } from '../support/earnings-factories';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test?.close();
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

describe('reconciliation', () => {
  it('1,000 randomised orders with refunds: every ledger equals transfers minus reversals plus held', async () => {
    const random = seeded(18);
    // Ten producers: seven can be paid, three finish onboarding half-way through.
    const producers: ProducerFixture[] = [];
    for (let i = 0; i < 10; i++) producers.push(await producerFixture(test, { ready: i < 7 }));
    const orders: { orderId: string; gross: number; refunded: number }[] = [];
    let refunds = 0;
    for (let batch = 0; batch < 100; batch++) {
      if (batch === 50) for (const p of producers.slice(7)) await test.app.services.producers.completeLocalOnboarding(p.accountId!);
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const count = random.int(1, 4);
          const chosen = [...producers].sort(() => random.next() - 0.5).slice(0, count);
          const cuts = Array.from({ length: count - 1 }, () => random.int(1, 9999)).sort((x, y) => x - y);
          const bounds = [0, ...new Set(cuts), 10_000];
          const shares = bounds.slice(1).map((b, k) => ({ userId: chosen[k].userId, bp: b - bounds[k] }));
          const gross = random.int(50, 150_000);
          const withFee = random.next() < 0.5;
          const order = paidOrder(shares, gross, { feeCents: withFee ? random.int(0, Math.floor(gross / 10)) : null });
          await recordSale(test, order);
          const entry = { orderId: order.orderId, gross, refunded: 0 };
          orders.push(entry);
          // A third of the orders are refunded: in one go, or in two parts (the second right away or later).
          if (random.next() < 1 / 3) {
            const first = random.next() < 0.5 ? gross : random.int(1, gross);
            await recordRefund(test, { orderId: order.orderId, refundId: `${order.orderId}-a`, refundedCents: first, reason: 'admin' });
            entry.refunded += first;
            refunds++;
            if (first < gross && random.next() < 0.5) {
              if (random.next() < 0.5) await settled(test);
              const second = random.int(1, gross - first);
              await recordRefund(test, { orderId: order.orderId, refundId: `${order.orderId}-b`, refundedCents: second, reason: 'dispute' });
              entry.refunded += second;
              refunds++;
            }
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
      expect(f.balance).toBe(f.paid - f.reversed);
      // Everyone could be paid by the end: nothing is left held.
      expect(f.held).toBe(0);
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
    console.log(`reconciliation: 1000 orders, ${refunds} refunds, ${JSON.stringify(totals)}; per producer ${JSON.stringify(figures.map((f) => f.ledger))}`);
  }, 300_000);
});
