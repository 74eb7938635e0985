import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { beatRow } from '../support/beat-factories';
import { paidOrder, producerFixture, recordRefund, recordSale, settled } from '../support/earnings-factories';
import { createToken } from '../access-tokens/support';
import { insertUsers, rest, signInAdmin, sqlOf, type Sql } from './admin-support';

let test: TestApp;
let sql: Sql;
beforeAll(async () => {
  test = await startTestApp();
  sql = sqlOf(test);
});
afterAll(async () => {
  await test?.close();
});

const CHARTS = `query($from: String, $to: String) { adminCharts(from: $from, to: $to) {
  from to
  days { period subscriptionGrossCents subscriptionRefundCents subscriptionNetCents licenceGrossCents licenceRefundCents licenceNetCents licenceOrders }
  months { period subscriptionNetCents licenceNetCents licenceOrders }
  activity { day beats accounts }
  planMix { level plan payments netCents }
  payouts { state transfers cents }
} }`;

interface Charts {
  from: string;
  to: string;
  days: Record<string, number | string>[];
  months: Record<string, number | string>[];
  activity: { day: string; beats: number; accounts: number }[];
  planMix: { level: number; plan: string; payments: number; netCents: number }[];
  payouts: { state: string; transfers: number; cents: number }[];
}

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

async function payment(userId: string, level: number, cents: number, paidAt: Date): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into subscription_payments (id, user_id, provider, provider_payment_id, refund_reference, provider_subscription_id, level, amount_cents, currency, paid_at, refunded_cents)
     values (?, ?, 'local', ?, ?, ?, ?, ?, 'usd', ?, 0)`,
    [id, userId, `local_pay_${id}`, `local_pay_${id}`, `local_sub_${id}`, level, cents, paidAt],
  );
  return id;
}

/** Moves a sale to another time (the roll-up follows updates of the source rows too). */
async function dateSale(orderId: string, when: Date): Promise<void> {
  await sql(`update earnings_orders set created_at = ? where order_id = ?`, [when, orderId]);
  await sql(`update earnings_transfers set created_at = ? where order_id = ?`, [when, orderId]);
}

/** The figures straight from the source tables, grouped the slow way: what the roll-up must equal. */
async function direct(from: string, to: string) {
  const range = [at(from, 0), new Date(at(to, 0).getTime() + 86_400_000)];
  const [row] = await sql<Record<string, number>>(
    `select (select count(*) from users where created_at >= ? and created_at < ?)::int as accounts,
            (select count(*) from beats where created_at >= ? and created_at < ?)::int as beats,
            (select coalesce(sum(amount_cents), 0) from subscription_payments where paid_at >= ? and paid_at < ?)::int as sub_gross,
            (select coalesce(sum(refunded_cents), 0) from subscription_payments where coalesce(refunded_at, paid_at) >= ? and coalesce(refunded_at, paid_at) < ?)::int as sub_refunds,
            (select coalesce(sum(gross_cents), 0) from earnings_orders where created_at >= ? and created_at < ?)::int as lic_gross,
            (select coalesce(sum(refunded_cents), 0) from earnings_refunds where created_at >= ? and created_at < ?)::int as lic_refunds,
            (select coalesce(sum(amount_cents - reversed_cents), 0) from earnings_transfers where state = 'paid' and created_at >= ? and created_at < ?)::int as sent`,
    [...range, ...range, ...range, ...range, ...range, ...range, ...range],
  );
  return row;
}

const sumOf = (rows: Record<string, number | string>[], key: string) => rows.reduce((a, r) => a + (r[key] as number), 0);

describe('the admin dashboard\'s charts', () => {
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const saleCents: number[] = [];

  beforeAll(async () => {
    admin = await signInAdmin(test);
    const users = await insertUsers(test, 3, 'chartday1', at('2025-03-30', 1));
    await insertUsers(test, 2, 'chartday3', at('2025-04-01', 1));
    const em = test.app.orm.em.fork();
    for (const day of ['2025-03-30', '2025-03-31', '2025-03-31', '2025-04-01']) beatRow(em, users[0], { createdAt: at(day) });
    await em.flush();
    await payment(users[0], 3, 1999, at('2025-03-30'));
    const refunded = await payment(users[1], 4, 4999, at('2025-03-31'));
    await payment(users[2], 3, 1999, at('2025-04-01'));
    await sql(`update subscription_payments set refunded_cents = amount_cents, refunded_at = ? where id = ?`, [at('2025-04-01', 15), refunded]);

    const producer = await producerFixture(test);
    const a = paidOrder([{ userId: producer.userId, bp: 10000 }], 2999, { tier: 'standard' });
    const b = paidOrder([{ userId: producer.userId, bp: 10000 }], 4999, { tier: 'advanced' });
    await recordSale(test, a);
    await recordSale(test, b);
    await settled(test);
    await dateSale(a.orderId, at('2025-03-31'));
    await dateSale(b.orderId, at('2025-04-01'));
    await recordRefund(test, { orderId: a.orderId, refundId: `${a.orderId}-r`, refundedCents: 999, reason: 'admin' });
    await settled(test);
    await sql(`update earnings_refunds set created_at = ? where order_id = ?`, [at('2025-04-01', 16), a.orderId]);
    saleCents.push(2999, 4999);
  });

  it('shows revenue by day and month, beats, new accounts, plan mix and payouts for the range, matching the source tables', async () => {
    const { data, errors } = await graphql<{ adminCharts: Charts }>(test.url, CHARTS, { from: '2025-03-30', to: '2025-04-01' }, admin.accessToken);
    expect(errors).toBeUndefined();
    const charts = data!.adminCharts;
    expect(charts.from).toBe('2025-03-30');
    expect(charts.days.map((d) => d.period)).toEqual(['2025-03-30', '2025-03-31', '2025-04-01']);
    expect(charts.days).toEqual([
      { period: '2025-03-30', subscriptionGrossCents: 1999, subscriptionRefundCents: 0, subscriptionNetCents: 1999, licenceGrossCents: 0, licenceRefundCents: 0, licenceNetCents: 0, licenceOrders: 0 },
      { period: '2025-03-31', subscriptionGrossCents: 4999, subscriptionRefundCents: 0, subscriptionNetCents: 4999, licenceGrossCents: 2999, licenceRefundCents: 0, licenceNetCents: 2999, licenceOrders: 1 },
      { period: '2025-04-01', subscriptionGrossCents: 1999, subscriptionRefundCents: 4999, subscriptionNetCents: -3000, licenceGrossCents: 4999, licenceRefundCents: 999, licenceNetCents: 4000, licenceOrders: 1 },
    ]);
    expect(charts.months).toEqual([
      { period: '2025-03', subscriptionNetCents: 1999 + 4999, licenceNetCents: 2999, licenceOrders: 1 },
      { period: '2025-04', subscriptionNetCents: -3000, licenceNetCents: 4000, licenceOrders: 1 },
    ]);
    expect(charts.activity).toEqual([
      { day: '2025-03-30', beats: 1, accounts: 3 },
      { day: '2025-03-31', beats: 2, accounts: 0 },
      { day: '2025-04-01', beats: 1, accounts: 2 },
    ]);
    expect(charts.planMix.find((p) => p.level === 3)).toEqual({ level: 3, plan: 'Premium', payments: 2, netCents: 3998 });
    expect(charts.planMix.find((p) => p.level === 4)).toEqual({ level: 4, plan: 'Enterprise', payments: 1, netCents: 0 });
    const sent = charts.payouts.find((p) => p.state === 'sent')!;
    expect(sent.transfers).toBe(2);

    const slow = await direct('2025-03-30', '2025-04-01');
    expect(sumOf(charts.activity as never, 'accounts')).toBe(slow.accounts);
    expect(sumOf(charts.activity as never, 'beats')).toBe(slow.beats);
    expect(sumOf(charts.days, 'subscriptionGrossCents')).toBe(slow.sub_gross);
    expect(sumOf(charts.days, 'subscriptionRefundCents')).toBe(slow.sub_refunds);
    expect(sumOf(charts.days, 'licenceGrossCents')).toBe(slow.lic_gross);
    expect(sumOf(charts.days, 'licenceRefundCents')).toBe(slow.lic_refunds);
    expect(sent.cents).toBe(slow.sent);

    const answer = await rest(test, 'GET', '/admin/charts?from=2025-03-30&to=2025-04-01', admin.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body.days[2]).toMatchObject({ period: '2025-04-01', subscription_net_cents: -3000, licence_net_cents: 4000 });
    expect(answer.body.plan_mix).toContainEqual({ level: 3, plan: 'Premium', payments: 2, net_cents: 3998 });
  });

  it('every figure follows the range', async () => {
    const { data } = await graphql<{ adminCharts: Charts }>(test.url, CHARTS, { from: '2025-04-01', to: '2025-04-01' }, admin.accessToken);
    const charts = data!.adminCharts;
    expect(charts.days).toHaveLength(1);
    expect(charts.activity).toEqual([{ day: '2025-04-01', beats: 1, accounts: 2 }]);
    expect(charts.planMix.find((p) => p.level === 3)).toMatchObject({ payments: 1, netCents: 1999 });
    expect(charts.planMix.find((p) => p.level === 4)).toMatchObject({ payments: 0 });
    expect(charts.payouts.find((p) => p.state === 'sent')).toMatchObject({ transfers: 1, cents: (await direct('2025-04-01', '2025-04-01')).sent });
    // The default range: the last 30 days to today.
    const recent = await graphql<{ adminCharts: Charts }>(test.url, CHARTS, {}, admin.accessToken);
    expect(recent.data!.adminCharts.days).toHaveLength(30);
    expect(recent.data!.adminCharts.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('keeps the roll-up equal to the source tables under concurrent sales, refunds and deletes', async () => {
    const producer = await producerFixture(test);
    const orders = Array.from({ length: 12 }, (_, i) => paidOrder([{ userId: producer.userId, bp: 10000 }], 1000 + i));
    await Promise.all(orders.map((o) => recordSale(test, o)));
    await Promise.all(orders.slice(0, 6).map((o) => recordRefund(test, { orderId: o.orderId, refundId: `${o.orderId}-r`, refundedCents: 500, reason: 'admin' })));
    await settled(test);
    const gone = await insertUsers(test, 4, 'chartgone', at('2025-03-31', 5));
    await sql(`delete from users where id = any(?::uuid[])`, [`{${gone.slice(0, 3).join(',')}}`]);
    const today = new Date().toISOString().slice(0, 10);
    for (const [from, to] of [['2025-03-30', '2025-04-01'], [today, today]]) {
      const { data } = await graphql<{ adminCharts: Charts }>(test.url, CHARTS, { from, to }, admin.accessToken);
      const slow = await direct(from, to);
      expect(sumOf(data!.adminCharts.days, 'licenceGrossCents')).toBe(slow.lic_gross);
      expect(sumOf(data!.adminCharts.days, 'licenceRefundCents')).toBe(slow.lic_refunds);
      expect(sumOf(data!.adminCharts.activity as never, 'accounts')).toBe(slow.accounts);
      expect(data!.adminCharts.payouts.find((p) => p.state === 'sent')!.cents).toBe(slow.sent);
    }
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from admin_daily_deltas`);
    expect(n).toBe(0);
  });

  it('refuses the signed-out, non-admins, access tokens and malformed ranges', async () => {
    expect((await rest(test, 'GET', '/admin/charts', null)).status).toBe(401);
    expect((await graphql(test.url, CHARTS, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const user = await registerAndSignIn(test, 'notadmin');
    expect((await rest(test, 'GET', '/admin/charts', user.accessToken)).status).toBe(403);
    expect((await graphql(test.url, CHARTS, {}, user.accessToken)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const token = await createToken(test, admin.accessToken, { scopes: ['account:read'] });
    expect((await rest(test, 'GET', '/admin/charts', token.secret)).status).toBe(403);
    expect((await graphql(test.url, CHARTS, {}, token.secret)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const bad: [string, string][] = [['2025-02-30', '2025-03-01'], ['2025-3-1', '2025-03-02'], ['2025-04-02', '2025-04-01'], ['2020-01-01', '2025-01-01'], ['x'.repeat(300), '2025-01-01'], ['2025-01-01', 'today']];
    for (const [from, to] of bad) {
      expect((await rest(test, 'GET', `/admin/charts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, admin.accessToken)).status).toBe(400);
      expect((await graphql(test.url, CHARTS, { from, to }, admin.accessToken)).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect((await rest(test, 'GET', '/admin/charts?other=1', admin.accessToken)).status).toBe(400);
  });
});
