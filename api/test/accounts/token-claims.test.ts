import { SignJWT, importJWK, type JWK } from 'jose';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';

// Tokens signed with the provider's own key, so only the claim under test is wrong.
let test: TestApp;
let frank: SignedInUser;
let sign: (claims: Record<string, unknown>, expiresAt: number) => Promise<string>;

beforeAll(async () => {
  test = await startTestApp();
  frank = await registerAndSignIn(test, 'frank');
  const [row] = await test.app.orm.em
    .fork()
    .getConnection()
    .execute<{ value: { keys: JWK[] } | string }[]>("SELECT value FROM oidc_keys WHERE name = 'signing-jwks'");
  const jwk = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value).keys[0] as JWK;
  const key = await importJWK(jwk, 'RS256');
  const sub = JSON.parse(Buffer.from(frank.accessToken.split('.')[1], 'base64url').toString()).sub as string;
  sign = (claims, expiresAt) =>
    new SignJWT({ scope: 'openid', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(key);
});
afterAll(() => test?.close());

const now = () => Math.floor(Date.now() / 1000);

describe('access token claims', () => {
  it('a correctly made token is accepted (the control case)', async () => {
    const token = await sign({ iss: test.config.auth.issuer, aud: test.config.auth.audience }, now() + 600);
    expect((await fetch(`${test.url}/account/profile`, { headers: bearer(token) })).status).toBe(200);
  });

  it.each([
    ['wrong audience', () => ({ iss: test.config.auth.issuer, aud: 'https://another-api.example' }), 600],
    ['wrong issuer', () => ({ iss: 'https://evil.example/oidc', aud: test.config.auth.audience }), 600],
    ['expired', () => ({ iss: test.config.auth.issuer, aud: test.config.auth.audience }), -120],
  ])('%s: REST 401 and GraphQL UNAUTHENTICATED', async (_name, claims, lifetime) => {
    const token = await sign(claims(), now() + lifetime);
    const rest = await fetch(`${test.url}/account/profile`, { headers: bearer(token) });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ error: expect.any(String) });
    const gql = await graphql(test.url, '{ me { id } }', {}, token);
    expect(gql.status).toBe(401);
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('graphql-ws and token expiry', () => {
  it('re-checks expiry on every subscribe: a connection made with a token that then expires is refused', async () => {
    const token = await sign({ iss: test.config.auth.issuer, aud: test.config.auth.audience }, now() + 2);
    const client = createClient({
      url: `${test.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      // One connection for both operations: the second must be refused by the per-subscribe check.
      lazy: false,
    });
    const run = () =>
      new Promise<{ data?: unknown; errors?: readonly { message: string; extensions?: { code?: string } }[] }>((resolve, reject) => {
        let result = {};
        client.subscribe({ query: '{ me { id } }' }, {
          next: (value) => (result = value),
          error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(new Error('subscription failed', { cause: error }))),
          complete: () => resolve(result),
        });
      });
    try {
      expect((await run()).data).toBeDefined();
      await new Promise((r) => setTimeout(r, 3100));
      const late = await run();
      expect(late.data).toBeUndefined();
      expect(late.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      await client.dispose();
    }
  });
});
