import { decodeJwt } from 'jose';
import type { Client } from 'graphql-ws';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { authorizeThroughProvider, exchangeCode } from '../support/oidc-login';
import { restCall } from '../access-tokens/support';
import { sqlOf } from '../admin/admin-support';
import { endSessionAtProvider, followJob, runningJob, signInBrowser } from './support';

// Issue 31: "Logging out does not end the access token" — a stolen browser session's access token
// outlived the sign-out by up to its hour (and the api's 5-minute cache of verified tokens).
let test: TestApp;
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  await test?.close();
});

const ENDED = 'This session has ended. Sign in again.';

describe('signing out ends the access tokens of the session', () => {
  it('POST /auth/logout: the token is refused on HTTP at once, and its WebSocket subscription is closed', async () => {
    const user = await registerAndSignIn(test, 'logout');
    const other = await registerAndSignIn(test, 'staying');
    const token = user.accessToken;
    expect(decodeJwt(token).gid).toEqual(expect.any(String));
    // Used (and so cached as verified) before the sign-out, on every transport.
    expect((await restCall(test, 'GET', '/get-user-info', token)).status).toBe(200);
    expect((await graphql(test.url, '{ me { id } }', {}, token)).status).toBe(200);
    const subscription = followJob(test.url, token, await runningJob(test, user.email), clients);
    await subscription.started;

    expect(await restCall(test, 'POST', '/auth/logout', token)).toMatchObject({ status: 200, body: { message: 'Logged out.' } });

    expect(await subscription.socketClosed).toBe(4403);
    expect(await subscription.ended).toBe('error');
    expect(await restCall(test, 'GET', '/get-user-info', token)).toMatchObject({ status: 401, body: { error: ENDED } });
    const viaGraphql = await graphql(test.url, '{ me { id } }', {}, token);
    expect(viaGraphql).toMatchObject({ status: 401, errors: [{ message: ENDED, extensions: { code: 'UNAUTHENTICATED' } }] });
    // The theft in the issue: a never-ending personal access token minted right after the sign-out.
    expect((await restCall(test, 'POST', '/access-tokens', token, { name: 'after logout', scopes: ['account:read'] })).status).toBe(401);
    // And no new WebSocket either.
    expect(await followJob(test.url, token, '00000000-0000-4000-8000-000000000000', clients).socketClosed).toBe(4403);
    // Only that account's sessions end: another user's token works, and the account can sign in again.
    expect((await restCall(test, 'GET', '/get-user-info', other.accessToken)).status).toBe(200);
    const again = await signInBrowser(test, user);
    expect((await restCall(test, 'GET', '/get-user-info', again.tokens.accessToken)).status).toBe(200);
    // Signing out needs a valid token.
    expect((await restCall(test, 'POST', '/auth/logout', token)).status).toBe(401);
    expect((await restCall(test, 'POST', '/auth/logout', null)).status).toBe(401);
  });

  it("the provider's own sign-out (end_session) ends the session's access tokens, and only that session's", async () => {
    const user = await registerAndSignIn(test, 'endsession');
    const laptop = await signInBrowser(test, user);
    const phone = await signInBrowser(test, user);
    expect((await restCall(test, 'GET', '/get-user-info', laptop.tokens.accessToken)).status).toBe(200);
    const subscription = followJob(test.url, laptop.tokens.accessToken, await runningJob(test, user.email), clients);
    await subscription.started;

    await endSessionAtProvider(test, laptop);

    expect(await subscription.socketClosed).toBe(4403);
    expect(await restCall(test, 'GET', '/get-user-info', laptop.tokens.accessToken)).toMatchObject({ status: 401, body: { error: ENDED } });
    expect((await restCall(test, 'GET', '/get-user-info', phone.tokens.accessToken)).status).toBe(200);
    const [row] = await sqlOf(test)<{ n: number }>(`select count(*)::int as n from credential_revocations where kind = 'grant' and credential_id = ?`, [decodeJwt(laptop.tokens.accessToken).gid]);
    expect(row.n).toBe(1);
  });

  it("a replayed authorization code revokes its grant, and the grant's access tokens with it", async () => {
    const user = await registerAndSignIn(test, 'replay');
    const base = { issuer: test.config.auth.issuer, clientId: test.config.auth.clientId, redirectUri: test.config.webOrigin };
    const authorized = await authorizeThroughProvider({ ...base, login: user.email, password: user.password });
    const exchange = () => exchangeCode({ ...base, code: authorized.code!, codeVerifier: authorized.codeVerifier });
    const tokens = await exchange();
    expect((await restCall(test, 'GET', '/get-user-info', tokens.accessToken)).status).toBe(200);
    await expect(exchange()).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await restCall(test, 'GET', '/get-user-info', tokens.accessToken)).toMatchObject({ status: 401, body: { error: ENDED } });
  });

  it('is recorded: an instance started after the sign-out refuses the token too', async () => {
    const user = await registerAndSignIn(test, 'later');
    expect((await restCall(test, 'POST', '/auth/logout', user.accessToken)).status).toBe(200);
    const second = await startSecondInstance(test);
    try {
      expect(await restCall({ ...test, url: second.url }, 'GET', '/get-user-info', user.accessToken)).toMatchObject({ status: 401, body: { error: ENDED } });
    } finally {
      await second.close();
    }
  });

});
