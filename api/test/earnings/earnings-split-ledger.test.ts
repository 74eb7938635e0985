import { startTestApp, type TestApp } from '../support/test-app';
import { earningsSql as sql, paidOrder, producerFixture, recordRefund, recordSale, settled, type ProducerFixture } from '../support/earnings-factories';

let test: TestApp;
let a: ProducerFixture;
let b: ProducerFixture;
let c: ProducerFixture;

beforeAll(async () => {
  test = await startTestApp();
  [a, b, c] = [await producerFixture(test), await producerFixture(test), await producerFixture(test)];
});
afterAll(async () => {
  await test?.close();
});

const ledgerOf = async (orderId: string) =>
  sql<{ kind: string; producer_id: string | null; amount_cents: number }>(test, `select kind, producer_id, amount_cents from earnings_ledger where order_id = ? order by kind, amount_cents desc`, [orderId]);
const balanceOf = async (accountId: string) => (await sql<{ balance_cents: number }>(test, `select balance_cents from payout_accounts where id = ?`, [accountId]))[0].balance_cents;

describe('a 3-producer beat (50.00%, 33.33%, 16.67%) sold at every tier', () => {
  const shares = () => [{ userId: a.userId, bp: 5000 }, { userId: b.userId, bp: 3333 }, { userId: c.userId, bp: 1667 }];
  // gross, stand-in fee, platform remainder, and each producer's cents (worked by hand in docs/decisions.md).
  const tiers = [
    { tier: 'standard', gross: 2999, fee: 117, platform: 288, parts: [1297, 865, 432] },
    { tier: 'advanced', gross: 4999, fee: 175, platform: 482, parts: [2171, 1447, 724] },
    { tier: 'excindie', gross: 29999, fee: 900, platform: 2910, parts: [13094, 8729, 4366] },
    { tier: 'exclabel', gross: 99999, fee: 2930, platform: 9707, parts: [43681, 29118, 14563] },
  ];

  it.each(tiers)('$tier at $gross cents', async ({ tier, gross, fee, platform, parts }) => {
    const before = await Promise.all([a, b, c].map((p) => balanceOf(p.accountId!)));
    const order = paidOrder(shares(), gross, { tier });
    await recordSale(test, order);
    const rows = await ledgerOf(order.orderId);
    const part = (p: ProducerFixture) => rows.find((r) => r.kind === 'sale_producer' && r.producer_id === p.userId)!.amount_cents;
    expect(rows.find((r) => r.kind === 'sale_fee')!.amount_cents).toBe(fee);
    expect(rows.find((r) => r.kind === 'sale_platform')!.amount_cents).toBe(platform);
    expect([part(a), part(b), part(c)]).toEqual(parts);
    expect(rows.reduce((s, r) => s + r.amount_cents, 0)).toBe(gross);
    const [orderRow] = await sql<{ net_cents: number; pool_cents: number; fee_estimated: boolean }>(test, `select net_cents, pool_cents, fee_estimated from earnings_orders where order_id = ?`, [order.orderId]);
    expect(orderRow).toEqual({ net_cents: gross - fee, pool_cents: parts[0] + parts[1] + parts[2], fee_estimated: true });

    // Without Stripe, each local payout account's balance takes the producer's part with its transfer row.
    await settled(test);
    const after = await Promise.all([a, b, c].map((p) => balanceOf(p.accountId!)));
    expect(after.map((x, i) => x - before[i])).toEqual(parts);
    const transfers = await sql<{ state: string; stripe_transfer_id: string }>(test, `select state, stripe_transfer_id from earnings_transfers where order_id = ?`, [order.orderId]);
    expect(transfers).toHaveLength(3);
    for (const t of transfers) expect(t).toEqual({ state: 'paid', stripe_transfer_id: expect.stringMatching(/^local_tr_[0-9a-f]{24}$/) });
  });

  it('uses the processor fee when the order gives it', async () => {
    const order = paidOrder(shares(), 2999, { feeCents: 117 + 3 });
    await recordSale(test, order);
    const rows = await ledgerOf(order.orderId);
    expect(rows.find((r) => r.kind === 'sale_fee')!.amount_cents).toBe(120);
    // net 2879, pool 2591.1 -> 2591, platform 288.
    expect(rows.find((r) => r.kind === 'sale_platform')!.amount_cents).toBe(288);
    expect(rows.filter((r) => r.kind === 'sale_producer').reduce((s, r) => s + r.amount_cents, 0)).toBe(2591);
  });
});

describe('idempotence', () => {
  it('the same sale twice, and five at once, writes one split', async () => {
    const order = paidOrder([{ userId: a.userId, bp: 6000 }, { userId: b.userId, bp: 4000 }], 1999);
    await recordSale(test, order);
    await recordSale(test, order);
    await Promise.all([1, 2, 3, 4, 5].map(() => recordSale(test, { ...order })));
    expect(await ledgerOf(order.orderId)).toHaveLength(4);
    await settled(test);
    expect(await sql(test, `select 1 from earnings_transfers where order_id = ?`, [order.orderId])).toHaveLength(2);
  });

  it('the same refund twice, and five at once, takes once', async () => {
    const order = paidOrder([{ userId: a.userId, bp: 5000 }, { userId: b.userId, bp: 5000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    const refund = { orderId: order.orderId, refundId: `re_${order.orderId}`, refundedCents: 1000, reason: 'admin' as const };
    await recordRefund(test, refund);
    await recordRefund(test, refund);
    await Promise.all([1, 2, 3, 4, 5].map(() => recordRefund(test, refund)));
    const rows = await ledgerOf(order.orderId);
    expect(rows.filter((r) => r.kind.startsWith('refund'))).toHaveLength(3);
    expect(rows.reduce((s, r) => s + r.amount_cents, 0)).toBe(2999 - 1000);
    await settled(test);
    expect(await sql(test, `select 1 from earnings_reversals r join earnings_transfers t on t.id = r.transfer_id where t.order_id = ?`, [order.orderId])).toHaveLength(2);
  });
});

describe('refunds', () => {
  it('a full refund in two parts takes back exactly what each producer received, never more', async () => {
    const order = paidOrder([{ userId: a.userId, bp: 5000 }, { userId: b.userId, bp: 3333 }, { userId: c.userId, bp: 1667 }], 2999);
    const before = await Promise.all([a, b, c].map((p) => balanceOf(p.accountId!)));
    await recordSale(test, order);
    await settled(test);
    await recordRefund(test, { orderId: order.orderId, refundId: `${order.orderId}-1`, refundedCents: 1000, reason: 'admin' });
    await settled(test);
    // In proportion, rounded down: 1297 * 1000 / 2999 = 432.47 -> 432; 865 -> 288; 432 -> 144.
    const partial = await Promise.all([a, b, c].map((p) => balanceOf(p.accountId!)));
    expect(partial.map((x, i) => x - before[i])).toEqual([1297 - 432, 865 - 288, 432 - 144]);
    await recordRefund(test, { orderId: order.orderId, refundId: `${order.orderId}-2`, refundedCents: 1999, reason: 'dispute' });
    await settled(test);
    const after = await Promise.all([a, b, c].map((p) => balanceOf(p.accountId!)));
    expect(after).toEqual(before);
    const rows = await ledgerOf(order.orderId);
    expect(rows.reduce((s, r) => s + r.amount_cents, 0)).toBe(0);
    const transfers = await sql<{ amount_cents: number; reversed_cents: number }>(test, `select amount_cents, reversed_cents from earnings_transfers where order_id = ?`, [order.orderId]);
    for (const t of transfers) expect(t.reversed_cents).toBe(t.amount_cents);

    // Nothing is left to refund: a further refund is refused and changes nothing.
    await expect(recordRefund(test, { orderId: order.orderId, refundId: `${order.orderId}-3`, refundedCents: 1, reason: 'admin' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await ledgerOf(order.orderId)).toHaveLength(rows.length);
    expect(await sql(test, `select 1 from earnings_refunds where refund_id = ?`, [`${order.orderId}-3`])).toHaveLength(0);
  });

  it('a refund larger than the order is refused; an unknown order is not found', async () => {
    const order = paidOrder([{ userId: a.userId, bp: 10000 }], 500);
    await recordSale(test, order);
    await expect(recordRefund(test, { orderId: order.orderId, refundId: 'too-much', refundedCents: 501, reason: 'admin' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(recordRefund(test, { orderId: 'no-such-order', refundId: 'x', refundedCents: 1, reason: 'admin' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(recordRefund(test, { orderId: order.orderId, refundId: 'neg', refundedCents: -5, reason: 'admin' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(recordRefund(test, { orderId: order.orderId, refundId: 'odd', refundedCents: 5, reason: 'because' as 'admin' })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('held earnings', () => {
  it('are held while onboarding is unfinished, and paid once the account can receive them', async () => {
    const late = await producerFixture(test, { ready: false });
    const order = paidOrder([{ userId: late.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await settled(test);
    expect(await sql(test, `select state, amount_cents from earnings_transfers where order_id = ?`, [order.orderId])).toEqual([{ state: 'held', amount_cents: 2594 }]);
    expect(await balanceOf(late.accountId!)).toBe(0);
    // The local onboarding's Finish (as Stripe's account.updated) releases what was held.
    expect(await test.app.services.producers.payoutEvents.completeLocalOnboarding(late.accountId!)).toBe(true);
    await settled(test);
    expect(await sql(test, `select state from earnings_transfers where order_id = ?`, [order.orderId])).toEqual([{ state: 'paid' }]);
    expect(await balanceOf(late.accountId!)).toBe(2594);
  });

  it('a refund of held earnings cancels them; nothing was paid, nothing is reversed', async () => {
    const late = await producerFixture(test, { ready: false });
    const order = paidOrder([{ userId: late.userId, bp: 10000 }], 2999);
    await recordSale(test, order);
    await recordRefund(test, { orderId: order.orderId, refundId: `${order.orderId}-r`, refundedCents: 2999, reason: 'exclusive_race' });
    expect(await sql(test, `select state, amount_cents from earnings_transfers where order_id = ?`, [order.orderId])).toEqual([{ state: 'cancelled', amount_cents: 0 }]);
    await test.app.services.producers.payoutEvents.completeLocalOnboarding(late.accountId!);
    await settled(test);
    expect(await balanceOf(late.accountId!)).toBe(0);
  });

  it('a producer without a payout account (or deleted) keeps their earnings held, never lost', async () => {
    const gone = await producerFixture(test, { account: null });
    const order = paidOrder([{ userId: gone.userId, bp: 5000 }, { userId: a.userId, bp: 5000 }], 2000);
    await recordSale(test, order);
    await settled(test);
    await sql(test, `delete from users where id = ?`, [gone.userId]);
    await test.app.services.payoutRunner.sweep();
    await settled(test);
    const rows = await sql<{ producer_id: string; state: string }>(test, `select producer_id, state from earnings_transfers where order_id = ? order by state`, [order.orderId]);
    expect(rows).toEqual([{ producer_id: gone.userId, state: 'held' }, { producer_id: a.userId, state: 'paid' }]);
    expect(await sql(test, `select 1 from earnings_ledger where producer_id = ?`, [gone.userId])).toHaveLength(1);
  });
});

describe('bad input changes nothing', () => {
  const bad: [string, (o: ReturnType<typeof paidOrder>) => unknown][] = [
    ['shares that do not sum to 100%', (o) => ({ ...o, producers: [{ producerId: o.producers[0].producerId, shareBasisPoints: 9999 }] })],
    ['a negative amount', (o) => ({ ...o, grossCents: -1 })],
    ['fractional cents', (o) => ({ ...o, grossCents: 29.99 })],
    ['a fee above the gross', (o) => ({ ...o, feeCents: o.grossCents + 1 })],
    ['no producer', (o) => ({ ...o, producers: [] })],
    ['a producer twice', (o) => ({ ...o, producers: [{ ...o.producers[0], shareBasisPoints: 5000 }, { ...o.producers[0], shareBasisPoints: 5000 }] })],
    ['a producer id that is not a UUID', (o) => ({ ...o, producers: [{ producerId: 'nope', shareBasisPoints: 10000 }] })],
    ['a huge amount', (o) => ({ ...o, grossCents: 1e12 })],
  ];
  it.each(bad)('%s', async (_name, change) => {
    const order = paidOrder([{ userId: a.userId, bp: 10000 }], 2999);
    await expect(recordSale(test, change(order) as typeof order)).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await sql(test, `select 1 from earnings_orders where order_id = ?`, [order.orderId])).toHaveLength(0);
    expect(await ledgerOf(order.orderId)).toHaveLength(0);
  });
});
