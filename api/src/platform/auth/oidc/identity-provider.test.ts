import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Pool } from 'pg';
import { SignJWT, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, type JWK } from 'jose';
import { conflict } from '../../errors';
import type { AccountDirectory, IdentityAccount, RegistrationInput } from '../identity-port';
import { createTokenVerifier } from '../token-verifier';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database';
import {
  CookieJar,
  ProviderFormError,
  authorizeThroughProvider,
  exchangeCode,
  pageErrors,
  renewSilently,
  signInThroughProvider,
} from '../../../../test/support/oidc-login';
import { createIdentityProvider, type IdentityProvider } from './identity-provider';
import { OIDC_SCHEMA_UP } from './oidc-schema';
import { KNOWN_DEVICE_COOKIE } from './known-devices';
import { sqlRunnerFromPg } from './sql-runner';

/** The accounts port, in memory: what the accounts module does, minus hashing and the database. */
class InMemoryDirectory implements AccountDirectory {
  private readonly accounts = new Map<string, IdentityAccount & { password: string }>();

  async findById(id: string) {
    const account = this.accounts.get(id);
    return account ? this.identity(account) : null;
  }

  /** Logins `authenticate` was asked about, known or not (each one costs a hash in the real directory). */
  readonly authenticated: string[] = [];

  async lookup(login: string) {
    return this.find(login)?.id ?? null;
  }

  async authenticate(login: string, password: string) {
    this.authenticated.push(login);
    const account = this.find(login);
    return account && account.password === password ? this.identity(account) : null;
  }

  /** Tokens `confirm:<id>` confirm that account once. */
  readonly confirmed = new Set<string>();

  async confirmEmail(token: string) {
    const id = /^confirm:(.+)$/.exec(token)?.[1];
    if (!id || !this.accounts.has(id)) return 'invalid' as const;
    if (this.confirmed.has(id)) return 'already-confirmed' as const;
    this.confirmed.add(id);
    return 'confirmed' as const;
  }

  private find(login: string) {
    const key = login.toLowerCase();
    return [...this.accounts.values()].find((candidate) => candidate.email === key || candidate.username.toLowerCase() === key);
  }

  async register(input: RegistrationInput) {
    const email = input.email.toLowerCase();
    const taken = [...this.accounts.values()].some(
      (account) => account.email === email || account.username.toLowerCase() === input.username.toLowerCase(),
    );
    if (taken) throw conflict('That email or username is already registered.');
    const account = { id: randomUUID(), email, username: input.username, password: input.password };
    this.accounts.set(account.id, account);
    return this.identity(account);
  }

  private identity({ id, email, username }: IdentityAccount): IdentityAccount {
    return { id, email, username };
  }
}

const WEB = 'http://localhost:5173';
const AUDIENCE = 'http://localhost:4000';
const CLIENT_ID = 'ysm-web';

let database: TestDatabase;
let pool: Pool;
let server: Server;
let issuer: string;
let identity: IdentityProvider;
const directory = new InMemoryDirectory();
/** Every `_session` cookie the provider set, as its Set-Cookie header says it. */
const sessionCookieHeaders: string[] = [];

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const httpServer = createServer(app);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return { server: httpServer, origin: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 5 });
  for (const statement of OIDC_SCHEMA_UP) await pool.query(statement);
  const app = express();
  ({ server, origin: issuer } = await listen(app));
  issuer = `${issuer}/oidc`;
  app.use((_req, res, next) => {
    res.on('finish', () => {
      for (const header of [res.getHeader('set-cookie') ?? []].flat()) {
        if (String(header).startsWith('_session=')) sessionCookieHeaders.push(String(header));
      }
    });
    next();
  });
  identity = await createIdentityProvider({
    issuer,
    audience: AUDIENCE,
    webOrigin: WEB,
    directory,
    sql: sqlRunnerFromPg(pool),
    // Few free attempts per account for the throttle tests; the network's limits stay out of the other tests' way.
    loginThrottle: { accountFreeAttempts: 3, networkFreeFailures: 1000 },
    registrationThrottle: { perNetworkPerHour: 10_000, perNetworkPerDay: 10_000, perAddressPerHour: 3 },
  });
  app.use('/oidc', identity.router);
});

afterAll(async () => {
  await identity?.close();
  await new Promise((resolve) => server?.close(resolve));
  await pool?.end();
  await database?.drop();
});

const fresh = (name: string) => {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: `pw-${randomBytes(6).toString('hex')}` };
};

async function registerUser(name: string) {
  const user = fresh(name);
  const jar = new CookieJar();
  const tokens = await signInThroughProvider({
    issuer,
    clientId: CLIENT_ID,
    redirectUri: WEB,
    login: user.email,
    password: user.password,
    register: { email: user.email, username: user.username },
    jar,
  });
  return { ...user, tokens, jar, id: decodeJwt(tokens.accessToken).sub as string };
}

const jwks = () => createRemoteJWKSet(new URL(`${issuer}/jwks`));
const verifyAccessToken = (token: string) => jwtVerify(token, jwks(), { issuer, audience: AUDIENCE, algorithms: ['RS256'] });

describe('discovery', () => {
  it('describes the provider at its mount path', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/me`,
      end_session_endpoint: `${issuer}/session/end`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(document.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    // refresh_token stays for the device client of the command-line tools.
    expect(document.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(document.id_token_signing_alg_values_supported).toContain('RS256');
  });

  it('publishes one RS256 public key and no private parts', async () => {
    const { keys } = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: JWK[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0].kid).toEqual(expect.any(String));
    expect(keys[0].d).toBeUndefined();
  });
});

describe('registration and sign-in through the forms', () => {
  it('registers, then signs in by email and by username', async () => {
    const user = await registerUser('reg');
    expect(user.tokens.accessToken).toEqual(expect.any(String));
    expect(user.tokens.expiresIn).toBe(3600);

    for (const login of [user.email, user.username.toUpperCase()]) {
      const tokens = await signInThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: `${WEB}/`, login, password: user.password });
      expect(decodeJwt(tokens.accessToken).sub).toBe(user.id);
    }
  });

  it('issues an access token the API accepts: RS256, issuer, audience, subject, expiry, known kid', async () => {
    const user = await registerUser('token');
    const { payload, protectedHeader } = await verifyAccessToken(user.tokens.accessToken);
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.typ).toBe('at+jwt');
    const { keys } = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: JWK[] };
    expect(keys.map((key) => key.kid)).toContain(protectedHeader.kid);
    expect(payload).toMatchObject({
      iss: issuer,
      aud: AUDIENCE,
      sub: user.id,
      client_id: CLIENT_ID,
      email: user.email,
      preferred_username: user.username,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now());

    // The api's own verifier (express-oauth2-jwt-bearer and jose), as app.ts configures it.
    const verifier = createTokenVerifier({ issuer, audience: AUDIENCE, jwksUri: `${issuer}/jwks` });
    await expect(verifier.verify(user.tokens.accessToken)).resolves.toMatchObject({
      sub: user.id,
      email: user.email,
      username: user.username,
    });
    const api = express();
    api.get('/me', verifier.http({ required: true }), (req, res) => {
      res.json({ sub: (req as express.Request & { auth?: { payload: { sub?: string } } }).auth?.payload.sub });
    });
    const { server: apiServer, origin } = await listen(api);
    try {
      const ok = await fetch(`${origin}/me`, { headers: { authorization: `Bearer ${user.tokens.accessToken}` } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ sub: user.id });
      const idTokenAsBearer = await fetch(`${origin}/me`, { headers: { authorization: `Bearer ${user.tokens.idToken}` } });
      expect(idTokenAsBearer.status).toBe(401);
    } finally {
      await new Promise((resolve) => apiServer.close(resolve));
    }
  });

  it('issues an ID token for the web client with email, preferred_username and name', async () => {
    const user = await registerUser('idt');
    const { payload } = await jwtVerify(user.tokens.idToken, jwks(), { issuer, audience: CLIENT_ID, algorithms: ['RS256'] });
    expect(payload).toMatchObject({
      sub: user.id,
      email: user.email,
      preferred_username: user.username,
      name: user.username,
    });
    expect(payload.nonce).toEqual(expect.any(String));
  });

  it('re-renders the form on a wrong password, keeping the typed login (escaped)', async () => {
    const user = await registerUser('wrong');
    const attempt = signInThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, login: user.email, password: 'not-the-password' });
    await expect(attempt).rejects.toMatchObject({ status: 401, message: 'Invalid email/username or password.' });

    const hostile = '<b>"x"</b>&';
    const error = (await signInThroughProvider({
      issuer,
      clientId: CLIENT_ID,
      redirectUri: WEB,
      login: hostile,
      password: 'whatever1',
    }).catch((e: unknown) => e)) as ProviderFormError;
    expect(error).toBeInstanceOf(ProviderFormError);
    expect(error.html).toContain('value="&lt;b&gt;&quot;x&quot;&lt;/b&gt;&amp;"');
    expect(error.html).not.toContain('<b>');
    expect(error.html).not.toContain('<script');
  });

  it('refuses a duplicate registration with a clear message and keeps the fields', async () => {
    const user = await registerUser('dup');
    const again = (await signInThroughProvider({
      issuer,
      clientId: CLIENT_ID,
      redirectUri: WEB,
      login: user.email,
      password: user.password,
      register: { email: user.email.toUpperCase(), username: `${user.username}x` },
    }).catch((e: unknown) => e)) as ProviderFormError;
    expect(again).toBeInstanceOf(ProviderFormError);
    expect(again.status).toBe(409);
    expect(again.message).toBe('That email or username is already registered.');
    expect(again.html).toContain(`value="${user.username}x"`);
  });

  it('validates the registration form on the server, every field at once', async () => {
    const started = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB });
    expect(started.promptedForLogin).toBe(true);
    const action = new URL(`${started.interactionUrl!.pathname}/register`, issuer);
    const post = (fields: Record<string, string>) =>
      fetch(action, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: started.jar.header(action), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });

    const response = await post({ email: 'not-an-email', username: 'a!', password: 'short', confirmPassword: 'different' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(pageErrors(html)).toEqual([
      'Please correct the highlighted fields.',
      'Enter a valid email address.',
      'Username must be 3 to 30 letters, digits, dots, dashes or underscores.',
      'Password must be at least 8 characters.',
      'Passwords do not match.',
    ]);
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('value="short"');

    const long = await post({ email: 'ok@example.com', username: 'fine_name', password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) });
    expect(pageErrors(await long.text())).toContain('Password must be at most 128 characters.');

    const valid = await post({ email: `${fresh('v').username}@example.com`, username: fresh('v').username, password: 'long-enough', confirmPassword: 'long-enough' });
    expect(valid.status).toBe(303);
    expect(new URL(valid.headers.get('location')!, issuer).pathname).toMatch(/^\/oidc\/auth\//);
  });

  const signIn = (login: string, password: string, jar?: CookieJar) =>
    signInThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, login, password, jar }).catch((e: unknown) => e as ProviderFormError);

  it("slows an account down after repeated failures, counting its email and username as one", async () => {
    const user = await registerUser('slow');
    for (let i = 0; i < 3; i += 1) expect(await signIn(user.email, `bad-${i}-password`)).toMatchObject({ status: 401 });
    // The right password, through the username, from a browser the account never used: it waits.
    const waiting = (await signIn(user.username, user.password)) as ProviderFormError;
    expect(waiting).toBeInstanceOf(ProviderFormError);
    expect(waiting.status).toBe(429);
    // 30 s, counting down while the machine works.
    expect(waiting.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);
    expect(waiting.html).toContain('Too many failed sign-in attempts.');
  });

  it("lets the owner in from a browser they signed in on before, whatever a stranger tried", async () => {
    const user = await registerUser('owner');
    // The registering browser, after its session ended: only the known-device cookie is left.
    const ownerBrowser = user.jar.only(KNOWN_DEVICE_COOKIE);
    expect(ownerBrowser.value(KNOWN_DEVICE_COOKIE)).toMatch(/^v1\./);
    for (let i = 0; i < 6; i += 1) await signIn(i % 2 ? user.email : user.username, `guess-${i}-password`);
    expect(await signIn(user.email, user.password)).toMatchObject({ status: 429 });
    const tokens = await signIn(user.username, user.password, ownerBrowser);
    expect(tokens).not.toBeInstanceOf(Error);
    expect(decodeJwt((tokens as { accessToken: string }).accessToken).sub).toBe(user.id);
  });

  it("gives no way round with a known-device cookie that was altered or belongs to another account", async () => {
    const victim = await registerUser('victim');
    const attacker = await registerUser('attacker');
    for (let i = 0; i < 3; i += 1) await signIn(victim.email, `guess-${i}-password`);
    // The attacker's own known browser names the attacker's account only.
    expect(await signIn(victim.email, victim.password, attacker.jar.only(KNOWN_DEVICE_COOKIE))).toMatchObject({ status: 429 });
    const forged = attacker.jar.only(KNOWN_DEVICE_COOKIE);
    forged.set(KNOWN_DEVICE_COOKIE, forged.value(KNOWN_DEVICE_COOKIE)!.replace(attacker.id, victim.id), '/oidc/interaction');
    expect(await signIn(victim.email, victim.password, forged)).toMatchObject({ status: 429 });
  });

  it('answers a login that names no account exactly as a wrong password, after the same password check', async () => {
    const user = await registerUser('same');
    const before = directory.authenticated.length;
    const unknown = (await signIn(`nobody-${randomBytes(3).toString('hex')}@example.com`, 'some-password-1')) as ProviderFormError;
    const known = (await signIn(user.email, 'some-password-1')) as ProviderFormError;
    expect([unknown.status, unknown.message]).toEqual([401, 'Invalid email/username or password.']);
    expect([known.status, known.message]).toEqual([401, 'Invalid email/username or password.']);
    // Both went to the directory's password check (the real one hashes for unknown logins too).
    expect(directory.authenticated.length - before).toBe(2);
  });

  it('limits registrations per email address before looking the address up', async () => {
    const user = await registerUser('addr');
    const attempt = (username: string) =>
      signInThroughProvider({
        issuer, clientId: CLIENT_ID, redirectUri: WEB, login: user.email, password: user.password,
        register: { email: user.email, username },
      }).catch((e: unknown) => e as ProviderFormError);
    // The registration itself was the first of three an hour for the address.
    expect(await attempt(`${user.username}a`)).toMatchObject({ status: 409, message: 'That email or username is already registered.' });
    expect(await attempt(`${user.username}b`)).toMatchObject({ status: 409 });
    const refused = (await attempt(`${user.username}c`)) as ProviderFormError;
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('Too many registration attempts. Try again in 60 minutes.');
  });

  it('opens confirmation links on a page of its own, without a Referer to leak them', async () => {
    const user = await registerUser('confirm');
    const open = (token: string) => fetch(`${issuer}/confirm-email?token=${encodeURIComponent(token)}`);
    const first = await open(`confirm:${user.id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await first.text();
    expect(html).toContain('Email address confirmed');
    expect(html).toContain(`href="${WEB}"`);
    expect(await (await open(`confirm:${user.id}`)).text()).toContain('Email address already confirmed');
    const bad = await open('confirm:<script>');
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('This confirmation link does not work');
    expect(badHtml).not.toContain('<script>');
    expect((await open('x'.repeat(500))).status).toBe(400);
  });

  it('shows a product-styled page for an unknown or expired interaction', async () => {
    const response = await fetch(`${issuer}/interaction/does-not-exist`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('This sign-in page has expired');
    expect(html).toContain('href="/oidc/assets/interaction.css"');
    const css = await fetch(`${issuer}/assets/interaction.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('#6366f1');
  });

  it('renders an accessible login page with the product name and no scripts', async () => {
    const started = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB });
    const html = await (await fetch(started.interactionUrl!, { headers: { cookie: started.jar.header(started.interactionUrl!) } })).text();
    expect(html).toContain('<title>Sign in · YSM</title>');
    expect(html).toContain('<label for="field-login">Email or username</label>');
    expect(html).toContain('<label for="field-password">Password</label>');
    expect(html).toContain('name="viewport"');
    expect(html).not.toMatch(/<script|style=/);
  });
});

describe('PKCE', () => {
  it('is required: an authorization request without code_challenge is refused', async () => {
    const result = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, pkce: false });
    expect(result.code).toBeUndefined();
    expect(result.error).toBe('invalid_request');
    expect(result.errorDescription).toMatch(/PKCE/);
  });

  it('binds the code to the verifier', async () => {
    const user = await registerUser('pkce');
    const result = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: user.jar });
    expect(result.code).toEqual(expect.any(String));
    await expect(
      exchangeCode({ issuer, clientId: CLIENT_ID, redirectUri: WEB, code: result.code!, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the web client: no refresh token, renewal with the provider session', () => {
  it('issues no refresh token to the web client, even when it asks for offline_access', async () => {
    const user = await registerUser('norefresh');
    expect(user.tokens.scope).toBe('openid profile email');
    expect(user.tokens.refreshToken).toBeUndefined();
    // An older page that still asks for offline_access is not refused, and gets none either.
    const again = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: user.jar, scope: 'openid profile email offline_access' });
    expect(again.promptedForLogin).toBe(false);
    const tokens = await exchangeCode({ issuer, clientId: CLIENT_ID, redirectUri: WEB, code: again.code!, codeVerifier: again.codeVerifier });
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.scope).toBe('openid profile email');
    expect(decodeJwt(tokens.accessToken).sub).toBe(user.id);
  });

  it('refuses the refresh_token grant for the web client', async () => {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { origin: WEB, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'any-refresh-token', client_id: CLIENT_ID }),
    });
    expect(response.status).toBe(400);
    // oidc-provider's answer for a grant type the client is not allowed (a bad token would be invalid_grant).
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'requested grant type is not allowed for this client' });
  });

  it('renews with prompt=none and the session cookie: same account, grant and sign-in time; nothing without the cookie', async () => {
    const user = await registerUser('renew');
    const first = decodeJwt(user.tokens.accessToken);
    // As the web app's hidden frame does: back to its renewal page.
    const renewed = await renewSilently({ issuer, clientId: CLIENT_ID, redirectUri: `${WEB}/silent-renew.html`, jar: user.jar });
    expect(renewed.refreshToken).toBeUndefined();
    const { payload } = await verifyAccessToken(renewed.accessToken);
    expect(payload).toMatchObject({ sub: user.id, gid: first.gid, auth_time: first.auth_time, email: user.email });
    expect(renewed.accessToken).not.toBe(user.tokens.accessToken);
    expect(decodeJwt(renewed.idToken)).toMatchObject({ sub: user.id, email: user.email });

    // No other page of the app (or elsewhere) may receive the code.
    const elsewhere = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: `${WEB}/other.html`, jar: user.jar, prompt: 'none' }).catch((error: unknown) => error);
    expect(elsewhere).toBeInstanceOf(ProviderFormError);
    expect(elsewhere).toMatchObject({ status: 400, html: expect.stringContaining('redirect_uri') });
    // A browser without the provider's cookie (another profile, a script elsewhere) gets no token.
    await expect(renewSilently({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: new CookieJar() })).rejects.toMatchObject({
      error: 'login_required',
    });
    // Only the session cookie renews: the interaction cookies of the sign-in are not needed.
    const sessionOnly = user.jar.only('_session', '_session.sig');
    await expect(renewSilently({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: sessionOnly })).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, so the same-site renewal frame sends it and scripts cannot read it', async () => {
    const user = fresh('cookie');
    sessionCookieHeaders.length = 0;
    const result = await authorizeThroughProvider({
      issuer,
      clientId: CLIENT_ID,
      redirectUri: WEB,
      login: user.email,
      password: user.password,
      register: { email: user.email, username: user.username },
    });
    expect(result.code).toEqual(expect.any(String));
    expect(result.jar.names()).toContain('_session');
    expect(sessionCookieHeaders).not.toHaveLength(0);
    for (const header of sessionCookieHeaders) {
      expect(header).toMatch(/; httponly/i);
      expect(header).toMatch(/; samesite=lax/i);
    }
  });

  it('answers CORS at the token endpoint for the web origin only', async () => {
    const user = await registerUser('cors');
    const code = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: user.jar, prompt: 'none' });
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { origin: WEB, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code.code!,
        redirect_uri: WEB,
        client_id: CLIENT_ID,
        code_verifier: code.codeVerifier,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(WEB);

    const other = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'whatever', redirect_uri: WEB, client_id: CLIENT_ID, code_verifier: 'x'.repeat(43) }),
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('ending sessions', () => {
  it('endSessionsFor ends the provider session: no silent renewal, the password is asked again', async () => {
    const user = await registerUser('logout');
    const other = await registerUser('bystander');

    // While signed in, the provider's session cookie signs the browser in again without a password.
    const again = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: user.jar });
    expect(again.promptedForLogin).toBe(false);
    expect(again.code).toEqual(expect.any(String));

    await identity.endSessionsFor(user.id);

    await expect(renewSilently({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: user.jar })).rejects.toMatchObject({
      error: 'login_required',
    });
    const afterLogout = await authorizeThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: user.jar });
    expect(afterLogout.promptedForLogin).toBe(true);
    expect(afterLogout.code).toBeUndefined();
    // Someone else's sign-in is untouched.
    await expect(renewSilently({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: other.jar })).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
    // And the account can sign in again.
    const back = await signInThroughProvider({ issuer, clientId: CLIENT_ID, redirectUri: WEB, login: user.email, password: user.password });
    expect(decodeJwt(back.accessToken).sub).toBe(user.id);
  });

  it('signs out through the end-session endpoint back to the welcome page, ending silent renewal', async () => {
    const user = await registerUser('endsession');
    const end = new URL(`${issuer}/session/end`);
    end.searchParams.set('id_token_hint', user.tokens.idToken);
    end.searchParams.set('post_logout_redirect_uri', `${WEB}/welcome?from=logout`);
    const page = await fetch(end, { headers: { cookie: user.jar.header(end) } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Yes, sign me out');
    const action = new URL(/<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1]);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const confirm = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: user.jar.header(action), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${WEB}/welcome?from=logout`);
    user.jar.store(action, confirm);
    await expect(renewSilently({ issuer, clientId: CLIENT_ID, redirectUri: WEB, jar: user.jar })).rejects.toMatchObject({
      error: 'login_required',
    });
  });
});

describe('what the API relies on: jose with the JWKS rejects forged tokens', () => {
  it('rejects a tampered payload, alg none, and HS256 signed with the public key', async () => {
    const user = await registerUser('forge');
    const [header, payload, signature] = user.tokens.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    await expect(verifyAccessToken(`${header}.${forgedPayload}.${signature}`)).rejects.toThrow();

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt', kid: decodeProtectedHeader(user.tokens.accessToken).kid })).toString('base64url');
    await expect(verifyAccessToken(`${none}.${payload}.`)).rejects.toThrow();

    const { keys } = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: JWK[] };
    const secret = new TextEncoder().encode(JSON.stringify(keys[0]));
    const hs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: keys[0].kid }).sign(secret);
    await expect(verifyAccessToken(hs)).rejects.toThrow();

    // A well-formed RS256 token from a key the provider never published, claiming its kid.
    const { privateKey } = await generateKeyPair('RS256');
    const impostor = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: keys[0].kid }).sign(privateKey);
    await expect(verifyAccessToken(impostor)).rejects.toThrow();

    // Control: the untouched token verifies.
    await expect(verifyAccessToken(user.tokens.accessToken)).resolves.toBeDefined();
  });
});

describe('behind a TLS-terminating reverse proxy', () => {
  const publicIssuer = 'https://id.example.test/oidc';

  async function startBehindProxy(trustProxy: boolean) {
    const app = express();
    app.set('trust proxy', trustProxy);
    const provider = await createIdentityProvider({ issuer: publicIssuer, audience: AUDIENCE, webOrigin: WEB, directory, sql: sqlRunnerFromPg(pool) });
    app.use('/oidc', provider.router);
    const started = await listen(app);
    const authorize = () => {
      const url = new URL(`${started.origin}/oidc/auth`);
      url.search = new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: WEB,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString();
      return fetch(url, {
        redirect: 'manual',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'id.example.test', 'x-forwarded-for': '203.0.113.9' },
      });
    };
    return {
      authorize,
      close: async () => {
        await provider.close();
        await new Promise((resolve) => started.server.close(resolve));
      },
    };
  }

  it("follows the Express app's trust proxy setting: secure cookies for the forwarded https origin", async () => {
    const trusted = await startBehindProxy(true);
    try {
      const response = await trusted.authorize();
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
      const cookies = response.headers.getSetCookie();
      const interaction = cookies.find((cookie) => cookie.startsWith('_interaction='));
      expect(interaction).toMatch(/path=\/oidc\/interaction\//);
      expect(interaction).toMatch(/; secure/);
      // The resume cookie is scoped to the mounted authorization endpoint, not the host root.
      expect(cookies.find((cookie) => cookie.startsWith('_interaction_resume='))).toMatch(/path=\/oidc\/auth\//);
    } finally {
      await trusted.close();
    }

    const untrusted = await startBehindProxy(false);
    try {
      const response = await untrusted.authorize();
      expect(response.status).toBe(303);
      const interaction = response.headers.getSetCookie().find((cookie) => cookie.startsWith('_interaction='));
      expect(interaction).not.toMatch(/; secure/);
    } finally {
      await untrusted.close();
    }
  });
});

describe('an audience that is not a URI', () => {
  it('still becomes the aud of the access tokens (the resource indicator is derived from it)', async () => {
    const app = express();
    const started = await listen(app);
    const otherIssuer = `${started.origin}/oidc`;
    const provider = await createIdentityProvider({ issuer: otherIssuer, audience: 'ysm-api', webOrigin: WEB, directory, sql: sqlRunnerFromPg(pool) });
    app.use('/oidc', provider.router);
    try {
      const user = fresh('aud');
      const jar = new CookieJar();
      const tokens = await signInThroughProvider({
        issuer: otherIssuer,
        clientId: CLIENT_ID,
        redirectUri: WEB,
        login: user.email,
        password: user.password,
        register: { email: user.email, username: user.username },
        jar,
      });
      const keys = createRemoteJWKSet(new URL(`${otherIssuer}/jwks`));
      const { payload } = await jwtVerify(tokens.accessToken, keys, { issuer: otherIssuer, audience: 'ysm-api', algorithms: ['RS256'] });
      expect(payload.aud).toBe('ysm-api');
      const renewed = await renewSilently({ issuer: otherIssuer, clientId: CLIENT_ID, redirectUri: WEB, jar });
      expect(decodeJwt(renewed.accessToken).aud).toBe('ysm-api');
    } finally {
      await provider.close();
      await new Promise((resolve) => started.server.close(resolve));
    }
  });
});
