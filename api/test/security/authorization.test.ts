import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { startTestApp, type TestApp } from '../support/test-app';
import { RecordingLicenceFiles, RecordingOutbox } from '../licences/licence-world';
import { STRIPE_ONLY_ROUTES, TABLE, type CallerClass, type Phase, type Row } from './authorization-table';
import { forgeTokens, resignToken, type ForgedToken } from './forged-tokens';
import { operationFor, rootFields, type RootField } from './operations';
import { callGraphql, callRest, callSubscription, type Answer } from './probe';
import { restRoutes } from './rest-routes';
import { buildWorld, type Person, type World } from './world';

// Issue 24: every GraphQL root field (read from schema.graphql) and every REST route (read from the
// running app's router) called as anonymous, with each forged token, as a signed-in stranger, as
// the owner and as an admin; the expected answers are the one table in authorization-table.ts.

const schema = buildSchema(readFileSync(join(__dirname, '../../../schema.graphql'), 'utf8'));
const ROOTS = new Map(rootFields(schema).map((root) => [root.key, root]));
const PHASES: Phase[] = ['read', 'write', 'final', 'last', 'signout'];
const ROWS = PHASES.flatMap((phase) => Object.entries(TABLE).filter(([, row]) => row.phase === phase));

let test: TestApp;
let world: World;
let forged: ForgedToken[];
const files = new RecordingLicenceFiles();

beforeAll(async () => {
  // Token creation's recent sign-in has its own tests (sessions/personal-tokens.test.ts); here the
  // table's sessions must stay "recent" however long a loaded machine takes to reach the write rows.
  test = await startTestApp({ ACCESS_TOKEN_RECENT_SIGN_IN_MINUTES: '1440' }, { licenceFiles: files, mailOutbox: new RecordingOutbox() });
  files.blobs = test.app.blobs;
  world = await buildWorld(test);
  forged = await forgeTokens(test, world.owner.accessToken);
}, 120_000);
afterAll(async () => {
  await test?.close();
});

describe('the table covers the app exactly', () => {
  it('names every Query, Mutation and Subscription field of schema.graphql, and no other', () => {
    const inSchema = [...ROOTS.keys()];
    const inTable = Object.keys(TABLE).filter((key) => /^(Query|Mutation|Subscription)\./.test(key));
    expect({ missingFromTable: inSchema.filter((k) => !(k in TABLE)), notInSchema: inTable.filter((k) => !ROOTS.has(k)) }).toEqual({ missingFromTable: [], notInSchema: [] });
    expect(inSchema.length).toBeGreaterThan(60);
  });

  it("names every REST route of the app's router, and no other", () => {
    const inApp = restRoutes(test.app);
    const inTable = Object.keys(TABLE).filter((key) => !/^(Query|Mutation|Subscription)\./.test(key));
    expect({ missingFromTable: inApp.filter((k) => !(k in TABLE)), notInApp: inTable.filter((k) => !inApp.includes(k)) }).toEqual({ missingFromTable: [], notInApp: [] });
    // Stripe's webhooks are mounted only with Stripe configured; here (local payments) they must be absent.
    expect(inApp.filter((k) => STRIPE_ONLY_ROUTES.includes(k))).toEqual([]);
    expect(inApp.length).toBeGreaterThan(60);
  });

  it('the forgeries are of a token the api accepts: re-signed with the trusted key, the same claims pass', async () => {
    const control = await callRest(test.url, 'GET', '/get-user-info', await resignToken(test, world.owner.accessToken));
    expect(control.outcome).toBe('ok');
    expect(forged.map((f) => f.kind)).toEqual(['wrong-signature', 'alg-none', 'hs256-public-pem', 'hs256-public-jwk', 'expired', 'wrong-audience', 'wrong-issuer']);
  });

  it("the leak check can see: the owner's own answers carry the secrets a stranger's must not", async () => {
    const mine = await callRest(test.url, 'GET', '/account/profile', world.owner.accessToken);
    const theirs = await callRest(test.url, 'GET', '/account/profile', world.stranger.accessToken);
    expect(world.ownerSecrets.filter((secret) => mine.text.includes(secret))).toEqual(expect.arrayContaining([world.owner.email, world.owner.username, world.beatId]));
    expect(world.ownerSecrets.filter((secret) => theirs.text.includes(secret))).toEqual([]);
  });
});

interface Caller {
  readonly class: CallerClass;
  readonly label: string;
  readonly token: string | null;
  /** Whose fixtures the arguments use (a forger pretends to be the owner). */
  readonly as: Person | null;
}

const callers = (): Caller[] => [
  { class: 'anon', label: 'anon', token: null, as: null },
  ...forged.map((f): Caller => ({ class: 'forged', label: `forged:${f.kind}`, token: f.token, as: world.owner })),
  { class: 'stranger', label: 'stranger', token: world.stranger.accessToken, as: world.stranger },
  { class: 'owner', label: 'owner', token: world.owner.accessToken, as: world.owner },
  { class: 'admin', label: 'admin', token: world.admin.accessToken, as: world.admin },
];

async function call(key: string, row: Row, caller: Caller): Promise<{ answer: Answer; sent: string }> {
  const root: RootField | undefined = ROOTS.get(key);
  if (root) {
    const operation = operationFor(root, row.args?.(world, caller.as) ?? {});
    const answer = root.kind === 'Subscription' ? await callSubscription(test.url, operation, caller.token) : await callGraphql(test.url, root, operation, caller.token);
    return { answer, sent: JSON.stringify(operation.variables) };
  }
  const [method, routePath] = key.split(' ');
  const path = row.path?.(world) ?? routePath.replace(/\/\*$/, '');
  const body = row.body?.(world, caller.as);
  const answer = await callRest(test.url, method === 'ALL' ? 'GET' : method, path, caller.token, body);
  return { answer, sent: path + JSON.stringify(body ?? null) };
}

describe.each(ROWS)('%s', (key, row) => {
  it('answers each caller class as the table says, and shows no one else the owner\'s data', async () => {
    const got: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    const leaks: string[] = [];
    const answers: Record<string, string> = {};
    for (const caller of callers()) {
      const { answer, sent } = await call(key, row, caller);
      got[caller.label] = answer.outcome;
      expected[caller.label] = row[caller.class];
      if (answer.outcome !== row[caller.class]) answers[caller.label] = answer.text.slice(0, 300);
      if (caller.class === 'owner' || caller.class === 'admin') continue;
      const allowed = new Set(row.mayShow?.(world) ?? []);
      for (const secret of world.ownerSecrets) {
        if (!allowed.has(secret) && !sent.includes(secret) && answer.text.includes(secret)) leaks.push(`${caller.label} saw ${secret}`);
      }
    }
    // On a mismatch, the answers that differ are shown beside the outcomes.
    expect({ ...got, answers }).toEqual({ ...expected, answers: {} });
    expect(leaks).toEqual([]);
  }, 300_000);
});
