import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';

let test: TestApp;
let dana: SignedInUser;
const clients: Client[] = [];

beforeAll(async () => {
  test = await startTestApp();
  dana = await registerAndSignIn(test, 'dana');
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await test?.close();
});

/** `{...F<n>}` where each fragment spreads the one before twice: about 1 KB at 30 levels, 2^30 fields written out. */
const fanOut = (levels: number) =>
  `{...F${levels}} fragment F0 on Query{countries} ` +
  Array.from({ length: levels }, (_, i) => `fragment F${i + 1} on Query{...F${i} ...F${i}}`).join(' ');
const CYCLES = {
  'two fragments': '{...A} fragment A on Query{countries ...B} fragment B on Query{...A}',
  'a fragment spreading itself': '{...A} fragment A on Query{countries ...A}',
  'a cycle below a field': '{ me { ...U } } fragment U on User { username ...V } fragment V on User { ...U }',
};
const HOSTILE: [string, string][] = [
  ...[20, 30, 60].map((levels): [string, string] => [`a fan-out of ${levels} levels`, fanOut(levels)]),
  ...Object.entries(CYCLES),
];

/**
 * The bound for "answered at once" (the issue asks for 50 ms). Not a speed figure: those live in
 * `npm run bench`. Before the fix a 30-level fan-out held the event loop for about 95 s and a
 * 60-level one would never have ended, so only an exponential walk can break 2 s, however loaded
 * the machine; the request sent at the same moment (/healthz, or a second operation on the same
 * socket) shows the event loop is not held.
 */
const AT_ONCE_MS = 2_000;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; at: number }> {
  const started = performance.now();
  const value = await run();
  const at = performance.now();
  return { value, ms: at - started, at };
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${test.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] } };
}

const healthz = () => fetch(`${test.url}/healthz`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.status);

describe('hostile GraphQL documents over HTTP', () => {
  it.each(HOSTILE)('answers %s with 400 at once, while another request is answered', async (_name, query) => {
    const [bad, health] = await Promise.all([timed(() => post({ query })), timed(healthz)]);
    expect(bad.value.status).toBe(400);
    expect(bad.value.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(bad.value.body.data).toBeUndefined();
    expect(health.value).toBe(200);
    expect(bad.ms).toBeLessThan(AT_ONCE_MS);
    expect(health.ms).toBeLessThan(AT_ONCE_MS);
  });

  it('names the limit a document breaks', async () => {
    const cases: [string, string][] = [
      ['nodes', fanOut(20)],
      ['cycle', CYCLES['two fragments']],
      // A real path that deep would need a recursive type; unknown fields nest just as deep.
      ['depth', `{ ${'a { '.repeat(11)}b${' }'.repeat(11)} }`],
      ['aliases', `{ ${Array.from({ length: 31 }, (_, i) => `c${i}: countries`).join(' ')} }`],
      ['directives', `{ countries ${'@skip(if: false) '.repeat(31)}}`],
      ['tokens', `{ ${'countries '.repeat(5_001)}}`],
    ];
    for (const [limit, query] of cases) {
      const { status, body } = await post({ query });
      expect({ limit, status, extensions: body.errors?.[0].extensions }).toEqual({
        limit,
        status: 400,
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit },
      });
    }
  });

  it('still serves a document within every limit, fragments included', async () => {
    const { status, body } = await post({ query: `{ ...F3 } fragment F0 on Query { countries } ${[1, 2, 3].map((i) => `fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`).join(' ')}` });
    expect(status).toBe(200);
    expect((body.data as { countries: string[] }).countries.length).toBeGreaterThan(10);
  });
});

describe('missing and mistyped variables answer 400, never 500', () => {
  const BEAT = 'query($id: ID!) { beat(id: $id) { id } }';
  const LEDGER = 'query($n: Int!) { tokenHistory(limit: $n) { id } }';
  const PROFILE = 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { username } }';
  const cases: [string, string, Record<string, unknown>][] = [
    ['a missing ID!', BEAT, {}],
    ['a null ID!', BEAT, { id: null }],
    ['an Int sent as "NaN"', LEDGER, { n: 'NaN' }],
    ['an Int sent as 1.5', LEDGER, { n: 1.5 }],
    ['an input object with an unknown field', PROFILE, { input: { isAdmin: true } }],
  ];
  it.each(cases)('%s', async (_name, query, variables) => {
    const { status, body } = await post({ query, variables }, { authorization: `Bearer ${dana.accessToken}` });
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|INTERNAL_SERVER_ERROR/);
  });
});

describe('hostile GraphQL documents over graphql-ws', () => {
  function connect(): Client {
    const client = createClient({
      url: `${test.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${dana.accessToken}` },
      retryAttempts: 0,
    });
    clients.push(client);
    return client;
  }
  type Outcome = { data?: unknown; errors?: readonly { message: string; extensions?: Record<string, unknown> }[] };
  const run = (client: Client, query: string, variables?: Record<string, unknown>) =>
    new Promise<Outcome>((resolve, reject) => {
      let result: Outcome = {};
      client.subscribe({ query, variables }, {
        next: (value) => (result = value as Outcome),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(new Error('subscription failed', { cause: error }))),
        complete: () => resolve(result),
      });
    });

  it.each(HOSTILE)('refuses %s at once, while another operation on the same socket is answered', async (_name, query) => {
    const client = connect();
    await run(client, '{ countries }'); // connected and acknowledged
    const [bad, good] = await Promise.all([timed(() => run(client, query)), timed(() => run(client, '{ countries }'))]);
    expect(bad.value.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(bad.value.data).toBeUndefined();
    expect((good.value.data as { countries: string[] }).countries.length).toBeGreaterThan(10);
    expect(bad.ms).toBeLessThan(AT_ONCE_MS);
    expect(good.ms).toBeLessThan(AT_ONCE_MS);
  });

  it('refuses control characters in variables and literals like HTTP does', async () => {
    const client = connect();
    const byVariable = await run(client, 'query($id: String!) { checkoutSession(sessionId: $id) { __typename } }', { id: 'a\u0000b' });
    expect(byVariable.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    const byLiteral = await run(client, '{ checkoutSession(sessionId: "a\\u0000b") { __typename } }');
    expect(byLiteral.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });
});
