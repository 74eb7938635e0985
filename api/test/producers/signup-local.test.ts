import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { rest, signupPayload, yearsAgo } from '../support/producers';

let test: TestApp;

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);
const counts = async (user: SignedInUser) => {
  const [row] = await sql<{ producers: number; accounts: number }>(
    `select (select count(*)::int from producers p join users u on u.id = p.user_id where u.email = ?) as producers,
            (select count(*)::int from payout_accounts a join producers p on p.id = a.producer_id join users u on u.id = p.user_id where u.email = ?) as accounts`,
    [user.email, user.email],
  );
  return row;
};

describe('producer signup with local payout accounts', () => {
  it('checks, signs up, onboards locally and lands on /stripe-connect/success', async () => {
    const user = await registerAndSignIn(test, 'signup');
    expect((await rest(test, 'GET', '/check-stripe-account', user.accessToken)).body).toEqual({ hasStripeAccount: false });

    const payload = signupPayload();
    const signup = await rest(test, 'POST', '/prod-signup', user.accessToken, payload);
    expect(signup.status).toBe(200);
    expect(signup.body.redirect).toMatch(new RegExp(`^${test.url}/local-payouts/local_acct_[A-Za-z0-9_-]{32}/onboarding$`));
    expect((await rest(test, 'GET', '/check-stripe-account', user.accessToken)).body).toEqual({ hasStripeAccount: true });
    expect((await rest(test, 'GET', '/payout-account', user.accessToken)).body).toMatchObject({ hasStripeAccount: true, provider: 'local', onboarding_complete: false });

    const page = await fetch(signup.body.redirect);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(payload.producerName as string);
    const finish = await fetch(signup.body.redirect, { method: 'POST', redirect: 'manual' });
    expect(finish.status).toBe(303);
    expect(finish.headers.get('location')).toBe('http://localhost:5173/stripe-connect/success');

    const status = await graphql<{ myPayoutAccount: { provider: string; onboardingComplete: boolean; payoutsEnabled: boolean } }>(
      test.url, '{ myPayoutAccount { provider onboardingComplete payoutsEnabled } }', {}, user.accessToken,
    );
    expect(status.data!.myPayoutAccount).toEqual({ provider: 'local', onboardingComplete: true, payoutsEnabled: true });

    // Signing up again changes nothing and goes to the success page.
    const again = await rest(test, 'POST', '/prod-signup', user.accessToken, signupPayload({ firstName: 'Other' }));
    expect(again.body).toEqual({ redirect: 'http://localhost:5173/stripe-connect/success' });
    expect(await counts(user)).toEqual({ producers: 1, accounts: 1 });
    expect((await rest(test, 'GET', '/producer-account', user.accessToken)).body.producer.first_name).toBe('Ada');

    const dashboard = await rest(test, 'POST', '/express-dashboard', user.accessToken);
    expect(dashboard.body.url).toMatch(/\/local-payouts\/local_acct_.+\/dashboard$/);
    const dashboardPage = await fetch(dashboard.body.url);
    expect(await dashboardPage.text()).toContain('$0.00');
  });

  it('makes one producer and one payout account from concurrent signups', async () => {
    const user = await registerAndSignIn(test, 'racer');
    const payload = signupPayload();
    const answers = await Promise.all(Array.from({ length: 5 }, () => rest(test, 'POST', '/prod-signup', user.accessToken, payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.redirect)).size).toBe(1);
    expect(await counts(user)).toEqual({ producers: 1, accounts: 1 });
  });

  it('refuses the spec cases with the spec texts and saves nothing', async () => {
    const user = await registerAndSignIn(test, 'invalid');
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'Ada1' }, 'First name should only contain letters'],
      [{ lastName: 'Love lace' }, 'Last name should only contain letters'],
      [{ lastName: '<b>x</b>' }, 'Last name should only contain letters'],
      [{ birthDate: yearsAgo(18, -1) }, 'You must be at least 18 years old'],
      [{ birthDate: yearsAgo(17) }, 'You must be at least 18 years old'],
      [{ firstName: '' }, 'First name is required.'],
      [{ email: 'not-an-email' }, 'Email is not a valid email address.'],
      [{ birthDate: '2001-02-30' }, 'Birth date must be a date (YYYY-MM-DD).'],
      [{ birthDate: 123 }, 'Birth date is required.'],
      [{ producerName: 'x'.repeat(51) }, 'Producer name must be at most 50 characters.'],
      [{ proPro: 'PRS' }, 'PRO must be one of BMI, ASCAP, SESAC, TONO, GEMA, MCSC, ECAD.'],
      [{ masterRoyaltiesInfo: 'x'.repeat(1001) }, 'Master royalties info must be at most 1000 characters.'],
      [{ isAdmin: true }, 'Unknown field: isAdmin.'],
    ];
    for (const [override, message] of cases) {
      const answer = await rest(test, 'POST', '/prod-signup', user.accessToken, signupPayload(override));
      expect({ override, status: answer.status, body: answer.body }).toEqual({ override, status: 400, body: { error: message } });
    }
    const { producerName: _omit, ...missing } = signupPayload();
    expect((await rest(test, 'POST', '/prod-signup', user.accessToken, missing)).body).toEqual({ error: 'Producer name is required.' });
    expect((await rest(test, 'POST', '/prod-signup', user.accessToken, '[1,2]')).status).toBe(400);
    expect(await counts(user)).toEqual({ producers: 0, accounts: 0 });
  });

  it('accepts exactly 18 years and optional fields left out', async () => {
    const user = await registerAndSignIn(test, 'eighteen');
    const answer = await rest(test, 'POST', '/prod-signup', user.accessToken, signupPayload({ birthDate: yearsAgo(18), proPro: '', proProId: null, masterRoyaltiesInfo: undefined, firstName: 'Zoë' }));
    expect(answer.status).toBe(200);
    const record = (await rest(test, 'GET', '/producer-account', user.accessToken)).body.producer;
    expect(record).toMatchObject({ first_name: 'Zoë', prod_pro: null, prod_pro_id: null, prod_masters_info: null, birth_date: yearsAgo(18) });
  });

  it('refuses a taken producer name, in any case', async () => {
    const first = await registerAndSignIn(test, 'first');
    const second = await registerAndSignIn(test, 'second');
    await rest(test, 'POST', '/prod-signup', first.accessToken, signupPayload({ producerName: 'Unique Name' }));
    const taken = await rest(test, 'POST', '/prod-signup', second.accessToken, signupPayload({ producerName: 'UNIQUE name' }));
    expect(taken).toMatchObject({ status: 409, body: { error: 'That producer name is taken. Choose another one.' } });
    expect(await counts(second)).toEqual({ producers: 0, accounts: 0 });
  });

  it('needs a signed-in user, and a producer for the producer paths', async () => {
    expect((await rest(test, 'POST', '/prod-signup', null, signupPayload())).status).toBe(401);
    const user = await registerAndSignIn(test, 'listener');
    for (const [method, path] of [['GET', '/producer-data'], ['GET', '/producer-account'], ['POST', '/express-dashboard'], ['GET', '/producer-agreement']] as const) {
      const answer = await rest(test, method, path, user.accessToken);
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
    const gql = await graphql(test.url, 'mutation { expressDashboard { url } }', {}, user.accessToken);
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const none = await graphql<{ myProducer: null; hasPayoutAccount: boolean }>(test.url, '{ myProducer { id } hasPayoutAccount }', {}, user.accessToken);
    expect(none.data).toEqual({ myProducer: null, hasPayoutAccount: false });
  });

  it('local payout pages answer 404 for unknown accounts', async () => {
    expect((await fetch(`${test.url}/local-payouts/local_acct_${'A'.repeat(32)}/onboarding`)).status).toBe(404);
    expect((await fetch(`${test.url}/local-payouts/nope/dashboard`)).status).toBe(404);
    expect((await fetch(`${test.url}/local-payouts/local_acct_${'A'.repeat(32)}/onboarding`, { method: 'POST' })).status).toBe(404);
  });
});
