import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { signInThroughProvider } from '../support/oidc-login';
import { startFakeIssuer, type FakeIssuer } from '../support/fake-issuer';

// Issue 15: admin comes from `npm run admin:grant`, the first-start demo admin, or ADMIN_EMAILS for an
// email an external provider verified. Never from self-registration, never from what a client sends.

interface Me {
  id: string;
  email: string;
  isAdmin: boolean;
}
const ME = '{ me { id email isAdmin } }';

async function me(url: string, token: string): Promise<Me> {
  const { data, errors } = await graphql<{ me: Me }>(url, ME, {}, token);
  expect(errors).toBeUndefined();
  return data!.me;
}

async function syncUser(url: string, token: string, email: string): Promise<void> {
  const { errors } = await graphql(url, 'mutation($e: String!, $u: String!) { syncUser(email: $e, username: $u) { id } }', { e: email, u: 'someone' }, token);
  expect(errors).toBeUndefined();
}

describe('with the built-in identity provider', () => {
  const adminEmail = `boss_${randomBytes(3).toString('hex')}@example.com`;
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ ADMIN_EMAILS: adminEmail });
  });
  afterAll(() => api?.close());

  it('registering an address that ADMIN_EMAILS names gives an ordinary account', async () => {
    const tokens = await signInThroughProvider({
      issuer: api.config.auth.issuer,
      clientId: api.config.auth.clientId,
      redirectUri: api.config.webOrigin,
      login: adminEmail,
      password: `pw-${randomBytes(8).toString('hex')}`,
      register: { email: adminEmail, username: `boss_${randomBytes(3).toString('hex')}` },
    });
    expect(await me(api.url, tokens.accessToken)).toMatchObject({ email: adminEmail, isAdmin: false });
    // Signing in again, or sending the address from the client, changes nothing.
    await syncUser(api.url, tokens.accessToken, adminEmail);
    expect((await me(api.url, tokens.accessToken)).isAdmin).toBe(false);
  });
});

describe('with an external identity provider', () => {
  const adminEmail = 'owner@label.example';
  let issuer: FakeIssuer;
  let api: TestApp;
  beforeAll(async () => {
    issuer = await startFakeIssuer();
    api = await startTestApp({
      OIDC_ISSUER_URL: issuer.issuer,
      OIDC_AUDIENCE: issuer.audience,
      OIDC_CLIENT_ID: 'ysm-web',
      ADMIN_EMAILS: `someone@example.com, ${adminEmail.toUpperCase()}, ops@label.example`,
    });
  });
  afterAll(async () => {
    await api?.close();
    await issuer?.close();
  });

  it('an unverified email that ADMIN_EMAILS names is not admin, and syncUser cannot make it one', async () => {
    const token = await issuer.sign({ sub: 'squatter', email: adminEmail, email_verified: false });
    expect(await me(api.url, token)).toMatchObject({ email: adminEmail, isAdmin: false });
    await syncUser(api.url, token, adminEmail);
    expect((await me(api.url, token)).isAdmin).toBe(false);
  });

  it('syncUser sending an admin email from a non-admin account leaves isAdmin false', async () => {
    const token = await issuer.sign({ sub: 'mallory', email: 'mallory@example.com', email_verified: true });
    await syncUser(api.url, token, 'someone@example.com');
    expect(await me(api.url, token)).toMatchObject({ email: 'someone@example.com', isAdmin: false });
  });

  it('the verified owner of the email becomes admin and takes the address from the unverified account', async () => {
    const squatter = await issuer.sign({ sub: 'squatter', email: adminEmail, email_verified: false });
    const owner = await issuer.sign({ sub: 'real-owner', email: adminEmail, email_verified: true });
    expect(await me(api.url, owner)).toMatchObject({ email: adminEmail, isAdmin: true });
    const released = await me(api.url, squatter);
    expect(released.isAdmin).toBe(false);
    expect(released.email).toBe(`${released.id}@unverified.invalid`);
  });

  it('an existing account whose provider later verifies an ADMIN_EMAILS address becomes admin then', async () => {
    const unverified = await issuer.sign({ sub: 'ops', email: 'ops@label.example', email_verified: false });
    expect((await me(api.url, unverified)).isAdmin).toBe(false);
    const verified = await issuer.sign({ sub: 'ops', email: 'ops@label.example', email_verified: true });
    expect((await me(api.url, verified)).isAdmin).toBe(true);
  });

  it('a verified email outside ADMIN_EMAILS is an ordinary account', async () => {
    const token = await issuer.sign({ sub: 'fan', email: 'fan@example.com', email_verified: true });
    expect((await me(api.url, token)).isAdmin).toBe(false);
  });
});
