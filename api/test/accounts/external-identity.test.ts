import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';

// App "idp" plays an external OpenID provider (as Auth0 would); app "api" is configured for it with
// OIDC_ISSUER_URL / OIDC_AUDIENCE / OIDC_CLIENT_ID and has no provider of its own.
let idp: TestApp;
let api: TestApp;
let dana: SignedInUser;
let otherApp: TestApp | undefined;

beforeAll(async () => {
  idp = await startTestApp();
  dana = await registerAndSignIn(idp, 'dana');
  api = await startTestApp({
    OIDC_ISSUER_URL: idp.config.auth.issuer,
    OIDC_AUDIENCE: idp.config.auth.audience,
    OIDC_CLIENT_ID: 'ysm-web',
    ADMIN_EMAILS: `someone@example.com, ${dana.email.toUpperCase()}`,
  });
});
afterAll(async () => {
  await otherApp?.close();
  await api?.close();
  await idp?.close();
});

describe('an external identity provider', () => {
  it('turns the built-in provider off and tells the web app where to sign in', async () => {
    expect((await fetch(`${api.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
    const config = (await (await fetch(`${api.url}/client-config`)).json()) as { oidc: unknown };
    expect(config.oidc).toEqual({
      authority: idp.config.auth.issuer,
      clientId: 'ysm-web',
      scope: 'openid profile email',
      audience: idp.config.auth.audience,
    });
  });

  it("accepts the provider's tokens and creates the account on first use; ADMIN_EMAILS needs a verified email", async () => {
    const { data, errors } = await graphql<{ me: { email: string; isAdmin: boolean; tokensRemaining: number } }>(
      api.url,
      '{ me { email isAdmin tokensRemaining } }',
      {},
      dana.accessToken,
    );
    expect(errors).toBeUndefined();
    // The built-in provider playing the external one does not verify emails (no email_verified claim).
    expect(data!.me).toEqual({ email: dana.email, isAdmin: false, tokensRemaining: 25 });
    const profile = (await (await fetch(`${api.url}/account/profile`, { headers: bearer(dana.accessToken) })).json()) as { email: string };
    expect(profile.email).toBe(dana.email);
  });

  it('records the email and username the provider showed, once per sign-in', async () => {
    const { data } = await graphql<{ syncUser: { username: string } }>(
      api.url,
      'mutation($e: String!, $u: String!) { syncUser(email: $e, username: $u) { username } }',
      { e: dana.email, u: 'Dana Producer' },
      dana.accessToken,
    );
    expect(data!.syncUser.username).toBe('DanaProducer');
  });

  it('refuses a token of another issuer', async () => {
    otherApp = await startTestApp();
    const other = await registerAndSignIn(otherApp, 'eve');
    const response = await fetch(`${api.url}/account/profile`, { headers: bearer(other.accessToken) });
    expect(response.status).toBe(401);
  });
});

