import { Writable } from 'node:stream';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';
import { createToken, restCall } from './support';

let test: TestApp;
let erin: SignedInUser;
const logLines: string[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  test = await startTestApp({ ACCESS_TOKEN_RATE_LIMIT_PER_MINUTE: '3', LOG_LEVEL: 'debug' }, { logDestination: capture });
  erin = await registerAndSignIn(test, 'erin');
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
});

function wsRun(secret: string, query: string): Promise<{ errors?: readonly { message: string; extensions?: Record<string, unknown> }[]; data?: unknown }> {
  const client = createClient({
    url: `${test.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${secret}` },
    retryAttempts: 0,
    onNonLazyError: () => undefined,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    let result = {};
    client.subscribe({ query }, {
      next: (value) => (result = value),
      error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(new Error('operation failed', { cause: error }))),
      complete: () => resolve(result),
    });
  });
}

describe('per-token rate limit', () => {
  it('answers 429 TOO_MANY_REQUESTS with Retry-After on every transport, for that token only', async () => {
    const token = await createToken(test, erin.accessToken, { scopes: ['account:read'] });
    const other = await createToken(test, erin.accessToken, { scopes: ['account:read'] });
    for (let i = 0; i < 3; i += 1) expect((await graphql(test.url, '{ me { id } }', {}, token.secret)).status).toBe(200);

    const overGraphql = await fetch(`${test.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.secret}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(overGraphql.status).toBe(429);
    const retryAfter = Number(overGraphql.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await overGraphql.json()).toEqual({
      errors: [{ message: 'This access token is sending too many requests. Wait before trying again.', extensions: { code: 'TOO_MANY_REQUESTS' } }],
    });

    const overRest = await restCall(test, 'GET', '/tokens_remaining', token.secret);
    expect(overRest).toMatchObject({ status: 429, body: { error: 'This access token is sending too many requests. Wait before trying again.' } });
    expect(Number(overRest.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const overWs = await wsRun(other.secret, '{ me { id } }').then(() => wsRun(other.secret, '{ me { id } }'));
    // The other token is its own count: the connection and an operation each used one of its 3.
    expect(overWs.errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_REQUESTS' } });
    // The browser session is not limited by any token's count.
    expect((await graphql(test.url, '{ me { id } }', {}, erin.accessToken)).status).toBe(200);
  });
});

describe('secrets in logs', () => {
  it('never writes a secret to the log, whatever happens to it', async () => {
    const token = await createToken(test, erin.accessToken, { name: 'logged?', scopes: ['account:read'] });
    const rest = await restCall(test, 'POST', '/access-tokens', erin.accessToken, { name: 'via rest', scopes: ['beats:read'] });
    const restSecret = (rest.body as { secret: string }).secret;
    await graphql(test.url, '{ me { id } }', {}, token.secret);
    await graphql(test.url, 'mutation { generateBeat(prompt: "x") { id } }', {}, token.secret);
    await restCall(test, 'GET', '/get-user-info', restSecret);
    await restCall(test, 'GET', `/get-user-info?access_token=${restSecret}`, null);
    await wsRun(token.secret, '{ me { id } }');
    await graphql(test.url, '{ me { id } }', {}, `${token.secret}0`);
    await restCall(test, 'DELETE', `/access-tokens/${token.id}`, erin.accessToken);
    await graphql(test.url, '{ me { id } }', {}, token.secret);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const log = logLines.join('');
    expect(log).toContain('access token created');
    expect(log).toContain('access token revoked');
    for (const secret of [token.secret, restSecret]) {
      // The hint (its first 12 characters) may appear; nothing after it may.
      expect(log).not.toContain(secret.slice(12));
    }
  });
});
