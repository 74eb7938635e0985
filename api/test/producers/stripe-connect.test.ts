import Stripe from 'stripe';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { rest, signupPayload } from '../support/producers';
import { StripeStandIn } from '../billing/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_billing';
const CONNECT_SECRET = 'whsec_test_connect';
let stand: StripeStandIn;
let test: TestApp;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  stand = await new StripeStandIn({ price_early: 750, price_premium: 2000, price_enterprise: 50_000 }).start();
  test = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_connect',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_PRICE_EARLY_ACCESS: 'price_early',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
    STRIPE_API_URL: stand.url,
  });
});
afterAll(async () => {
  await test?.close();
  await stand?.stop();
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);
const accountRow = async (email: string) =>
  (await sql<{ id: string; details_submitted: boolean; charges_enabled: boolean; payouts_enabled: boolean; requirements_due: string[] }>(
    `select a.id, a.details_submitted, a.charges_enabled, a.payouts_enabled, a.requirements_due
       from payout_accounts a join producers p on p.id = a.producer_id join users u on u.id = p.user_id where u.email = ?`,
    [email],
  ))[0];

function deliver(event: Record<string, unknown>, options: { secret?: string; timestamp?: number; header?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = options.header ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? CONNECT_SECRET, timestamp: options.timestamp });
  return fetch(`${test.url}/stripe/connect/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

describe('producer signup with Stripe Connect Express', () => {
  it('creates one Express account, answers its onboarding link, and re-reads it after onboarding', async () => {
    const user = await registerAndSignIn(test, 'connect');
    const payload = signupPayload({ producerName: 'Connect Producer', birthDate: '1990-04-05' });
    const signup = await rest(test, 'POST', '/prod-signup', user.accessToken, payload);
    expect(signup.status).toBe(200);
    expect(signup.body.redirect).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);

    const [create] = stand.requestsTo('POST', '/v1/accounts');
    expect(create.body).toMatchObject({
      type: 'express',
      email: payload.email,
      business_type: 'individual',
      individual: { first_name: 'Ada', last_name: 'Lovelace', dob: { day: '5', month: '4', year: '1990' } },
      business_profile: { name: 'Connect Producer' },
      capabilities: { transfers: { requested: 'true' } },
    });
    expect(create.idempotencyKey).toMatch(/^payout-account-[0-9a-f-]{36}-[0-9a-f]{16}$/);
    const row = await accountRow(user.email);
    expect(row).toMatchObject({ details_submitted: false, payouts_enabled: false, requirements_due: ['external_account', 'tos_acceptance.date'] });
    const link = stand.requestsTo('POST', '/v1/account_links').at(-1)!;
    expect(link.body).toEqual({
      account: row.id,
      type: 'account_onboarding',
      return_url: 'http://localhost:5173/stripe-connect/success',
      refresh_url: 'http://localhost:5173/stripe-connect/success?refresh=1',
    });
    expect((await rest(test, 'GET', '/check-stripe-account', user.accessToken)).body).toEqual({ hasStripeAccount: true });

    // Back from Stripe before the webhook: the success page re-reads the account.
    stand.completeOnboarding(row.id);
    const status = await graphql<{ myPayoutAccount: { id: string; onboardingComplete: boolean; chargesEnabled: boolean; requirementsDue: string[] } }>(
      test.url, '{ myPayoutAccount { id onboardingComplete chargesEnabled requirementsDue } }', {}, user.accessToken,
    );
    expect(status.data!.myPayoutAccount).toEqual({ id: row.id, onboardingComplete: true, chargesEnabled: true, requirementsDue: [] });
    expect(await accountRow(user.email)).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements_due: [] });

    // A finished producer signing up again goes to the success page; nothing is created.
    const again = await rest(test, 'POST', '/prod-signup', user.accessToken, payload);
    expect(again.body).toEqual({ redirect: 'http://localhost:5173/stripe-connect/success' });
    expect(stand.requestsTo('POST', '/v1/accounts')).toHaveLength(1);

    const dashboard = await rest(test, 'POST', '/express-dashboard', user.accessToken);
    expect(dashboard.body.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/express/${row.id}/`));
    expect(stand.requestsTo('POST', `/v1/accounts/${row.id}/login_links`)).toHaveLength(1);
  });

  it('creates one account for concurrent signups', async () => {
    const user = await registerAndSignIn(test, 'double');
    const before = stand.requestsTo('POST', '/v1/accounts').length;
    const payload = signupPayload();
    const answers = await Promise.all([1, 2, 3].map(() => rest(test, 'POST', '/prod-signup', user.accessToken, payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(stand.requestsTo('POST', '/v1/accounts').length - before).toBe(1);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from producers p join users u on u.id = p.user_id where u.email = ?`, [user.email]);
    expect(n).toBe(1);
  });

  it('saves nothing when Stripe refuses the account, and a retry succeeds', async () => {
    const user = await registerAndSignIn(test, 'refused');
    const payload = signupPayload();
    stand.refuse('/v1/accounts', 1);
    const refused = await rest(test, 'POST', '/prod-signup', user.accessToken, payload);
    expect(refused.status).toBe(500);
    expect(await accountRow(user.email)).toBeUndefined();
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from producers p join users u on u.id = p.user_id where u.email = ?`, [user.email]);
    expect(n).toBe(0);
    expect((await rest(test, 'POST', '/prod-signup', user.accessToken, payload)).status).toBe(200);
    expect(await accountRow(user.email)).toBeDefined();
  });
});

describe('POST /stripe/connect/webhook (account.updated)', () => {
  let email: string;
  let accountId: string;

  beforeAll(async () => {
    const user = await registerAndSignIn(test, 'hooked');
    email = user.email;
    await rest(test, 'POST', '/prod-signup', user.accessToken, signupPayload());
    accountId = (await accountRow(email)).id;
  });

  it('applies the account state read back from Stripe, once per event', async () => {
    const account = stand.completeOnboarding(accountId);
    const event = stand.event('account.updated', account);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await accountRow(email)).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true });

    // A replay, even after the state moved on, applies nothing.
    account.payouts_enabled = false;
    const replay = await deliver(event);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await accountRow(email)).toMatchObject({ payouts_enabled: true });

    // A stale event delivered late applies Stripe's current state, not its own payload.
    const late = await deliver(stand.event('account.updated', { ...account, payouts_enabled: true }));
    expect(await late.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await accountRow(email)).toMatchObject({ payouts_enabled: false });
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from payout_events where id = ?`, [event.id]);
    expect(n).toBe(1);
  });

  it('refuses bad, stale, or other-secret signatures and changes nothing', async () => {
    const before = await accountRow(email);
    const account = { ...stand.accounts.get(accountId)!, payouts_enabled: true };
    const event = stand.event('account.updated', account);
    expect((await deliver(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await deliver(event, { secret: WEBHOOK_SECRET })).status).toBe(400);
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    expect((await deliver(event, { header: 't=1,v1=deadbeef' })).status).toBe(400);
    const missing = await fetch(`${test.url}/stripe/connect/webhook`, { method: 'POST', body: JSON.stringify(event) });
    expect(missing.status).toBe(400);
    expect(await accountRow(email)).toEqual(before);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from payout_events where id = ?`, [event.id]);
    expect(n).toBe(0);
  });

  it('ignores other events and accounts that are not ours', async () => {
    const other = await deliver(stand.event('payout.paid', { id: 'po_1', object: 'payout' }));
    expect(await other.json()).toEqual({ received: true, outcome: 'ignored' });
    const foreign = await fetch(`${stand.url}/v1/accounts`, { method: 'POST', headers: { authorization: 'Bearer sk_test_connect', 'content-type': 'application/x-www-form-urlencoded' }, body: 'type=express' });
    const acct = (await foreign.json()) as { id: string };
    expect(await (await deliver(stand.event('account.updated', stand.accounts.get(acct.id)!))).json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('retries: a failure answers 500 and records nothing, the redelivery applies', async () => {
    const account = stand.accounts.get(accountId)!;
    account.payouts_enabled = true;
    const event = stand.event('account.updated', account);
    const stored = stand.accounts.get(accountId)!;
    stand.accounts.delete(accountId);
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    stand.accounts.set(accountId, stored);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from payout_events where id = ?`, [event.id]);
    expect(n).toBe(0);
    expect(await (await deliver(event)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await accountRow(email)).toMatchObject({ payouts_enabled: true });
  });
});
