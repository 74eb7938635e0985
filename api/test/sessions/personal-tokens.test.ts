import type { Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { CREATE_TOKEN, createToken, restCall } from '../access-tokens/support';
import { sqlOf } from '../admin/admin-support';
import { followJob, renewAsIfSignedInEarlier, runningJob, signInBrowser, type BrowserSession } from './support';

// Issue 31: a stolen session minted a personal access token that never expired; revoking a token
// left its subscription streaming.
let test: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestApp({ ACCESS_TOKEN_RECENT_SIGN_IN_MINUTES: '10' });
  alice = await registerAndSignIn(test, 'alice');
  bob = await registerAndSignIn(test, 'bob');
});
afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  await test?.close();
});

const sql = () => sqlOf(test);
const DAY_MS = 24 * 60 * 60 * 1000;
const EXTEND = 'mutation($id: ID!, $input: ExtendAccessTokenInput) { extendAccessToken(id: $id, input: $input) { id expiresAt expired } }';
const ACTIVITY = '{ accessTokenActivity { action tokenId tokenName expiresAt createdAt } }';
const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / DAY_MS;

async function auditRows(tokenId: string) {
  return sql()<{ action: string; user_id: string }>('select action, user_id from audit_events where target_id = ? order by created_at, action', [tokenId]);
}

describe('creating a personal access token needs a recent sign-in', () => {
  let stale: BrowserSession;
  beforeAll(async () => {
    // Signed in 11 minutes ago, the token renewed silently since (as a stolen session's would be).
    stale = await renewAsIfSignedInEarlier(test, await signInBrowser(test, alice), 11);
  });

  it('refuses an older sign-in with 403 and a reason, over REST and GraphQL, and creates nothing', async () => {
    const before = await sql()<{ n: number }>('select count(*)::int as n from access_tokens');
    const rest = await restCall(test, 'POST', '/access-tokens', stale.tokens.accessToken, { name: 'stolen', scopes: ['account:read'] });
    expect(rest).toMatchObject({
      status: 403,
      body: {
        error: 'Creating an access token needs a recent sign-in (within 10 minutes). Sign in again, then try once more.',
        reason: 'recent_sign_in_required',
        maxAgeSeconds: 600,
      },
    });
    const viaGraphql = await graphql(test.url, CREATE_TOKEN, { input: { name: 'stolen', scopes: ['account:read'] } }, stale.tokens.accessToken);
    expect(viaGraphql.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'recent_sign_in_required' } });
    expect(await sql()('select count(*)::int as n from access_tokens')).toEqual(before);
    // The session itself still works for everything else.
    expect((await restCall(test, 'GET', '/access-tokens', stale.tokens.accessToken)).status).toBe(200);
  });

  it('allows it once the user signs in again (prompt=login on the same browser), and audits it', async () => {
    const fresh = await signInBrowser(test, alice, { jar: stale.jar, prompt: 'login' });
    const created = await restCall(test, 'POST', '/access-tokens', fresh.tokens.accessToken, { name: 'after sign-in', scopes: ['account:read'] });
    expect(created.status).toBe(201);
    const id = (created.body.token as { id: string }).id;
    const [{ id: aliceId }] = await sql()<{ id: string }>('select id from users where email = ?', [alice.email]);
    expect(await auditRows(id)).toEqual([{ action: 'access_token.created', user_id: aliceId }]);
    const activity = await graphql<{ accessTokenActivity: { action: string; tokenId: string; tokenName: string }[] }>(test.url, ACTIVITY, {}, fresh.tokens.accessToken);
    expect(activity.data!.accessTokenActivity[0]).toMatchObject({ action: 'created', tokenId: id, tokenName: 'after sign-in' });
    // Another user's log does not show it.
    const bobs = await graphql<{ accessTokenActivity: { tokenId: string }[] }>(test.url, ACTIVITY, {}, bob.accessToken);
    expect(bobs.data!.accessTokenActivity.map((e) => e.tokenId)).not.toContain(id);
  });

  it('audits concurrent creations, one entry each', async () => {
    const made = await Promise.all([1, 2, 3].map((n) => createToken(test, bob.accessToken, { name: `parallel ${n}`, scopes: ['beats:read'] })));
    for (const token of made) expect((await auditRows(token.id)).map((row) => row.action)).toEqual(['access_token.created']);
  });
});

describe('expiry', () => {
  it('gives a new token 90 days when no expiry is asked for (null too), never "never"', async () => {
    const omitted = await restCall(test, 'POST', '/access-tokens', alice.accessToken, { name: 'default', scopes: ['account:read'] });
    expect(daysFromNow((omitted.body.token as { expiresAt: string }).expiresAt)).toBeCloseTo(90, 1);
    const nulled = await createToken(test, alice.accessToken, { scopes: ['account:read'], expiresInDays: null });
    const [row] = await sql()<{ expires_at: Date | null }>('select expires_at from access_tokens where id = ?', [nulled.id]);
    expect(row.expires_at).not.toBeNull();
    expect(daysFromNow(new Date(row.expires_at!).toISOString())).toBeCloseTo(90, 1);
  });

  it('extends a token from now (GraphQL and REST), audited; the token keeps working', async () => {
    const token = await createToken(test, alice.accessToken, { scopes: ['account:read'], expiresInDays: 2 });
    const extended = await graphql<{ extendAccessToken: { expiresAt: string; expired: boolean } }>(test.url, EXTEND, { id: token.id, input: { expiresInDays: 30 } }, alice.accessToken);
    expect(daysFromNow(extended.data!.extendAccessToken.expiresAt)).toBeCloseTo(30, 1);
    const rest = await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, alice.accessToken, {});
    expect(rest).toMatchObject({ status: 200, body: { message: 'Access token extended.' } });
    expect(daysFromNow((rest.body.token as { expiresAt: string }).expiresAt)).toBeCloseTo(90, 1);
    expect((await auditRows(token.id)).map((row) => row.action).sort()).toEqual(['access_token.created', 'access_token.extended', 'access_token.extended']);
    expect((await graphql(test.url, '{ me { id } }', {}, token.secret)).status).toBe(200);
    // An old token without an expiry gets one when extended.
    await sql()('update access_tokens set expires_at = null where id = ?', [token.id]);
    const fromNever = await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, alice.accessToken, { expiresInDays: 7 });
    expect(daysFromNow((fromNever.body.token as { expiresAt: string }).expiresAt)).toBeCloseTo(7, 1);
  });

  it('refuses to extend without a recent sign-in, with a token, for another user, when revoked, expired or malformed', async () => {
    const token = await createToken(test, alice.accessToken, { scopes: ['account:read'], expiresInDays: 5 });
    const stale = await renewAsIfSignedInEarlier(test, await signInBrowser(test, alice), 30);
    expect(await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, stale.tokens.accessToken, {})).toMatchObject({ status: 403, body: { reason: 'recent_sign_in_required' } });
    expect((await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, null, {})).status).toBe(401);
    expect((await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, token.secret, {})).status).toBe(403);
    expect((await graphql(test.url, EXTEND, { id: token.id }, token.secret)).status).toBe(403);
    expect(await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, bob.accessToken, {})).toMatchObject({ status: 404, body: { error: 'No such access token.' } });
    expect((await restCall(test, 'POST', '/access-tokens/not-a-uuid/extend', alice.accessToken, {})).status).toBe(404);
    expect((await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, alice.accessToken, { expiresInDays: 366 })).status).toBe(400);
    expect((await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, alice.accessToken, { expiresInDays: 30, scopes: ['beats:read'] })).status).toBe(400);
    expect((await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, alice.accessToken, '{')).status).toBe(400);
    await sql()(`update access_tokens set expires_at = now() - interval '1 second' where id = ?`, [token.id]);
    expect(await restCall(test, 'POST', `/access-tokens/${token.id}/extend`, alice.accessToken, {})).toMatchObject({ status: 409, body: { error: 'This access token has expired. Create a new one instead.' } });
    const revoked = await createToken(test, alice.accessToken, { scopes: ['account:read'] });
    expect((await restCall(test, 'DELETE', `/access-tokens/${revoked.id}`, alice.accessToken)).status).toBe(200);
    expect((await restCall(test, 'POST', `/access-tokens/${revoked.id}/extend`, alice.accessToken, {})).status).toBe(404);
    // None of the refusals changed or audited anything.
    expect((await auditRows(token.id)).map((row) => row.action)).toEqual(['access_token.created']);
  });
});

describe('revoking a personal access token', () => {
  it('closes its WebSocket and ends its running subscription at once, audited', async () => {
    const token = await createToken(test, alice.accessToken, { scopes: ['beats:read'] });
    const subscription = followJob(test.url, token.secret, await runningJob(test, alice.email), clients);
    await subscription.started;
    // Another token's subscription of the same user keeps streaming.
    const other = await createToken(test, alice.accessToken, { scopes: ['beats:read', 'account:read'] });
    const bystander = followJob(test.url, other.secret, await runningJob(test, alice.email), clients);
    await bystander.started;

    const revoked = await graphql(test.url, 'mutation($id: ID!) { revokeAccessToken(id: $id) { id revokedAt } }', { id: token.id }, alice.accessToken);
    expect(revoked.errors).toBeUndefined();

    expect(await subscription.socketClosed).toBe(4403);
    expect(await subscription.ended).toBe('error');
    expect((await auditRows(token.id)).map((row) => row.action).sort()).toEqual(['access_token.created', 'access_token.revoked']);
    const stillOpen = await graphql(test.url, '{ accessTokens { id } }', {}, alice.accessToken);
    expect(stillOpen.status).toBe(200);
    // The other token's socket is untouched: it still answers.
    const answer = await new Promise<unknown>((resolve, reject) => {
      let data: unknown;
      bystander.client.subscribe({ query: '{ me { id } }' }, { next: (value) => (data = value.data), error: reject, complete: () => resolve(data) });
    });
    expect(answer).toMatchObject({ me: { id: expect.any(String) } });
  });
});
