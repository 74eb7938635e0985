import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { signupPayload } from '../support/producers';
import { TableOrdersSource } from './table-orders-source';
import { idOf, insertUsers, rest, signInAdmin, sqlOf, type Sql } from './admin-support';

const orders = new TableOrdersSource();
let test: TestApp;
let sql: Sql;
let admin: SignedInUser & { id: string };
beforeAll(async () => {
  test = await startTestApp({}, { orders });
  sql = sqlOf(test);
  await orders.attach(sql);
  admin = await signInAdmin(test);
});
afterAll(() => test?.close());

const get = (path: string) => rest(test, 'GET', path, admin.accessToken);
const post = (path: string, body: unknown) => rest(test, 'POST', path, admin.accessToken, body);
const count = async (table: string) => Number((await sql<{ n: string }>(`select count(*) as n from ${table}`))[0].n);

async function balanceAndLedger(userId: string) {
  const [row] = await sql<{ balance: number; sum: number; rows: number }>(
    `select credits as balance, (select coalesce(sum(delta), 0)::int from token_ledger where user_id = b.user_id) as sum,
            (select count(*)::int from token_ledger where user_id = b.user_id) as rows from billing_accounts b where user_id = ?`,
    [userId],
  );
  return row;
}

describe('lists and pages', () => {
  let totalUsers: number;
  beforeAll(async () => {
    await insertUsers(test, 45, 'Pager_');
    totalUsers = await count('users');
  });

  it('pages users 20 at a time from page 1, newest first, with pages and current_page', async () => {
    const first = await get('/admin/users');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, pages: Math.ceil(totalUsers / 20), total: totalUsers, page_size: 20 });
    expect(first.body.users).toHaveLength(20);
    expect(Object.keys(first.body.users[0]).sort()).toEqual(['created_at', 'email', 'user_id', 'username']);
    const second = await get('/admin/users?page=2');
    expect(second.body.current_page).toBe(2);
    const seen = new Set([...first.body.users, ...second.body.users].map((u: { user_id: string }) => u.user_id));
    expect(seen.size).toBe(40);
    const created = first.body.users.map((u: { created_at: string }) => u.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const last = await get(`/admin/users?page=${first.body.pages}`);
    expect(last.body.users).toHaveLength(totalUsers - 20 * (first.body.pages - 1));
  });

  it('a page past the end is empty with the right counts', async () => {
    const past = await get('/admin/users?page=999');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ users: [], current_page: 999, pages: Math.ceil(totalUsers / 20), total: totalUsers });
  });

  it('takes a page size up to 100', async () => {
    const big = await get('/admin/users?page_size=100');
    expect(big.body.users).toHaveLength(Math.min(100, totalUsers));
    expect(big.body.pages).toBe(Math.ceil(totalUsers / 100));
    const refused = await get('/admin/users?page_size=101');
    expect(refused).toEqual({ status: 400, body: { error: 'page_size must be a whole number from 1 to 100.' } });
  });

  it.each(['0', '-1', 'abc', '1.5', '99999999999', '', '1e3', ' 2'])('refuses page=%p with a 400 on every list', async (page) => {
    for (const path of ['/admin/users', '/admin/user-subscriptions', '/admin/producers', '/admin/beat-orders', '/admin/subscription-payments', '/admin/audit-log']) {
      const answer = await get(`${path}?page=${encodeURIComponent(page)}`);
      expect({ path, answer }).toEqual({ path, answer: { status: 400, body: { error: 'page must be a whole number from 1 to 1,000,000.' } } });
    }
  });

  it('refuses a repeated page parameter', async () => {
    expect((await get('/admin/users?page=1&page=2')).status).toBe(400);
  });

  it('GraphQL refuses the same page numbers with BAD_USER_INPUT and pages the same way', async () => {
    for (const page of [0, -1, 2_000_000]) {
      const answer = await graphql(test.url, 'query($p: Int!) { adminUsers(page: $p) { total } }', { p: page }, admin.accessToken);
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const notNumber = await graphql(test.url, 'query { adminUsers(page: "abc") { total } }', {}, admin.accessToken);
    expect(notNumber.errors?.length).toBeGreaterThan(0);
    const page = await graphql<{ adminUsers: { items: unknown[]; currentPage: number; pages: number; total: number } }>(
      test.url, '{ adminUsers(page: 2, pageSize: 10) { items { userId username email createdAt } currentPage pages total } }', {}, admin.accessToken,
    );
    expect(page.data!.adminUsers).toMatchObject({ currentPage: 2, pages: Math.ceil(totalUsers / 10), total: totalUsers });
    expect(page.data!.adminUsers.items).toHaveLength(10);
  });

  it('searches users by part of an email or username, case-insensitively; % and _ match themselves', async () => {
    const byName = await get('/admin/users?search=PAGER_1');
    // Pager_1 and Pager_10..Pager_19
    expect(byName.body.total).toBe(11);
    expect(byName.body.users.every((u: { username: string }) => u.username.startsWith('Pager_1'))).toBe(true);
    const byEmail = await get(`/admin/users?search=${encodeURIComponent('pager_44@example')}`);
    expect(byEmail.body.users.map((u: { username: string }) => u.username)).toEqual(['Pager_44']);
    expect((await get('/admin/users?search=%25')).body.total).toBe(0);
    expect((await get(`/admin/users?search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('lists every account with its plan and tokens, and producers with their names', async () => {
    const subscriptions = await get('/admin/user-subscriptions?page=1');
    expect(subscriptions.body.subscriptions[0]).toEqual({
      user_id: expect.any(String), username: expect.any(String), email: expect.any(String), subscription_type: expect.any(String), tokens_remaining: expect.any(Number),
    });
    expect(subscriptions.body.total).toBe(totalUsers);

    const producer = await registerAndSignIn(test, 'maker');
    const payload = signupPayload();
    expect((await rest(test, 'POST', '/prod-signup', producer.accessToken, payload)).status).toBe(200);
    const producers = await get('/admin/producers');
    expect(producers.body).toMatchObject({ current_page: 1, pages: 1, total: 1 });
    expect(producers.body.producers).toEqual([{ user_id: await idOf(test, producer), username: producer.username, producer_name: payload.producerName, files_uploaded: 0 }]);
    expect((await get('/admin/total-producers')).body).toEqual({ total_producers: 1 });

    // Files uploaded: melody stems and drum loops (withdrawn ones too, and the demo library's: they make beats).
    const producerId = await idOf(test, producer);
    const facts = `'k', 'f.wav', 1, 13.7, 44100, 2, 16, -14, -1, '[]'::jsonb`;
    await sql(`insert into drum_loops (id, contributor_id, drum_type, artists, instruments, genres, moods, tempo_styles, tag_keys, bpm, bpm_mismatch, key_mismatch, bars, is_demo,
        audio_blob_key, audio_file_name, audio_byte_size, audio_duration_seconds, audio_source_sample_rate, audio_source_channels, audio_source_bit_depth, audio_loudness_lufs, audio_true_peak_dbtp, audio_peaks, created_at, withdrawn_at)
      select gen_random_uuid(), ?, 'Kicks', '{}', '{}', '{}', '{}', '{}', '{}', 140, false, false, 8, g = 3, ${facts}, now(), case when g = 2 then now() end from generate_series(1, 3) g`, [producerId]);
    const [composition] = await sql<{ id: string }>(`insert into melody_compositions (id, contributor_id, artists, instruments, genres, moods, tempo_styles, tag_keys, bpm, key, mode, bpm_mismatch, key_mismatch, bars, is_demo, created_at)
      values (gen_random_uuid(), ?, '{}', '{}', '{}', '{}', '{}', '{}', 140, 'C', 'Minor', false, false, 8, false, now()) returning id`, [producerId]);
    await sql(`insert into melody_stems (id, composition_id, position, instrument, audio_blob_key, audio_file_name, audio_byte_size, audio_duration_seconds,
        audio_source_sample_rate, audio_source_channels, audio_source_bit_depth, audio_loudness_lufs, audio_true_peak_dbtp, audio_peaks)
      select gen_random_uuid(), ?, s, 'keys', ${facts} from generate_series(0, 2) s`, [composition.id]);
    expect((await get('/admin/producers')).body.producers[0].files_uploaded).toBe(6);
    expect((await get('/admin/total-users')).body).toEqual({ total_users: await count('users') });

    // A demo producer (the first start's library): every loop of theirs is a demo loop, and each counts.
    const [demo] = await insertUsers(test, 1, 'DemoMaker_');
    await test.app.orm.em.fork().transactional((em) => test.app.services.producers.ensureSystemProducers(em, [{ userId: demo, producerName: 'Demo Maker', email: 'demomaker_0@example.com' }]));
    await sql(`insert into drum_loops (id, contributor_id, drum_type, artists, instruments, genres, moods, tempo_styles, tag_keys, bpm, bpm_mismatch, key_mismatch, bars, is_demo,
        audio_blob_key, audio_file_name, audio_byte_size, audio_duration_seconds, audio_source_sample_rate, audio_source_channels, audio_source_bit_depth, audio_loudness_lufs, audio_true_peak_dbtp, audio_peaks, created_at)
      select gen_random_uuid(), ?, 'Snares', '{}', '{}', '{}', '{}', '{}', '{}', 140, false, false, 8, true, ${facts}, now() from generate_series(1, 4) g`, [demo]);
    const rows = (await get('/admin/producers')).body.producers as { user_id: string; files_uploaded: number }[];
    expect(rows.find((r) => r.user_id === demo)).toMatchObject({ files_uploaded: 4 });
  });
});

describe('Update Tokens', () => {
  let target: SignedInUser;
  let targetId: string;
  beforeAll(async () => {
    target = await registerAndSignIn(test, 'listener');
    // The account's first cycle starts on its first request.
    await rest(test, 'GET', '/tokens_remaining', target.accessToken);
    targetId = await idOf(test, target);
  });

  it('sets the balance with a ledger row carrying the admin and the reason, and an audit entry; the user sees it on the next request', async () => {
    const before = await balanceAndLedger(targetId);
    const answer = await post('/admin/update-tokens', { user_id: targetId, tokens_remaining: 70, tokens_seen: before.balance, reason: 'Goodwill after an outage' });
    expect(answer).toEqual({ status: 200, body: { user_id: targetId, username: target.username, email: target.email, subscription_type: 'Free', tokens_remaining: 70 } });
    expect(await balanceAndLedger(targetId)).toEqual({ balance: 70, sum: 70, rows: before.rows + 1 });
    const [entry] = await sql<{ delta: number; kind: string; reason: string; admin_id: string }>(
      'select delta, kind, reason, admin_id from token_ledger where user_id = ? order by created_at desc limit 1', [targetId],
    );
    expect(entry).toEqual({ delta: 70 - before.balance, kind: 'admin_set', reason: 'Goodwill after an outage', admin_id: admin.id });
    expect((await rest(test, 'GET', '/tokens_remaining', target.accessToken)).body).toEqual({ tokens_remaining: 70 });

    const log = await get('/admin/audit-log');
    expect(log.body.entries[0]).toMatchObject({
      admin_id: admin.id, admin_email: admin.email, action: 'update_tokens', target_type: 'user', target_id: targetId,
      reason: 'Goodwill after an outage', before: { tokensRemaining: before.balance }, after: { tokensRemaining: 70 },
    });
  });

  it('takes the spec request (user_id and tokens_remaining only)', async () => {
    const answer = await post('/admin/update-tokens', { user_id: targetId, tokens_remaining: 0 });
    expect(answer.status).toBe(200);
    expect((await balanceAndLedger(targetId)).balance).toBe(0);
  });

  it.each([
    [-1, 'tokens_remaining must be a whole number from 0 to 1,000,000.'],
    [1.5, 'tokens_remaining must be a whole number from 0 to 1,000,000.'],
    ['abc', 'tokens_remaining must be a whole number from 0 to 1,000,000.'],
    ['5', 'tokens_remaining must be a whole number from 0 to 1,000,000.'],
    [1e12, 'tokens_remaining must be a whole number from 0 to 1,000,000.'],
    [null, 'tokens_remaining must be a whole number from 0 to 1,000,000.'],
  ])('refuses tokens_remaining %p and changes nothing', async (amount, message) => {
    const before = await balanceAndLedger(targetId);
    const audits = await count('admin_audit_entries');
    expect(await post('/admin/update-tokens', { user_id: targetId, tokens_remaining: amount })).toEqual({ status: 400, body: { error: message } });
    expect(await balanceAndLedger(targetId)).toEqual(before);
    expect(await count('admin_audit_entries')).toBe(audits);
  });

  it('refuses an unknown user (404), a malformed id, a missing field, an unknown field and a body that is not JSON (400)', async () => {
    expect(await post('/admin/update-tokens', { user_id: randomUUID(), tokens_remaining: 5 })).toEqual({ status: 404, body: { error: 'Account not found.' } });
    expect(await post('/admin/update-tokens', { user_id: 'me', tokens_remaining: 5 })).toEqual({ status: 400, body: { error: 'user_id must be an account id.' } });
    expect((await post('/admin/update-tokens', { tokens_remaining: 5 })).status).toBe(400);
    expect(await post('/admin/update-tokens', { user_id: targetId, tokens_remaining: 5, is_admin: true })).toEqual({ status: 400, body: { error: 'Unknown field: is_admin.' } });
    expect((await post('/admin/update-tokens', '{"user_id":')).status).toBe(400);
  });

  it('answers a conflict when the balance changed since the modal opened, and changes nothing', async () => {
    await post('/admin/update-tokens', { user_id: targetId, tokens_remaining: 12 });
    const before = await balanceAndLedger(targetId);
    const stale = await post('/admin/update-tokens', { user_id: targetId, tokens_remaining: 99, tokens_seen: 11 });
    expect(stale).toEqual({ status: 409, body: { error: 'The balance changed to 12 since you opened it; check it and try again.' } });
    expect(await balanceAndLedger(targetId)).toEqual(before);
    const gql = await graphql(test.url, 'mutation($i: AdminUpdateTokensInput!) { adminUpdateTokens(input: $i) { tokensRemaining } }',
      { i: { userId: targetId, tokensRemaining: 99, tokensSeen: 3 } }, admin.accessToken);
    expect(gql.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it('two admins saving from the same modal at once: one wins, the other gets a conflict', async () => {
    await post('/admin/update-tokens', { user_id: targetId, tokens_remaining: 30 });
    const before = await balanceAndLedger(targetId);
    const answers = await Promise.all([40, 50, 60].map((n) => post('/admin/update-tokens', { user_id: targetId, tokens_remaining: n, tokens_seen: 30 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const after = await balanceAndLedger(targetId);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.balance).toBe(after.sum);
  });

  it('GraphQL sets a balance and refuses bad amounts with BAD_USER_INPUT', async () => {
    const current = (await balanceAndLedger(targetId)).balance;
    const ok = await graphql<{ adminUpdateTokens: { tokensRemaining: number } }>(test.url, 'mutation($i: AdminUpdateTokensInput!) { adminUpdateTokens(input: $i) { tokensRemaining } }',
      { i: { userId: targetId, tokensRemaining: 8, tokensSeen: current, reason: 'test' } }, admin.accessToken);
    expect(ok.data?.adminUpdateTokens.tokensRemaining).toBe(8);
    const negative = await graphql(test.url, 'mutation($i: AdminUpdateTokensInput!) { adminUpdateTokens(input: $i) { tokensRemaining } }',
      { i: { userId: targetId, tokensRemaining: -1, tokensSeen: 8 } }, admin.accessToken);
    expect(negative.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await balanceAndLedger(targetId)).balance).toBe(8);
  });
});

describe('subscription payments, revenue and refunds', () => {
  let buyer: SignedInUser;
  let buyerId: string;
  let paymentId: string;

  async function payLocally(user: SignedInUser, priceId: string) {
    const start = await rest(test, 'POST', '/subscription-checkout-session', user.accessToken, { price_id: priceId });
    const response = await fetch(`${start.body.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
  }

  beforeAll(async () => {
    buyer = await registerAndSignIn(test, 'buyer');
    buyerId = await idOf(test, buyer);
    await payLocally(buyer, 'early_access');
    // Pay pressed again on the same checkout records nothing more.
    const [session] = await sql<{ id: string }>('select id from checkout_sessions where user_id = ?', [buyerId]);
    await fetch(`${test.url}/local-checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
  });

  it('records the local checkout payment once, in cents, and counts it by plan and in the totals', async () => {
    const payments = await get('/admin/subscription-payments');
    expect(payments.body.total).toBe(1);
    const [payment] = payments.body.subscription_payments;
    paymentId = payment.payment_id;
    expect(payment).toMatchObject({ user_id: buyerId, username: buyer.username, subscription_type: 'Early Access Premium', amount: 7.5, amount_cents: 750, refunded_cents: 0, refundable: true });
    const stats = await get('/admin/subscription-stats');
    expect(stats.body.revenue_cents).toEqual({ Free: 0, 'Early Access Premium': 750, Premium: 0, Enterprise: 0 });
    expect(stats.body.revenue['Early Access Premium']).toBe(7.5);
    expect(stats.body.counts['Early Access Premium']).toBe(1);
    expect(stats.body.counts.Free).toBe((await count('users')) - 1);
    expect((await get('/admin/total-subscriptions')).body).toEqual({ total_subscriptions: 1 });
    const totals = await graphql<{ adminTotals: { subscriptionRevenueCents: number; totalSubscriptions: number } }>(test.url, '{ adminTotals { subscriptionRevenueCents totalSubscriptions } }', {}, admin.accessToken);
    expect(totals.data!.adminTotals).toEqual({ subscriptionRevenueCents: 750, totalSubscriptions: 1 });
  });

  it('refunds need a reason and a known payment', async () => {
    expect((await post('/admin/refund-subscription-payment', { payment_id: paymentId })).status).toBe(400);
    expect((await post('/admin/refund-subscription-payment', { payment_id: paymentId, reason: '  ' })).status).toBe(400);
    expect(await post('/admin/refund-subscription-payment', { payment_id: randomUUID(), reason: 'x' })).toEqual({ status: 404, body: { error: 'No such subscription payment.' } });
    expect((await post('/admin/refund-subscription-payment', { payment_id: 'nope', reason: 'x' })).status).toBe(404);
  });

  it('refunds a payment exactly once however often it is asked at once; revenue drops and renewal stops', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => post('/admin/refund-subscription-payment', { payment_id: paymentId, reason: 'Money-back guarantee' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ error: 'This payment was already refunded.' });
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ payment_id: paymentId, refunded_cents: 750, refundable: false });
    expect((await get('/admin/subscription-stats')).body.revenue_cents['Early Access Premium']).toBe(0);
    const [subscription] = await sql<{ cancel_at_period_end: boolean }>('select cancel_at_period_end from subscriptions where user_id = ?', [buyerId]);
    expect(subscription.cancel_at_period_end).toBe(true);
    const me = await graphql<{ me: { subscriptionLevel: number } }>(test.url, '{ me { subscriptionLevel } }', {}, buyer.accessToken);
    expect(me.data!.me.subscriptionLevel).toBe(1);
    // The refunded account is Free: no active subscription is left, as the statistics say.
    expect((await get('/admin/total-subscriptions')).body).toEqual({ total_subscriptions: 0 });
    expect((await get('/admin/subscription-stats')).body.counts['Early Access Premium']).toBe(0);
    const audit = (await get('/admin/audit-log')).body.entries.filter((e: { action: string }) => e.action === 'refund_subscription_payment');
    expect(audit).toHaveLength(1);
    const listed = await graphql<{ adminSubscriptionPayments: { items: { id: string; refundedCents: number; refundable: boolean }[] } }>(
      test.url, '{ adminSubscriptionPayments { items { id refundedCents refundable } } }', {}, admin.accessToken,
    );
    expect(listed.data!.adminSubscriptionPayments.items.find((p) => p.id === paymentId)).toEqual({ id: paymentId, refundedCents: 750, refundable: false });
    const again = await graphql(test.url, 'mutation($p: String!) { adminRefundSubscriptionPayment(paymentId: $p, reason: "again") { id } }', { p: paymentId }, admin.accessToken);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(audit[0]).toMatchObject({ target_id: paymentId, reason: 'Money-back guarantee', before: { refundedCents: 0 }, after: { refundedCents: 750 } });
  });

  it('Active Subscriptions agrees with the statistics: a cancelled or refunded subscription runs out at the provider, its account is Free', async () => {
    const paidRows = async () => {
      const counts = (await get('/admin/subscription-stats')).body.counts as Record<string, number>;
      return Object.entries(counts).filter(([plan]) => plan !== 'Free').reduce((sum, [, n]) => sum + n, 0);
    };
    const quitter = await registerAndSignIn(test, 'quitter');
    await payLocally(quitter, 'premium');
    const before = (await get('/admin/total-subscriptions')).body.total_subscriptions as number;
    expect(before).toBe(await paidRows());
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await rest(test, 'POST', '/cancel-subscription', quitter.accessToken)).status).toBe(200);
    // The subscription is still 'active' at the provider until its period ends...
    const [row] = await sql<{ status: string; cancel_at_period_end: boolean }>('select status, cancel_at_period_end from subscriptions where user_id = ?', [await idOf(test, quitter)]);
    expect(row).toEqual({ status: 'active', cancel_at_period_end: true });
    // ...but the account is Free, and the card says so with the statistics.
    expect((await get('/admin/total-subscriptions')).body).toEqual({ total_subscriptions: before - 1 });
    expect(await paidRows()).toBe(before - 1);
    const totals = await graphql<{ adminTotals: { totalSubscriptions: number } }>(test.url, '{ adminTotals { totalSubscriptions } }', {}, admin.accessToken);
    expect(totals.data!.adminTotals.totalSubscriptions).toBe(before - 1);
  });

  it('refuses a payment older than 30 days and changes nothing', async () => {
    const late = await registerAndSignIn(test, 'late');
    await payLocally(late, 'premium');
    const [payment] = await sql<{ id: string }>(`update subscription_payments set paid_at = now() - interval '31 days' where user_id = ? returning id`, [await idOf(test, late)]);
    const answer = await post('/admin/refund-subscription-payment', { payment_id: payment.id, reason: 'Too late' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/^Payments can be refunded within 30 days; this one was taken on \d{4}-\d{2}-\d{2}\.$/);
    const [row] = await sql<{ refunded_cents: number }>('select refunded_cents from subscription_payments where id = ?', [payment.id]);
    expect(row.refunded_cents).toBe(0);
    const listed = (await get('/admin/subscription-payments')).body.subscription_payments.find((p: { payment_id: string }) => p.payment_id === payment.id);
    expect(listed.refundable).toBe(false);
  });
});

describe('beat orders (through the orders source)', () => {
  let orderIds: string[];
  beforeAll(async () => {
    orderIds = [];
    for (const [i, price] of [1999, 2500, 4999].entries()) {
      orderIds.push(await orders.add({ producers: ['Nova', 'Kilo Beats'], customerEmail: `fan${i}@example.com`, priceCents: price, createdAt: new Date(Date.UTC(2026, 10, i + 1)) }));
    }
  });

  it('lists orders with producers, customer email and price, and totals the revenue', async () => {
    const page = await get('/admin/beat-orders?page=1');
    expect(page.body).toMatchObject({ current_page: 1, pages: 1, total: 3 });
    expect(page.body.beat_orders[0]).toMatchObject({ order_id: orderIds[2], producers: ['Nova', 'Kilo Beats'], customer_email: 'fan2@example.com', price: 49.99, price_cents: 4999, status: 'paid' });
    expect((await get('/admin/total-beat-orders')).body).toEqual({ total_revenue: 94.98, total_revenue_cents: 9498 });
    expect((await get('/admin/beat-orders?page=2')).body).toMatchObject({ beat_orders: [], current_page: 2, pages: 1, total: 3 });
  });

  it('refunds an order once with the admin and reason; a second refund is a conflict; unknown is 404', async () => {
    const first = await post('/admin/refund-order', { order_id: orderIds[0], reason: 'Customer complaint' });
    expect(first).toMatchObject({ status: 200, body: { order_id: orderIds[0], status: 'refunded', refunded_cents: 1999 } });
    expect(orders.refunds).toEqual([{ orderId: orderIds[0], adminId: admin.id, reason: 'Customer complaint' }]);
    expect(await post('/admin/refund-order', { order_id: orderIds[0], reason: 'again' })).toEqual({ status: 409, body: { error: 'This order was already refunded.' } });
    expect(await post('/admin/refund-order', { order_id: randomUUID(), reason: 'x' })).toEqual({ status: 404, body: { error: 'No such order.' } });
    expect((await post('/admin/refund-order', { order_id: orderIds[1] })).status).toBe(400);
    expect((await get('/admin/total-beat-orders')).body).toEqual({ total_revenue: 74.99, total_revenue_cents: 7499 });
    const audit = (await get('/admin/audit-log')).body.entries.filter((e: { action: string }) => e.action === 'refund_order');
    expect(audit).toEqual([expect.objectContaining({ target_id: orderIds[0], reason: 'Customer complaint', after: { status: 'refunded', priceCents: 1999, refundedCents: 1999 } })]);
  });

  it('GraphQL lists the same orders and refunds through the same source', async () => {
    const page = await graphql<{ adminBeatOrders: { items: { orderId: string; priceCents: number; producers: string[] }[]; total: number } }>(
      test.url, '{ adminBeatOrders { items { orderId priceCents producers } total } }', {}, admin.accessToken,
    );
    expect(page.data!.adminBeatOrders.total).toBe(3);
    const refund = await graphql<{ adminRefundOrder: { status: string } }>(test.url, 'mutation($o: String!) { adminRefundOrder(orderId: $o, reason: "test") { status } }', { o: orderIds[1] }, admin.accessToken);
    expect(refund.data!.adminRefundOrder.status).toBe('refunded');
    const again = await graphql(test.url, 'mutation($o: String!) { adminRefundOrder(orderId: $o, reason: "test") { status } }', { o: orderIds[1] }, admin.accessToken);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});
