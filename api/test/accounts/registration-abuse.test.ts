import { randomBytes, randomUUID } from 'node:crypto';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { ProviderFormError, authorizeThroughProvider, pageErrors, signInThroughProvider, type TokenSet } from '../support/oidc-login';
import type { ApiUnderTest } from '../support/test-app';
import { describeWithRedis } from '../support/redis-mode';

/** Fresh names for one registration. */
function fresh(name = 'reg') {
  const username = `${name}_${randomBytes(4).toString('hex')}`;
  return { email: `${username}@example.com`, username, password: `pw-${randomBytes(8).toString('hex')}` };
}

/** Posts the registration form as a browser does; the tokens, or the form's error. */
function register(api: ApiUnderTest, account: { email: string; username: string; password: string }): Promise<TokenSet | ProviderFormError> {
  return signInThroughProvider({
    issuer: api.config.auth.issuer,
    clientId: api.config.auth.clientId,
    redirectUri: api.config.webOrigin,
    login: account.email,
    password: account.password,
    register: { email: account.email, username: account.username },
  }).catch((error: unknown) => {
    if (error instanceof ProviderFormError) return error;
    throw error;
  });
}

const usersOf = (test: TestApp) => test.app.services.accounts.countUsers();
const hashesOf = (test: TestApp) => test.app.services.accounts.passwordHashing().computed;

describe('registration: refusals that cost no password hash', () => {
  let test: TestApp;
  beforeAll(async () => (test = await startTestApp()));
  afterAll(() => test?.close());

  it('refuses a password on the common-password list, whatever its case, on the password field', async () => {
    const [users, hashes] = [await usersOf(test), hashesOf(test)];
    for (const password of ['12345678', 'Password1', 'QWERTYUIOP']) {
      const refused = await register(test, { ...fresh(), password });
      expect(refused).toBeInstanceOf(ProviderFormError);
      const error = refused as ProviderFormError;
      expect(error.status).toBe(400);
      expect(pageErrors(error.html)).toEqual(['Please correct the highlighted fields.', 'This password is too common. Choose one that is harder to guess.']);
      expect(error.html).toMatch(/<input id="field-password" name="password"[^>]*aria-invalid="true"/);
    }
    const self = fresh();
    const personal = (await register(test, { ...self, password: self.username.toUpperCase() })) as ProviderFormError;
    expect(pageErrors(personal.html)).toContain('The password must not be your email or username.');
    expect(await usersOf(test)).toBe(users);
    expect(hashesOf(test)).toBe(hashes);
  });

  it('answers a taken email or username with 409 without hashing the password', async () => {
    const owner = fresh('taken');
    expect(await register(test, owner)).not.toBeInstanceOf(Error);
    const [users, hashes] = [await usersOf(test), hashesOf(test)];
    const attempts = await Promise.all([
      register(test, { ...fresh(), email: owner.email.toUpperCase() }),
      register(test, { ...fresh(), email: owner.email }),
      ...Array.from({ length: 8 }, () => register(test, { ...fresh(), username: owner.username.toUpperCase() })),
    ]);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ status: 409, message: 'That email or username is already registered.' });
    }
    expect(hashesOf(test)).toBe(hashes);
    expect(await usersOf(test)).toBe(users);
  });

  it('limits how often one address may be tried: the fourth attempt in an hour is refused before it is looked up', async () => {
    const owner = fresh('probe');
    expect(await register(test, owner)).not.toBeInstanceOf(Error);
    expect(await register(test, { ...fresh(), email: owner.email })).toMatchObject({ status: 409 });
    expect(await register(test, { ...fresh(), email: owner.email })).toMatchObject({ status: 409 });
    const refused = (await register(test, { ...fresh(), email: owner.email })) as ProviderFormError;
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('Too many registration attempts. Try again in 60 minutes.');
    expect(refused.retryAfter).toBeGreaterThan(3500);
  });
});

describe('registration: per-network limit', () => {
  let test: TestApp;
  beforeAll(async () => (test = await startTestApp({ REGISTRATIONS_PER_NETWORK_PER_HOUR: '3', REGISTRATIONS_PER_NETWORK_PER_DAY: '10' })));
  afterAll(() => test?.close());

  it('lets three of twenty parallel registrations from one network through; the rest get 429 and leave nothing', async () => {
    const [users, hashes] = [await usersOf(test), hashesOf(test)];
    const results = await Promise.all(Array.from({ length: 20 }, () => register(test, fresh('flood'))));
    const refused = results.filter((r): r is ProviderFormError => r instanceof ProviderFormError);
    expect(results.length - refused.length).toBe(3);
    for (const error of refused) {
      expect(error.status).toBe(429);
      expect(error.message).toBe('Too many registration attempts. Try again in 60 minutes.');
    }
    expect(await usersOf(test)).toBe(users + 3);
    // Only the three accounts made were hashed.
    expect(hashesOf(test)).toBe(hashes + 3);
  });
});

describeWithRedis('registration limits across instances', (redisUrl) => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    first = await startTestApp({ REDIS_URL: redisUrl, QUEUE_PREFIX: `test-${randomUUID()}`, REGISTRATIONS_PER_NETWORK_PER_HOUR: '2' });
    second = await startSecondInstance(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** Starts a sign-in on the first instance and posts the registration form to `instanceUrl`; the status. */
  async function registerOn(instanceUrl: string): Promise<number> {
    const started = await authorizeThroughProvider({ issuer: first.config.auth.issuer, clientId: first.config.auth.clientId, redirectUri: first.config.webOrigin });
    const action = new URL(`${started.interactionUrl!.pathname}/register`, instanceUrl);
    const account = fresh();
    const response = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: started.jar.header(action), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...account, confirmPassword: account.password }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  it('counts the registrations of one network on every instance', async () => {
    expect(await registerOn(first.url)).toBe(303);
    expect(await registerOn(second.url)).toBe(303);
    expect(await registerOn(first.url)).toBe(429);
    expect(await registerOn(second.url)).toBe(429);
  });
});
