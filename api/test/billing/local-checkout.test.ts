import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { ConfigError, loadConfig } from '../../src/config';
import { createLocalPayments, LocalCheckoutRefused } from '../../src/modules/billing/payments/local-payments';

let test: TestApp;
beforeAll(async () => (test = await startTestApp()));
afterAll(() => test?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

async function account(user: SignedInUser) {
  const me = await graphql<{ me: { id: string; subscriptionLevel: number; subscriptionType: string; tokensRemaining: number } }>(
    test.url, '{ me { id subscriptionLevel subscriptionType tokensRemaining } }', {}, user.accessToken,
  );
  return me.data!.me;
}

async function ledger(userId: string) {
  const [row] = await sql<{ balance: number; sum: number }>(
    'select credits as balance, (select coalesce(sum(delta), 0)::int from token_ledger where user_id = b.user_id) as sum from billing_accounts b where user_id = ?',
    [userId],
  );
  return row;
}

async function startCheckout(user: SignedInUser, priceId = 'early_access'): Promise<string> {
  const response = await fetch(`${test.url}/subscription-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(user.accessToken) },
    body: JSON.stringify({ price_id: priceId }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { checkoutUrl: string }).checkoutUrl;
}

const submit = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

describe('the local checkout (no Stripe key)', () => {
  it('shows the plan and amount with Pay and Cancel; Pay fulfils and returns to /success', async () => {
    const user = await registerAndSignIn(test, 'local');
    const me = await account(user);
    const checkoutUrl = await startCheckout(user);
    expect(checkoutUrl).toMatch(new RegExp(`^${test.url}/local-checkout/local_cs_[A-Za-z0-9_-]{32}$`));
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Early Access Premium');
    expect(html).toContain('7.50 USD');
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);

    const sessionId = checkoutUrl.split('/').pop()!;
    const paid = await submit(`${checkoutUrl}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:5173/success?session_id=${sessionId}`);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, subscriptionType: 'Early Access Premium', tokensRemaining: 100 });
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100 });

    const details = await fetch(`${test.url}/get-session-details/${sessionId}`, { headers: bearer(user.accessToken) });
    const body = (await details.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      customer_details: { name: user.username, email: user.email },
      amount_total: 750,
      currency: 'usd',
      payment_status: 'paid',
      subscription: `local_sub_${sessionId.slice('local_cs_'.length)}`,
    });
    expect(await (await fetch(checkoutUrl)).text()).toContain('already paid');
  });

  it('Pay pressed several times at once, with the success page reading, grants once', async () => {
    const user = await registerAndSignIn(test, 'impatient');
    const me = await account(user);
    const checkoutUrl = await startCheckout(user, 'enterprise');
    const sessionId = checkoutUrl.split('/').pop()!;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => submit(`${checkoutUrl}/pay`)),
      fetch(`${test.url}/get-session-details/${sessionId}`, { headers: bearer(user.accessToken) }),
    ]);
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([303, 303, 303, 303, 303]);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 4, tokensRemaining: 1000 });
    expect(await ledger(me.id)).toEqual({ balance: 1000, sum: 1000 });
    expect((await sql('select id from subscriptions where user_id = ?', [me.id])).length).toBe(1);
  });

  it('Cancel abandons the checkout: back to /subscriptions, and it can no longer be paid', async () => {
    const user = await registerAndSignIn(test, 'undecided');
    const checkoutUrl = await startCheckout(user, 'premium');
    const cancelled = await submit(`${checkoutUrl}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://localhost:5173/subscriptions');
    const paid = await submit(`${checkoutUrl}/pay`);
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain('This checkout was cancelled.');
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1, tokensRemaining: 25 });
  });

  it('unknown or malformed checkout ids are 404', async () => {
    expect((await fetch(`${test.url}/local-checkout/local_cs_${'a'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${test.url}/local-checkout/../../etc`)).status).toBe(404);
    expect((await submit(`${test.url}/local-checkout/cs_test_123/pay`)).status).toBe(404);
  });

  it('cancelling makes the account Free at once; tokens already granted stay until the cycle ends, then Free tokens', async () => {
    const user = await registerAndSignIn(test, 'quitter');
    const me = await account(user);
    await submit(`${await startCheckout(user)}/pay`);
    await test.app.services.credits.spend(me.id, 'a beat');
    const response = await fetch(`${test.url}/cancel-subscription`, { method: 'POST', headers: bearer(user.accessToken) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Subscription cancelled successfully.', subscription_type: 'Free' });
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1, subscriptionType: 'Free', tokensRemaining: 99 });
    const profile = await fetch(`${test.url}/account/profile`, { headers: bearer(user.accessToken) });
    expect(await profile.json()).toMatchObject({ subscription_type: 'Free' });

    // At the end of the paid month the subscription ends and the Free allowance starts.
    const after = await test.app.services.billingAccounts.stateOf(me.id);
    const later = new Date(after.cycleEnd!.getTime() + 1000);
    expect(await test.app.services.credits.ensureCycle(me.id, later)).toBe(true);
    expect(await test.app.services.billingAccounts.stateOf(me.id)).toMatchObject({ level: 1, credits: 25 });
    expect(await ledger(me.id)).toEqual({ balance: 25, sum: 25 });
    const [row] = await sql('select status from subscriptions where user_id = ?', [me.id]);
    expect(row).toEqual({ status: 'canceled' });

    // And the user may subscribe again.
    await submit(`${await startCheckout(user)}/pay`);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 2, tokensRemaining: 100 });
  });

  it('a local subscription renews on the next request after its month, with the plan\'s tokens', async () => {
    const user = await registerAndSignIn(test, 'renewer');
    const me = await account(user);
    await submit(`${await startCheckout(user, 'premium')}/pay`);
    for (let i = 0; i < 10; i += 1) await test.app.services.credits.spend(me.id, 'beats');
    const current = await test.app.services.billingAccounts.stateOf(me.id);
    expect(await test.app.services.credits.ensureCycle(me.id, new Date(current.cycleEnd!.getTime() + 1000))).toBe(true);
    expect(await test.app.services.billingAccounts.stateOf(me.id)).toMatchObject({ level: 3, credits: 100 });
    expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100 });
  });

  it('a user without a subscription cannot cancel; the current plan cannot be bought again', async () => {
    const user = await registerAndSignIn(test, 'nothing');
    const response = await fetch(`${test.url}/cancel-subscription`, { method: 'POST', headers: bearer(user.accessToken) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'You have no subscription to cancel.' });
    await submit(`${await startCheckout(user)}/pay`);
    const again = await fetch(`${test.url}/subscription-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(user.accessToken) },
      body: JSON.stringify({ price_id: 'early_access' }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'You are already subscribed to this plan.' });
  });

  it('like Stripe, it honours the idempotency key: clicks on one plan while its checkout is open get that checkout, also at once and on another instance', async () => {
    const user = await registerAndSignIn(test, 'twice');
    const first = await startCheckout(user, 'premium');
    expect(await startCheckout(user, 'premium')).toBe(first);
    expect(new Set(await Promise.all(Array.from({ length: 5 }, () => startCheckout(user, 'premium'))))).toEqual(new Set([first]));
    const second = await startSecondInstance(test);
    try {
      const response = await fetch(`${second.url}/subscription-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(user.accessToken) },
        body: JSON.stringify({ price_id: 'premium' }),
      });
      expect(((await response.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()).toBe(first.split('/').pop());
    } finally {
      await second.close();
    }
    const me = await account(user);
    expect(await sql('select id from checkout_sessions where user_id = ? and level = 3', [me.id])).toHaveLength(1);
    // Another plan is another checkout; a cancelled one moves the key on.
    expect(await startCheckout(user, 'enterprise')).not.toBe(first);
    await submit(`${first}/cancel`);
    const next = await startCheckout(user, 'premium');
    expect(next).not.toBe(first);
    expect((await submit(`${next}/pay`)).status).toBe(303);
  });

  it('two open checkouts of one plan cannot both be paid (one period, one payment), one after the other or at once', async () => {
    for (const atOnce of [false, true]) {
      const user = await registerAndSignIn(test, atOnce ? 'racer' : 'payer');
      const me = await account(user);
      const first = await startCheckout(user, 'premium');
      // A second open checkout of the same plan, as one opened before keys were honoured.
      const otherId = `local_cs_${'B'.repeat(31)}${atOnce ? 'r' : 'p'}`;
      await sql(`insert into checkout_sessions (id, user_id, provider, level, amount_cents, currency, status, created_at) values (?, ?, 'local', 3, 2000, 'usd', 'open', now())`, [otherId, me.id]);
      const other = `${test.url}/local-checkout/${otherId}`;
      const statuses = atOnce
        ? (await Promise.all([submit(`${first}/pay`), submit(`${other}/pay`)])).map((r) => r.status).sort()
        : [(await submit(`${first}/pay`)).status, (await submit(`${other}/pay`)).status];
      expect(statuses).toEqual([303, 409]);
      expect(await sql('select amount_cents from subscription_payments where user_id = ?', [me.id])).toEqual([{ amount_cents: 2000 }]);
      expect(await sql('select level from subscriptions where user_id = ?', [me.id])).toEqual([{ level: 3 }]);
      expect(await ledger(me.id)).toEqual({ balance: 100, sum: 100 });
      if (!atOnce) {
        const refused = await submit(`${other}/pay`);
        expect(await refused.text()).toContain('You are already subscribed to this plan.');
        // The paid one, pressed again, is still answered as paid.
        expect((await submit(`${first}/pay`)).status).toBe(303);
      }
    }
  });

  it('refuses fields it does not know, as Stripe does: in the checkout request, and in Pay and Cancel (which take none); nothing changes', async () => {
    const user = await registerAndSignIn(test, 'fields');
    const me = await account(user);
    const extra = await fetch(`${test.url}/subscription-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(user.accessToken) },
      body: JSON.stringify({ price_id: 'premium', quantity: 2 }),
    });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({ error: 'Unknown field: quantity.' });
    expect(await sql('select id from checkout_sessions where user_id = ?', [me.id])).toEqual([]);
    const checkoutUrl = await startCheckout(user, 'premium');
    for (const action of ['pay', 'cancel']) {
      const withFields = await fetch(`${checkoutUrl}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'amount_cents=1',
        redirect: 'manual',
      });
      expect(withFields.status).toBe(400);
      expect(await withFields.json()).toEqual({ error: 'This action takes no fields.' });
    }
    expect(await sql('select status from checkout_sessions where user_id = ?', [me.id])).toEqual([{ status: 'open' }]);
    expect(await account(user)).toMatchObject({ subscriptionLevel: 1 });
  });

  it('the Stripe webhook does not exist without Stripe', async () => {
    expect((await fetch(`${test.url}/stripe/webhook`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('the local checkout in production', () => {
  const base = { PUBLIC_API_URL: 'https://api.example.com', WEB_ORIGIN: 'https://example.com', DATABASE_URL: 'postgres://db.example.com/ysm', SUPPORT_EMAIL: 'help@beats-support.co' };

  it('refuses to start without Stripe, LOCAL_CHECKOUT or not (issue 24)', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/set STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', LOCAL_CHECKOUT: '1' })).toThrow(/production refuses it/);
    expect(loadConfig({ ...base, NODE_ENV: 'development', LOCAL_CHECKOUT: '1' }).payments).toEqual({ kind: 'local', allowedInProduction: true });
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).payments).toEqual({ kind: 'local', allowedInProduction: false });
  });

  it('the adapter itself refuses production unless allowed', () => {
    expect(() => createLocalPayments({ publicApiUrl: 'https://api.example.com', production: true, allowedInProduction: false })).toThrow(LocalCheckoutRefused);
    expect(createLocalPayments({ publicApiUrl: 'https://api.example.com', production: true, allowedInProduction: true }).provider).toBe('local');
  });

  it('Stripe needs its webhook secret and the three price ids', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_51Nq8ZkLmP3vR7tY2w' })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    const config = loadConfig({
      ...base, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_51Nq8ZkLmP3vR7tY2w', STRIPE_WEBHOOK_SECRET: 'whsec_3kLm9PqR7sT2vW5x',
      STRIPE_PRICE_EARLY_ACCESS: 'price_a', STRIPE_PRICE_PREMIUM: 'price_b', STRIPE_PRICE_ENTERPRISE: 'price_c',
    });
    expect(config.payments).toMatchObject({ kind: 'stripe', prices: { early_access: 'price_a', premium: 'price_b', enterprise: 'price_c' } });
  });
});
