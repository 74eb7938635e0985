import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import type { TestApp } from '../support/test-app';
import { bearer } from '../support/users';
import { operationFor, rootFields } from './operations';
import { createRandom, fuzz, hostileValue, ONE_MB, send, type SeededRandom, startFuzzTarget } from './fuzz-support';

// Issue 24, hostile GraphQL documents: depth and alias bombs (5,000 aliases), fragment cycles and
// exponential fragments, directive floods, 1 MB strings as literals and variables, batched arrays,
// wrong variable types, bodies that are not GraphQL requests, and seeded mutations of a minimal
// valid operation for every root field of schema.graphql. Sent by a signed-in admin who is a
// producer and has no tokens (every resolver is reached, nothing renders), and anonymously.

const schema = buildSchema(readFileSync(join(__dirname, '../../../schema.graphql'), 'utf8'));
const MUTATIONS_PER_FIELD = 8;

let test: TestApp;
let token: string;

beforeAll(async () => {
  ({ test, token } = await startFuzzTarget());
});
afterAll(async () => {
  await test?.close();
});

interface GraphqlInput {
  readonly label: string;
  /** The raw body (a JSON request, or anything else). */
  readonly body: string;
  readonly anonymous?: boolean;
  readonly method?: 'GET';
}

const request = (label: string, query: string, variables: Record<string, unknown> = {}): GraphqlInput => ({ label, body: JSON.stringify({ query, variables }) });

const nest = (depth: number) => `{ __schema { types { ${'fields { type { '.repeat(depth)} name ${'} } '.repeat(depth)} } } }`;

/** The classic bombs, each once. */
function bombs(): GraphqlInput[] {
  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: countries`).join(' ')} }`;
  const laughs = Array.from({ length: 30 }, (_, i) => (i === 0 ? 'fragment F0 on Query { countries plans { id } }' : `fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`)).join('\n');
  return [
    request('depth bomb (introspection, 40 deep)', nest(40)),
    request('depth bomb (introspection, 400 deep)', nest(400)),
    request('5,000 aliases', aliases(5000)),
    request('500 aliases', aliases(500)),
    request('aliases of an expensive field', `{ ${Array.from({ length: 300 }, (_, i) => `s${i}: sampleBeats { id }`).join(' ')} }`),
    request('a fragment cycle', 'fragment A on Query { ...B countries } fragment B on Query { ...A } { ...A }'),
    request('a self-referencing fragment', 'fragment A on Query { ...A } { ...A }'),
    request('exponential fragments (2^29 fields)', `${laughs}\n{ ...F29 }`),
    request('10,000 directives', `{ countries ${'@include(if: true) '.repeat(10_000)}}`),
    request('200,000 tokens', `{ ${'countries '.repeat(200_000)}}`),
    request('a 1 MB string literal', `{ licenceVerification(id: "${ONE_MB}") { id } }`),
    request('a 1 MB string variable', 'query($id: ID!) { licenceVerification(id: $id) { id } }', { id: ONE_MB }),
    request('a 1 MB prompt', 'mutation($p: String!) { generateBeat(prompt: $p) { id } }', { p: ONE_MB }),
    request('a list variable of 100,000 items', 'mutation($s: [SectionDrumsInput!]!) { changeDrums(beatId: "00000000-0000-4000-8000-000000000000", sections: $s) { id } }', { s: Array.from({ length: 100_000 }, () => ({ section: 0, drums: ['Kicks'] })) }),
    { label: 'a batched array of 2', body: JSON.stringify([{ query: '{ countries }' }, { query: '{ plans { id } }' }]) },
    { label: 'a batched array of 1,000', body: JSON.stringify(Array.from({ length: 1000 }, () => ({ query: '{ me { id } }' }))) },
    { label: 'an empty batch', body: '[]' },
    { label: 'not JSON', body: '{ query: countries' },
    { label: 'a JSON string', body: '"{ countries }"' },
    { label: 'query is a number', body: '{"query": 42}' },
    { label: 'query is an object', body: '{"query": {"kind": "Document"}}' },
    { label: 'variables is a string', body: '{"query": "{ countries }", "variables": "not json"}' },
    { label: 'variables is an array', body: '{"query": "{ countries }", "variables": [1, 2]}' },
    { label: 'an operation name that is not there', body: '{"query": "query A { countries }", "operationName": "B"}' },
    { label: 'two operations, no name', body: '{"query": "query A { countries } query B { plans { id } }"}' },
    { label: 'no query', body: '{"variables": {}}' },
    { label: 'an empty query', body: '{"query": ""}' },
    { label: 'a NUL in the query', body: JSON.stringify({ query: '{ countries\u0000 }' }) },
    { label: 'a lone surrogate in a variable', body: JSON.stringify({ query: 'query($id: ID!) { beat(id: $id) { id } }', variables: { id: '\ud800' } }) },
    { label: 'a mutation over GET', body: '', method: 'GET' },
    request('__proto__ as a variable name', 'query($__proto__: ID!) { beat(id: $__proto__) { id } }', { ['__proto__']: 'x' }),
    request('an undeclared variable', '{ beat(id: $id) { id } }', { id: 'x' }),
    request('an unknown field', '{ nothingHere }'),
    request('an unknown type condition', '{ ... on Nothing { id } }'),
    request('a subscription over HTTP', 'subscription { generationProgress(jobId: "00000000-0000-4000-8000-000000000000") { status } }'),
    { ...request('admin fields, anonymously', '{ adminUsers { total } adminTotals { users } }'), anonymous: true },
  ];
}

/** Wrong variable types for an operation's variables: objects for scalars, strings for numbers, nulls for non-nulls, huge lists. */
function wrongTypes(random: SeededRandom, variables: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...variables };
  const names = Object.keys(out);
  if (!names.length) return { unexpected: hostileValue(random) };
  for (const name of names) if (random.next() < 0.7) out[name] = hostileValue(random);
  if (random.next() < 0.2) out[random.pick(names)] = { ...Object(out[names[0]]), unknownField: hostileValue(random) };
  return out;
}

/** Text edits of a document: deleted, duplicated or swapped characters, and braces left open. */
function mangle(random: SeededRandom, query: string): string {
  let text = query;
  for (let n = 1 + random.int(3); n > 0; n--) {
    const at = random.int(text.length + 1);
    const op = random.int(5);
    if (op === 0) text = text.slice(0, at) + text.slice(at + 1 + random.int(5));
    else if (op === 1) text = text.slice(0, at) + text.slice(at, at + 20).repeat(2 + random.int(20)) + text.slice(at + 20);
    else if (op === 2) text = text.slice(0, at) + random.pick(['{', '}', '(', ')', '$', '...', '@', '"', '#', '!', ':', '[', ']', '\\u0000', '"""']) + text.slice(at);
    else if (op === 3) text = text.slice(0, at);
    else text = text.slice(0, at) + ` alias${random.int(9)}: __typename ` + text.slice(at);
  }
  return text;
}

function inputs(): GraphqlInput[] {
  const random = createRandom(24_002);
  const all = bombs();
  for (const root of rootFields(schema)) {
    if (root.kind === 'Subscription') continue; // graphql-ws has its own limits test; over HTTP it is one of the bombs
    const valid = operationFor(root);
    for (let n = 0; n < MUTATIONS_PER_FIELD; n++) {
      const kind = random.int(3);
      const query = kind === 1 ? mangle(random, valid.query) : valid.query;
      const variables = kind === 1 ? valid.variables : wrongTypes(random, valid.variables);
      all.push({ ...request(`${root.key} #${n} ${['wrong types', 'mangled', 'wrong types'][kind]}: ${query.slice(0, 80)} ${JSON.stringify(variables).slice(0, 120)}`, query, variables), anonymous: random.next() < 0.15 });
    }
  }
  return all;
}

function post(input: GraphqlInput) {
  const auth = input.anonymous ? {} : bearer(token);
  if (input.method === 'GET') {
    return send(`${test.url}/graphql?query=${encodeURIComponent('mutation { generateBeat(prompt: "trap") { id } }')}`, { headers: { ...auth, 'apollo-require-preflight': 'true' } });
  }
  return send(`${test.url}/graphql`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: input.body });
}

describe('GraphQL documents, hostile', () => {
  it('each answers a 4xx (or a result with errors, or data when valid) with a message, never a 500 or a hang; /healthz after every batch', async () => {
    const all = inputs();
    const { tried, problems, statuses } = await fuzz(test.url, all, post, (input) => input.label);
    expect(problems).toEqual([]);
    console.info(`GraphQL fuzz: ${tried} inputs, statuses ${JSON.stringify(statuses)}`);
    expect(tried).toBe(all.length);
    expect(tried).toBeGreaterThan(500);
  }, 300_000);
});
