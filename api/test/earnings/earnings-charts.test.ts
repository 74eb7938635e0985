import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { registerProducer, rest } from '../support/producers';
import { beatRow } from '../support/beat-factories';
import { compositionRow, drumRow } from '../support/catalog-factories';
import { earningsSql as sql, paidOrder, producerFixture, recordRefund, recordSale, settled } from '../support/earnings-factories';
import { createToken } from '../access-tokens/support';
import { User } from '../../src/modules/accounts/user.entity';
import type { BeatSelection } from '../../src/modules/beats/beat-selection';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test?.close();
});

const CHARTS = `query($months: Int) { myEarningsCharts(months: $months) {
  months { month earnedCents paidCents pendingCents heldCents failedCents reversedCents }
  tiers { tier licences earnedCents }
  weeks { week beats }
  loops { kind type beats licences earnedCents topGenres topWords }
} }`;
const STATEMENT = `query($period: String!) { myEarningsStatement(period: $period) {
  producerName period salesCents refundsCents totalCents
  lines { kind orderId tier beatTitle sharePercent grossCents feeCents netCents amountCents transferStatus }
} }`;

const monthLabel = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const now = new Date();
const lastMonthDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12));
const THIS_MONTH = monthLabel(now);
const LAST_MONTH = monthLabel(lastMonthDay);

/** Moves an order's sale (order, ledger rows of the sale, transfers) to another date, as if it had been paid then. */
async function dateSale(orderId: string, at: Date): Promise<void> {
  await sql(test, `update earnings_orders set created_at = ? where order_id = ?`, [at, orderId]);
  await sql(test, `update earnings_ledger set created_at = ? where order_id = ? and kind like 'sale_%'`, [at, orderId]);
  await sql(test, `update earnings_transfers set created_at = ? where order_id = ?`, [at, orderId]);
}

/** The producer's ledger rows dated in [from, to): what every statement must add up to. */
async function ledgerSum(keys: string[], from: Date, to: Date): Promise<number> {
  const [{ cents }] = await sql<{ cents: number }>(test,
    `select coalesce(sum(amount_cents), 0)::int as cents from earnings_ledger where producer_id = any(?::uuid[]) and created_at >= ? and created_at < ?`,
    [`{${keys.join(',')}}`, from, to]);
  return cents;
}

describe('a producer\'s charts and statements', () => {
  let me: Awaited<ReturnType<typeof registerProducer>>;
  let userId: string;
  let keys: string[];
  const orders: string[] = [];

  beforeAll(async () => {
    me = await registerProducer(test, 'charter');
    [{ id: userId }] = await sql<{ id: string }>(test, `select id from users where email = ?`, [me.email]);
    keys = await test.app.services.producers.producerKeys(userId);
    const other = await producerFixture(test);
    const em = test.app.orm.em.fork();
    const user = em.getReference(User, userId);
    const melody = compositionRow(em, user);
    const kick = drumRow(em, user, { drumType: 'Kicks' });
    await em.flush();
    const selection = (genre: string, drums: string[]) => ({ genre, composition: { id: melody.id }, drums: drums.map((id) => ({ sampleId: id })) }) as unknown as BeatSelection;
    const shares = [{ producerId: userId, name: me.producerName, percent: 60 }, { producerId: other.userId, name: 'other', percent: 40 }];
    const night = beatRow(em, other.userId, { title: 'Night, "Drive"', prompt: 'dark trap type beat with 808s', selection: selection('trap', [kick.id]), producerShares: shares });
    beatRow(em, other.userId, { title: 'Second', prompt: 'dark drill beat', selection: selection('drill', []), producerShares: shares });
    beatRow(em, other.userId, { title: 'Third', prompt: 'trap beat', selection: selection('trap', []), producerShares: shares });
    await em.flush();

    const split = [{ userId, bp: 6000 }, { userId: other.userId, bp: 4000 }];
    // Last month: a standard (2999) refunded in part this month, and an exclusive (49900). This month: an advanced (4999).
    const a = paidOrder(split, 2999, { beatId: night.id, tier: 'standard' });
    const b = paidOrder(split, 49900, { beatId: night.id, tier: 'excindie', beatTitle: 'Night, "Drive"' });
    const c = paidOrder(split, 4999, { beatId: night.id, tier: 'advanced' });
    for (const order of [a, b, c]) await recordSale(test, order);
    await settled(test);
    await dateSale(a.orderId, lastMonthDay);
    await dateSale(b.orderId, new Date(lastMonthDay.getTime() + 3_600_000));
    await recordRefund(test, { orderId: a.orderId, refundId: `${a.orderId}-r`, refundedCents: 1000, reason: 'admin' });
    await settled(test);
    orders.push(a.orderId, b.orderId, c.orderId);
  });

  it('charts earnings by month, licences by tier, beats by week and each loop\'s record', async () => {
    const { data, errors } = await graphql<{ myEarningsCharts: { months: Record<string, number | string>[]; tiers: unknown[]; weeks: { beats: number }[]; loops: Record<string, unknown>[] } }>(test.url, CHARTS, { months: 3 }, me.accessToken);
    expect(errors).toBeUndefined();
    const charts = data!.myEarningsCharts;
    expect(charts.months.map((m) => m.month)).toHaveLength(3);
    expect(charts.months[2].month).toBe(THIS_MONTH);
    const [{ part: partA }] = await sql<{ part: number }>(test, `select amount_cents as part from earnings_ledger where order_id = ? and kind = 'sale_producer'`, [orders[0]]);
    const [{ part: partB }] = await sql<{ part: number }>(test, `select amount_cents as part from earnings_ledger where order_id = ? and kind = 'sale_producer'`, [orders[1]]);
    const [{ part: partC }] = await sql<{ part: number }>(test, `select amount_cents as part from earnings_ledger where order_id = ? and kind = 'sale_producer'`, [orders[2]]);
    const reversed = Math.floor((partA * 1000) / 2999);
    const last = charts.months.find((m) => m.month === LAST_MONTH)!;
    const current = charts.months.find((m) => m.month === THIS_MONTH)!;
    // Last month's sales were paid; what the refund took back is counted in the month of the refund.
    expect(last).toMatchObject({ earnedCents: partA + partB, paidCents: partA + partB - reversed, reversedCents: 0, heldCents: 0 });
    expect(current).toMatchObject({ earnedCents: partC, paidCents: partC, reversedCents: reversed });
    // Every month's buckets add up to what was earned less what was reversed, over the period.
    const sum = (k: string) => charts.months.reduce((a, m) => a + (m[k] as number), 0);
    expect(sum('paidCents') + sum('pendingCents') + sum('heldCents') + sum('failedCents')).toBe(sum('earnedCents') - sum('reversedCents'));

    expect(charts.tiers).toEqual(expect.arrayContaining([
      { tier: 'standard', licences: 1, earnedCents: partA - reversed },
      { tier: 'excindie', licences: 1, earnedCents: partB },
      { tier: 'advanced', licences: 1, earnedCents: partC },
    ]));
    expect(charts.weeks.reduce((a, w) => a + w.beats, 0)).toBe(3);
    const melodyRecord = charts.loops.find((l) => l.kind === 'composition')!;
    expect(melodyRecord).toEqual({ kind: 'composition', type: 'Melody', beats: 3, licences: 3, earnedCents: partA + partB + partC - reversed, topGenres: ['trap', 'drill'], topWords: ['dark', 'trap', '808s', 'drill'] });
    expect(charts.loops.find((l) => l.kind === 'drum')).toMatchObject({ type: 'Kicks', beats: 1, licences: 3, topGenres: ['trap'] });

    const answer = await rest(test, 'GET', '/producer-earnings/charts?months=3', me.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body.months).toHaveLength(3);
    expect((answer.body.loops as Record<string, unknown>[])[0]).toMatchObject({ kind: 'composition', beats: 3, licences: 3, top_genres: ['trap', 'drill'] });
  });

  it('gives a month\'s and a year\'s statement that matches the ledger to the cent, as JSON, CSV and PDF', async () => {
    for (const period of [LAST_MONTH, THIS_MONTH, String(now.getUTCFullYear()), String(lastMonthDay.getUTCFullYear())]) {
      const { data, errors } = await graphql<{ myEarningsStatement: { totalCents: number; salesCents: number; refundsCents: number; lines: { amountCents: number; kind: string }[] } }>(test.url, STATEMENT, { period }, me.accessToken);
      expect(errors).toBeUndefined();
      const statement = data!.myEarningsStatement;
      const year = Number(period.slice(0, 4));
      const from = period.length === 4 ? new Date(Date.UTC(year, 0, 1)) : new Date(Date.UTC(year, Number(period.slice(5)) - 1, 1));
      const to = period.length === 4 ? new Date(Date.UTC(year + 1, 0, 1)) : new Date(Date.UTC(year, Number(period.slice(5)), 1));
      const ledger = await ledgerSum(keys, from, to);
      expect(statement.lines.reduce((a, l) => a + l.amountCents, 0)).toBe(ledger);
      expect(statement.totalCents).toBe(ledger);
      expect(statement.salesCents + statement.refundsCents).toBe(ledger);
    }
    const { data } = await graphql<{ myEarningsStatement: { producerName: string; lines: Record<string, unknown>[] } }>(test.url, STATEMENT, { period: LAST_MONTH }, me.accessToken);
    expect(data!.myEarningsStatement.producerName).toBe(me.producerName);
    expect(data!.myEarningsStatement.lines).toEqual([
      expect.objectContaining({ kind: 'sale', orderId: orders[0], tier: 'standard', beatTitle: 'Night, "Drive"', sharePercent: 60, grossCents: 2999, feeCents: 117, netCents: 2882, transferStatus: 'paid' }),
      expect.objectContaining({ kind: 'sale', orderId: orders[1], tier: 'excindie', grossCents: 49900, transferStatus: 'paid' }),
    ]);
    const thisMonth = await graphql<{ myEarningsStatement: { lines: Record<string, unknown>[] } }>(test.url, STATEMENT, { period: THIS_MONTH }, me.accessToken);
    expect(thisMonth.data!.myEarningsStatement.lines).toContainEqual(expect.objectContaining({ kind: 'refund', orderId: orders[0], grossCents: -1000, feeCents: 0, netCents: -1000 }));

    const csv = await fetch(`${test.url}/producer-earnings/statement?period=${LAST_MONTH}&format=csv`, { headers: { authorization: `Bearer ${me.accessToken}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain(`statement-${LAST_MONTH}.csv`);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('date,kind,order_id,tier,beat,share_percent,gross_usd,fee_usd,net_usd,your_earnings_usd,transfer_status');
    expect(rows[1]).toContain(',"Night, ""Drive""",60.00,29.99,1.17,28.82,');
    const cents = (field: string) => Math.round(Number(field) * 100);
    const lineCents = rows.slice(1, -1).map((r) => cents(r.split(',').at(-2)!));
    const ledger = await ledgerSum(keys, new Date(Date.UTC(lastMonthDay.getUTCFullYear(), lastMonthDay.getUTCMonth(), 1)), new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
    expect(lineCents.reduce((a, c) => a + c, 0)).toBe(ledger);
    expect(rows.at(-1)).toBe(`total,,,,,,,,,${(ledger / 100).toFixed(2)},`);

    const pdf = await fetch(`${test.url}/producer-earnings/statement?period=${LAST_MONTH}&format=pdf`, { headers: { authorization: `Bearer ${me.accessToken}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(mkdtempSync(join(tmpdir(), 'statement-')), 's.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('YSM earnings statement');
    expect(text).toContain(me.producerName);
    expect(text).toContain('Night, "Drive"');
    expect(text).toMatch(new RegExp(`Total\\s+${(ledger / 100).toFixed(2).replace('.', '\\.')}`));
  });

  it('an empty period is a statement with no lines', async () => {
    const { data } = await graphql<{ myEarningsStatement: { lines: unknown[]; totalCents: number } }>(test.url, STATEMENT, { period: '2001-02' }, me.accessToken);
    expect(data!.myEarningsStatement).toMatchObject({ lines: [], totalCents: 0 });
    const pdf = await fetch(`${test.url}/producer-earnings/statement?period=2001&format=pdf`, { headers: { authorization: `Bearer ${me.accessToken}` } });
    expect(pdf.status).toBe(200);
  });

  it('a personal access token with earnings:read reads charts and statements; one without it is refused', async () => {
    const token = await createToken(test, me.accessToken, { scopes: ['earnings:read'] });
    expect((await rest(test, 'GET', '/producer-earnings/charts', token.secret)).status).toBe(200);
    expect((await rest(test, 'GET', `/producer-earnings/statement?period=${THIS_MONTH}`, token.secret)).status).toBe(200);
    expect((await graphql(test.url, STATEMENT, { period: THIS_MONTH }, token.secret)).errors).toBeUndefined();
    const narrow = await createToken(test, me.accessToken, { scopes: ['beats:read'] });
    expect((await rest(test, 'GET', '/producer-earnings/charts', narrow.secret)).status).toBe(403);
    expect((await rest(test, 'GET', `/producer-earnings/statement?period=${THIS_MONTH}&format=csv`, narrow.secret)).status).toBe(403);
    expect((await graphql(test.url, CHARTS, {}, narrow.secret)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses the signed-out, listeners, and malformed periods, formats and months', async () => {
    expect((await rest(test, 'GET', '/producer-earnings/charts', null)).status).toBe(401);
    expect((await rest(test, 'GET', `/producer-earnings/statement?period=${THIS_MONTH}&format=pdf`, null)).status).toBe(401);
    expect((await graphql(test.url, STATEMENT, { period: THIS_MONTH })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const listener = await registerAndSignIn(test, 'chartlistener');
    expect((await rest(test, 'GET', '/producer-earnings/charts', listener.accessToken)).status).toBe(403);
    expect((await rest(test, 'GET', `/producer-earnings/statement?period=${THIS_MONTH}&format=csv`, listener.accessToken)).status).toBe(403);
    expect((await graphql(test.url, CHARTS, {}, listener.accessToken)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    for (const period of ['2026-13', '2026-00', '26-11', '1999', '2026-1', 'x'.repeat(500), '2026-11-01']) {
      expect((await rest(test, 'GET', `/producer-earnings/statement?period=${encodeURIComponent(period)}`, me.accessToken)).status).toBe(400);
      expect((await graphql(test.url, STATEMENT, { period }, me.accessToken)).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect((await rest(test, 'GET', '/producer-earnings/statement', me.accessToken)).status).toBe(400);
    expect((await rest(test, 'GET', `/producer-earnings/statement?period=${THIS_MONTH}&format=xlsx`, me.accessToken)).status).toBe(400);
    expect((await rest(test, 'GET', `/producer-earnings/statement?period=${THIS_MONTH}&other=1`, me.accessToken)).status).toBe(400);
    for (const months of ['0', '37', 'abc', '1.5']) expect((await rest(test, 'GET', `/producer-earnings/charts?months=${months}`, me.accessToken)).status).toBe(400);
    expect((await graphql(test.url, CHARTS, { months: 37 }, me.accessToken)).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});
