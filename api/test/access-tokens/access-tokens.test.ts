import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { registerProducer } from '../support/producers';
import { sqlOf } from '../admin/admin-support';
import { CREATE_TOKEN, createToken, restCall } from './support';

let test: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestApp({ ACCESS_TOKEN_RATE_LIMIT_PER_MINUTE: '1000' });
  alice = await registerAndSignIn(test, 'alice');
  bob = await registerAndSignIn(test, 'bob');
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
});

const sql = () => sqlOf(test);
const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID = 'This access token is not valid (revoked, expired or unknown).';
const LIST = '{ accessTokens { id name hint scopes useCount lastUsedAt expiresAt expired } }';

function connect(connectionParams: Record<string, unknown>): { client: Client; closed: Promise<number> } {
  let resolveClosed!: (code: number) => void;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  const client = createClient({
    url: `${test.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    on: { closed: (event) => resolveClosed((event as { code: number }).code) },
  });
  clients.push(client);
  return { client, closed };
}

type Result<T> = { data?: T; errors?: readonly { message: string; extensions?: Record<string, unknown> }[] };
function run<T>(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<Result<T>> {
  return new Promise((resolve, reject) => {
    let result: Result<T> = {};
    client.subscribe<T>({ query, variables }, {
      next: (value) => (result = value as Result<T>),
      error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(new Error('operation failed', { cause: error }))),
      complete: () => resolve(result),
    });
  });
}

describe('creating, listing and revoking', () => {
  it('shows the secret once, stores only its SHA-256, and lists the token without it', async () => {
    const created = await createToken(test, alice.accessToken, { name: 'My DAW plugin', scopes: ['beats:read', 'account:read'], expiresInDays: 30 });
    expect(created.secret).toMatch(/^bp_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(created.secret.slice(0, 12));
    expect(created.scopes).toEqual(['account:read', 'beats:read']);

    const [row] = await sql()<Record<string, unknown>>('select * from access_tokens where id = ?', [created.id]);
    expect(row.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));

    const listed = await graphql<{ accessTokens: Record<string, unknown>[] }>(test.url, LIST, {}, alice.accessToken);
    const mine = listed.data!.accessTokens.find((t) => t.id === created.id)!;
    expect(mine).toMatchObject({ name: 'My DAW plugin', hint: created.hint, useCount: 0, lastUsedAt: null, expired: false });
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(12));
    const rest = await restCall(test, 'GET', '/access-tokens', alice.accessToken);
    expect(rest.status).toBe(200);
    expect(rest.text).not.toContain(created.secret.slice(12));
    expect((rest.body.tokens as { id: string }[]).map((t) => t.id)).toContain(created.id);
  });

  it('creates and revokes over REST too', async () => {
    const created = await restCall(test, 'POST', '/access-tokens', alice.accessToken, { name: 'catalogue tool', scopes: ['licences:read'] });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { token, secret } = created.body as { token: { id: string; expiresAt: string; createdAt: string }; secret: string };
    // No expiry asked for: 90 days, never "never".
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBeGreaterThan(90 * DAY_MS - 60_000);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBeLessThan(90 * DAY_MS + 60_000);
    expect((await restCall(test, 'GET', '/myLicences-does-not-exist', secret)).status).toBe(404);
    const revoked = await restCall(test, 'DELETE', `/access-tokens/${token.id}`, alice.accessToken);
    expect(revoked).toMatchObject({ status: 200, body: { message: 'Access token revoked.' } });
    expect((await restCall(test, 'DELETE', `/access-tokens/${token.id}`, alice.accessToken)).status).toBe(404);
    const listed = await restCall(test, 'GET', '/access-tokens', alice.accessToken);
    expect((listed.body.tokens as { id: string }[]).map((t) => t.id)).not.toContain(token.id);
  });

  it("answers 404 for another user's token, and leaves it working", async () => {
    const bobs = await createToken(test, bob.accessToken, { scopes: ['account:read'] });
    const viaGraphql = await graphql(test.url, 'mutation($id: ID!) { revokeAccessToken(id: $id) { id } }', { id: bobs.id }, alice.accessToken);
    expect(viaGraphql.errors?.[0]).toMatchObject({ message: 'No such access token.', extensions: { code: 'NOT_FOUND' } });
    expect((await restCall(test, 'DELETE', `/access-tokens/${bobs.id}`, alice.accessToken)).status).toBe(404);
    expect((await restCall(test, 'DELETE', '/access-tokens/not-a-uuid', alice.accessToken)).status).toBe(404);
    const me = await graphql<{ me: { username: string } }>(test.url, '{ me { username } }', {}, bobs.secret);
    expect(me.data?.me.username).toBe(bob.username);
  });

  it('needs a browser session to create, list or revoke tokens: a token cannot', async () => {
    const token = await createToken(test, alice.accessToken, { scopes: API_SCOPES_NO_PRODUCER });
    const create = await graphql(test.url, CREATE_TOKEN, { input: { name: 'child', scopes: ['beats:read'] } }, token.secret);
    expect(create.status).toBe(403);
    expect(create.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await graphql(test.url, LIST, {}, token.secret)).status).toBe(403);
    expect((await restCall(test, 'GET', '/access-tokens', token.secret)).status).toBe(403);
    expect((await restCall(test, 'POST', '/access-tokens', token.secret, { name: 'x', scopes: ['beats:read'] })).status).toBe(403);
    expect((await restCall(test, 'DELETE', `/access-tokens/${token.id}`, token.secret)).status).toBe(403);
    expect((await restCall(test, 'GET', '/access-tokens', null)).status).toBe(401);
  });
});

const API_SCOPES_NO_PRODUCER = ['account:read', 'beats:read', 'beats:generate', 'licences:read', 'licences:buy', 'earnings:read'];

describe('bad input', () => {
  const refused = async (input: Record<string, unknown>) => {
    const result = await graphql(test.url, CREATE_TOKEN, { input: { name: 'ok', scopes: ['beats:read'], ...input } }, alice.accessToken);
    return result.errors?.[0];
  };

  it.each([
    ['an empty name', { name: '   ' }, 'Give the token a name.'],
    ['a long name', { name: 'x'.repeat(61) }, 'A token name is at most 60 characters.'],
    ['HTML in the name', { name: '<script>alert(1)</script>' }, 'A token name may not contain < or >.'],
    ['a tab in the name', { name: 'a\tb' }, 'A token name may not contain control characters or line breaks.'],
    ['a line break in the name', { name: 'a\nb' }, 'A token name may not contain control characters or line breaks.'],
    ['no scopes', { scopes: [] }, 'Choose at least one scope.'],
    ['an unknown scope', { scopes: ['admin'] }, 'The scope "admin" does not exist. Scopes: account:read, beats:read, beats:generate, licences:read, licences:buy, uploads:write, earnings:read.'],
    ['no expiry days', { expiresInDays: 0 }, 'A token expires after 1 to 365 days (90 when not given).'],
    ['too many expiry days', { expiresInDays: 366 }, 'A token expires after 1 to 365 days (90 when not given).'],
  ])('refuses %s with a clear message', async (_label, input, message) => {
    const before = await sql()('select count(*)::int as n from access_tokens');
    expect(await refused(input)).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await sql()('select count(*)::int as n from access_tokens')).toEqual(before);
  });

  it('refuses control characters anywhere in the request (the platform text guard)', async () => {
    expect((await refused({ name: 'a\u0000b' }))?.extensions?.code).toBe('BAD_USER_INPUT');
    const rest = await restCall(test, 'POST', '/access-tokens', alice.accessToken, { name: 'a\u0007b', scopes: ['beats:read'] });
    expect(rest.status).toBe(400);
  });

  it('accepts a name of 60 characters, accents and emoji included, and trims it', async () => {
    const name = `  ${'é'.repeat(58)}🎹  `;
    const created = await createToken(test, alice.accessToken, { name, scopes: ['beats:read'] });
    const [row] = await sql()<{ name: string }>('select name from access_tokens where id = ?', [created.id]);
    expect(row.name).toBe(name.trim());
  });

  it('gives uploads:write only to producers', async () => {
    expect(await refused({ scopes: ['uploads:write'] })).toMatchObject({ message: 'Only producers can give a token the scope uploads:write.', extensions: { code: 'FORBIDDEN' } });
    const producer = await registerProducer(test, 'tokprod');
    const created = await createToken(test, producer.accessToken, { scopes: ['uploads:write', 'earnings:read'] });
    expect(created.scopes).toEqual(['uploads:write', 'earnings:read']);
    const uploads = await graphql(test.url, '{ myDrumLoops { total } }', {}, created.secret);
    expect(uploads.errors).toBeUndefined();
  });

  it('refuses a malformed REST body with a clear message', async () => {
    const notJson = await restCall(test, 'POST', '/access-tokens', alice.accessToken, '{"name":');
    expect(notJson).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON.' } });
    const noScopes = await restCall(test, 'POST', '/access-tokens', alice.accessToken, { name: 'x' });
    expect(noScopes).toMatchObject({ status: 400, body: { error: 'Choose at least one scope.' } });
  });
});

describe('the cap of 50 active tokens', () => {
  it('holds under concurrent requests, says so clearly, and frees a place on revocation', async () => {
    const carol = await registerAndSignIn(test, 'carol');
    await Promise.all(Array.from({ length: 45 }, (_, i) => createToken(test, carol.accessToken, { name: `t${i}`, scopes: ['beats:read'] })));
    // 1,000 more, 50 at a time at once: exactly 5 get through.
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const batch = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => createToken(test, carol.accessToken, { name: `r${round}-${i}`, scopes: ['beats:read'] })));
      outcomes.push(...batch.map((o) => (o.status === 'fulfilled' ? 'ok' : (o.reason as Error).message)));
    }
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set(['You have 50 active access tokens, the most allowed. Revoke one to create another.']));
    const [{ n }] = await sql()<{ n: number }>('select count(*)::int as n from access_tokens t join users u on u.id = t.user_id where u.email = ?', [carol.email]);
    expect(n).toBe(50);

    const rest = await restCall(test, 'POST', '/access-tokens', carol.accessToken, { name: 'one more', scopes: ['beats:read'] });
    expect(rest).toMatchObject({ status: 409, body: { error: 'You have 50 active access tokens, the most allowed. Revoke one to create another.' } });

    const list = await graphql<{ accessTokens: { id: string }[] }>(test.url, LIST, {}, carol.accessToken);
    await graphql(test.url, 'mutation($id: ID!) { revokeAccessToken(id: $id) { id } }', { id: list.data!.accessTokens[0].id }, carol.accessToken);
    await createToken(test, carol.accessToken, { scopes: ['beats:read'] });
    // 1,000 signed-in requests: minutes on a loaded machine.
  }, 300_000);

  it('does not count expired tokens', async () => {
    const dave = await registerAndSignIn(test, 'dave');
    await Promise.all(Array.from({ length: 50 }, (_, i) => createToken(test, dave.accessToken, { name: `t${i}`, scopes: ['beats:read'], expiresInDays: 1 })));
    await expect(createToken(test, dave.accessToken, { scopes: ['beats:read'] })).rejects.toThrow('You have 50 active access tokens');
    await sql()(`update access_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ?)`, [dave.email]);
    await createToken(test, dave.accessToken, { scopes: ['beats:read'] });
  });
});

describe('using a token', () => {
  it('acts as its user on GraphQL over HTTP, REST and graphql-ws, and counts every use', async () => {
    const token = await createToken(test, alice.accessToken, { scopes: ['account:read', 'beats:read'] });
    const me = await graphql<{ me: { username: string } }>(test.url, '{ me { username } }', {}, token.secret);
    expect(me.data?.me.username).toBe(alice.username);
    const rest = await restCall(test, 'GET', '/account/profile', token.secret);
    expect(rest).toMatchObject({ status: 200, body: { username: alice.username, email: alice.email } });
    expect((await restCall(test, 'GET', '/tokens_remaining', token.secret)).status).toBe(200);

    const { client } = connect({ authorization: `Bearer ${token.secret}` });
    const overWs = await run<{ me: { username: string } }>(client, '{ me { username } }');
    expect(overWs.data?.me.username).toBe(alice.username);
    const beats = await run<{ myBeats: unknown[] }>(client, '{ myBeats { id } }');
    expect(beats.data?.myBeats).toEqual([]);

    const listed = await graphql<{ accessTokens: { id: string; useCount: number; lastUsedAt: string | null }[] }>(test.url, LIST, {}, alice.accessToken);
    const used = listed.data!.accessTokens.find((t) => t.id === token.id)!;
    // 1 GraphQL request, 2 REST requests, the WebSocket connection and its 2 operations.
    expect(used.useCount).toBe(6);
    expect(Date.now() - Date.parse(used.lastUsedAt!)).toBeLessThan(60_000);
  });

  it('answers 403 naming the missing scope, on every transport, and runs nothing of a refused operation', async () => {
    const token = await createToken(test, alice.accessToken, { scopes: ['account:read'] });
    const generate = await graphql(test.url, 'mutation { generateBeat(prompt: "trap") { id } }', {}, token.secret);
    expect(generate.status).toBe(403);
    expect(generate.errors?.[0]).toMatchObject({ message: 'This token lacks the scope beats:generate.', extensions: { code: 'FORBIDDEN' } });
    // A fragment, an alias and an allowed field beside it change nothing.
    const mixed = await graphql(test.url, 'query { me { username } ...F } fragment F on Query { mine: myBeats { id } }', {}, token.secret);
    expect(mixed.status).toBe(403);
    expect(mixed.data).toBeUndefined();
    expect(mixed.errors?.[0].message).toBe('This token lacks the scope beats:read.');
    // @skip as execution reads it: a skipped field needs nothing, an included one does.
    const skipped = await graphql(test.url, 'query($s: Boolean!) { me { username } myBeats @skip(if: $s) { id } }', { s: true }, token.secret);
    expect(skipped.errors).toBeUndefined();
    const included = await graphql(test.url, 'query($s: Boolean!) { me { username } myBeats @skip(if: $s) { id } }', { s: false }, token.secret);
    expect(included.status).toBe(403);

    const rest = await restCall(test, 'POST', '/generate_beat', token.secret, { prompt: 'trap' });
    expect(rest).toMatchObject({ status: 403, body: { error: 'This token lacks the scope beats:generate.' } });
    const { client } = connect({ authorization: `Bearer ${token.secret}` });
    const ws = await run(client, 'subscription { generationProgress(jobId: "00000000-0000-0000-0000-000000000000") { stage } }');
    expect(ws.errors?.[0]).toMatchObject({ message: 'This token lacks the scope beats:read.', extensions: { code: 'FORBIDDEN' } });
    const [{ n }] = await sql()<{ n: number }>('select count(*)::int as n from generation_jobs where owner_id = (select id from users where email = ?)', [alice.email]);
    expect(n).toBe(0);
  });

  it('refuses what no scope covers (billing, profile writes), and never grants admin', async () => {
    const admin = await registerAndSignIn(test, 'admin');
    await sql()('update users set is_admin = true where email = ?', [admin.email]);
    const token = await createToken(test, admin.accessToken, { scopes: API_SCOPES_NO_PRODUCER });
    const sessionAdmin = await graphql(test.url, '{ adminTotals { totalUsers } }', {}, admin.accessToken);
    expect(sessionAdmin.errors).toBeUndefined();
    const adminByToken = await graphql(test.url, '{ adminTotals { totalUsers } }', {}, token.secret);
    expect(adminByToken.status).toBe(403);
    expect(adminByToken.errors?.[0]).toMatchObject({ message: 'Access tokens cannot use adminTotals; sign in to the web app instead.', extensions: { code: 'FORBIDDEN' } });
    expect((await restCall(test, 'GET', '/admin/users', token.secret)).status).toBe(403);
    expect((await restCall(test, 'POST', '/cancel-subscription', token.secret)).status).toBe(403);
    expect((await graphql(test.url, 'mutation { updateProfile(input: { fname: "x" }) { id } }', {}, token.secret)).status).toBe(403);
    expect((await restCall(test, 'POST', '/account/profile', token.secret)).status).toBe(403);
    const { client } = connect({ authorization: `Bearer ${token.secret}` });
    const ws = await run(client, '{ adminUsers { total } }');
    expect(ws.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Public fields stay public.
    const plans = await graphql<{ plans: unknown[] }>(test.url, '{ plans { name } countries accessTokenScopes { name } }', {}, token.secret);
    expect(plans.errors).toBeUndefined();
  });

  it('refuses forged, revoked and expired tokens with 401 on every transport', async () => {
    const token = await createToken(test, alice.accessToken, { scopes: ['account:read'] });
    const forged = `bp_pat_${'A'.repeat(43)}`;
    const truncated = token.secret.slice(0, -1);
    for (const bad of [forged, truncated, `${token.secret}x`]) {
      const result = await graphql(test.url, '{ me { id } }', {}, bad);
      expect(result.status).toBe(401);
      expect(result.errors?.[0]).toMatchObject({ message: INVALID, extensions: { code: 'UNAUTHENTICATED' } });
      expect(await restCall(test, 'GET', '/get-user-info', bad)).toMatchObject({ status: 401, body: { error: INVALID } });
      expect(await connect({ authorization: `Bearer ${bad}` }).closed).toBe(4403);
    }

    // Revoked while a WebSocket is open: the socket is closed (credential-revocations.test.ts covers its subscriptions).
    const open = connect({ authorization: `Bearer ${token.secret}` });
    expect((await run(open.client, '{ me { id } }')).errors).toBeUndefined();
    await restCall(test, 'DELETE', `/access-tokens/${token.id}`, alice.accessToken);
    expect(await open.closed).toBe(4403);
    expect((await graphql(test.url, '{ me { id } }', {}, token.secret)).status).toBe(401);
    expect((await restCall(test, 'GET', '/get-user-info', token.secret)).status).toBe(401);
    expect(await connect({ authorization: `Bearer ${token.secret}` }).closed).toBe(4403);

    const expiring = await createToken(test, alice.accessToken, { scopes: ['account:read'], expiresInDays: 1 });
    expect((await graphql(test.url, '{ me { id } }', {}, expiring.secret)).status).toBe(200);
    await sql()(`update access_tokens set expires_at = now() - interval '1 second' where id = ?`, [expiring.id]);
    expect((await graphql(test.url, '{ me { id } }', {}, expiring.secret)).status).toBe(401);
    const listed = await graphql<{ accessTokens: { id: string; expired: boolean }[] }>(test.url, LIST, {}, alice.accessToken);
    expect(listed.data!.accessTokens.find((t) => t.id === expiring.id)?.expired).toBe(true);
  });

  it("acts only as its own user: another user's beats stay theirs", async () => {
    const bobsToken = await createToken(test, bob.accessToken, { scopes: ['beats:read'] });
    const [{ id }] = await sql()<{ id: string }>('select id from users where email = ?', [alice.email]);
    const beats = await graphql<{ myBeats: unknown[] }>(test.url, '{ myBeats { id } }', {}, bobsToken.secret);
    expect(beats.data?.myBeats).toEqual([]);
    expect(JSON.stringify(beats)).not.toContain(id);
  });
});
