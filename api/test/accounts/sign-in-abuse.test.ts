import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../support/test-app';
import { CookieJar, ProviderFormError, authorizeThroughProvider, signInThroughProvider, type TokenSet } from '../support/oidc-login';
import { KNOWN_DEVICE_COOKIE } from '../../src/platform/auth/oidc/known-devices';

let test: TestApp;
// The network's budget (all tests sign in from 127.0.0.1) stays out of the way; login-throttle.test.ts covers it.
beforeAll(async () => (test = await startTestApp({ SIGN_IN_FAILURES_PER_NETWORK: '1000' })));
afterAll(() => test?.close());

const fresh = (name: string) => {
  const username = `${name}_${randomBytes(4).toString('hex')}`;
  return { email: `${username}@example.com`, username, password: `pw-${randomBytes(8).toString('hex')}` };
};

function signIn(login: string, password: string, jar?: CookieJar, register?: { email: string; username: string }): Promise<TokenSet | ProviderFormError> {
  return signInThroughProvider({
    issuer: test.config.auth.issuer,
    clientId: test.config.auth.clientId,
    redirectUri: test.config.webOrigin,
    login,
    password,
    jar,
    register,
  }).catch((error: unknown) => {
    if (error instanceof ProviderFormError) return error;
    throw error;
  });
}

/** Registers through the form in a browser of its own; the browser keeps its cookies. */
async function owner(name: string) {
  const account = fresh(name);
  const browser = new CookieJar();
  const tokens = await signIn(account.email, account.password, browser, account);
  if (tokens instanceof Error) throw tokens;
  return { ...account, id: decodeJwt(tokens.accessToken).sub!, browser };
}

const hashes = () => test.app.services.accounts.passwordHashing().computed;

/** Each sign-in here is a whole browser flow (several requests and a hash): seconds apiece on a loaded machine. */
const FLOWS_TIMEOUT_MS = 240_000;

// First: the hash counts must not see the flows of another test.
describe('sign-in: whether an account exists does not show', () => {
  it('hashes a password for a login that names no account, exactly as for a wrong password of a real one', async () => {
    const ana = await owner('ana');
    const before = hashes();
    const unknown = (await signIn(`nobody_${randomBytes(4).toString('hex')}@example.com`, 'some-password-1')) as ProviderFormError;
    expect(hashes() - before).toBe(1);
    const known = (await signIn(ana.email, 'some-password-1')) as ProviderFormError;
    expect(hashes() - before).toBe(2);
    expect([unknown.status, unknown.message]).toEqual([401, 'Invalid email/username or password.']);
    expect([known.status, known.message]).toEqual([401, 'Invalid email/username or password.']);
    // The pages differ only in the login typed back into the form.
    expect(unknown.html.replace(/value="[^"]*"/g, '').replace(/interaction\/[\w-]+/g, '')).toBe(known.html.replace(/value="[^"]*"/g, '').replace(/interaction\/[\w-]+/g, ''));
  }, FLOWS_TIMEOUT_MS);

  it('takes about as long for an unknown login as for a known one (medians of interleaved samples, within a factor of 3)', async () => {
    // A generous, relative bound (the machine is shared): before, an unknown login answered ~15x faster.
    // Four real accounts, two wrong passwords each (within their free attempts), interleaved with unknown logins.
    const known = await Promise.all(['sam', 'eva', 'joe', 'kim'].map((name) => owner(name)));
    const started = await Promise.all(Array.from({ length: 16 }, () => signInPage()));
    const timings = { unknown: [] as number[], known: [] as number[] };
    for (let i = 0; i < started.length; i += 1) {
      const kind = i % 2 ? 'known' : 'unknown';
      const login = kind === 'known' ? known[(i >> 1) % known.length].email : `nobody_${i}_${randomBytes(3).toString('hex')}@example.com`;
      timings[kind].push(await timePost(started[i], login, `wrong-${i}-password`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const ratio = median(timings.unknown) / median(timings.known);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  }, FLOWS_TIMEOUT_MS);
});

describe('sign-in: a stranger cannot lock the owner out', () => {
  it("lets the owner in from a browser they used before, after a stranger's failures with the email; the username gives the stranger no way round", async () => {
    const mia = await owner('mia');
    // Her browser after its session ended (signed out): only the known-device cookie is left.
    const miasBrowser = mia.browser.only(KNOWN_DEVICE_COOKIE);
    for (let i = 0; i < 5; i += 1) expect(await signIn(mia.email, `guess-${i}-password`)).toMatchObject({ status: 401 });
    const byEmail = (await signIn(mia.email, `guess-6-password`)) as ProviderFormError;
    expect(byEmail.status).toBe(429);
    // The wait counts down from 30 s while the machine works through the flows.
    expect(byEmail.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);
    // The stranger switches to the username: the same account, the same wait, even with the right password.
    const byUsername = (await signIn(mia.username, mia.password)) as ProviderFormError;
    expect(byUsername.status).toBe(429);
    expect(byUsername.retryAfter).toBeGreaterThan(0);
    // A slowdown, not a lockout: the first wait is 30 seconds (it was a 5-minute lockout).
    expect(byUsername.retryAfter).toBeLessThanOrEqual(30);

    const tokens = await signIn(mia.email, mia.password, miasBrowser);
    expect(tokens).not.toBeInstanceOf(ProviderFormError);
    expect(decodeJwt((tokens as TokenSet).accessToken).sub).toBe(mia.id);
  }, FLOWS_TIMEOUT_MS);

  it('lets the owner in by username too, and keeps counting the known browser on its own budget', async () => {
    const leo = await owner('leo');
    const leosBrowser = leo.browser.only(KNOWN_DEVICE_COOKIE);
    for (let i = 0; i < 8; i += 1) await signIn(i % 2 ? leo.email : leo.username, `guess-${i}-password`);
    expect(await signIn(leo.username, leo.password, leosBrowser)).not.toBeInstanceOf(ProviderFormError);
    // Ten wrong passwords in the known browser, then it waits as well.
    const browser = leosBrowser.only(KNOWN_DEVICE_COOKIE);
    for (let i = 0; i < 10; i += 1) expect(await signIn(leo.email, `typo-${i}-password`, browser)).toMatchObject({ status: 401 });
    expect(await signIn(leo.email, leo.password, browser)).toMatchObject({ status: 429 });
  }, FLOWS_TIMEOUT_MS);
});

/** An interaction waiting at the sign-in form (its form's address and the browser's cookies). */
async function signInPage(): Promise<{ action: URL; jar: CookieJar }> {
  const started = await authorizeThroughProvider({ issuer: test.config.auth.issuer, clientId: test.config.auth.clientId, redirectUri: test.config.webOrigin });
  return { action: new URL(`${started.interactionUrl!.pathname}/login`, test.url), jar: started.jar };
}

/** Posts the sign-in form; milliseconds until the answer is read. */
async function timePost(page: { action: URL; jar: CookieJar }, login: string, password: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(page.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: page.jar.header(page.action), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }),
  });
  await response.text();
  expect(response.status).toBe(401);
  return performance.now() - started;
}
