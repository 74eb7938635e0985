import { Pool } from 'pg';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database';
import { OIDC_SCHEMA_DOWN, OIDC_SCHEMA_UP } from './oidc-schema';
import { PostgresAdapter, deleteAccountPayloads, pruneExpiredPayloads } from './postgres-adapter';
import { loadOrCreateProviderKeys } from './provider-keys';
import { sqlRunnerFromPg, sqlRunnerFromQuestionMarkExecutor, type SqlRunner } from './sql-runner';

let database: TestDatabase;
let pool: Pool;
let orm: MikroORM;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 4 });
  for (const statement of OIDC_SCHEMA_UP) await pool.query(statement);
  orm = await MikroORM.init(
    defineConfig({ clientUrl: database.url, entities: [], discovery: { warnWhenNoEntities: false }, forceUtcTimezone: true }),
  );
});

afterAll(async () => {
  await orm?.close(true);
  await pool?.end();
  await database?.drop();
});

// The app runs the provider over MikroORM's `execute` (question marks, values inlined); the tests
// and scripts over a pg Pool. Both must behave the same.
const runners: Array<[string, () => SqlRunner]> = [
  ['a pg Pool', () => sqlRunnerFromPg(pool)],
  [
    "MikroORM's execute",
    () => sqlRunnerFromQuestionMarkExecutor((sql, params) => orm.em.fork().getConnection().execute(sql, params)),
  ],
];

describe.each(runners)('PostgresAdapter over %s', (_name, runner) => {
  let sql: SqlRunner;
  const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}`;

  beforeAll(() => {
    sql = runner();
  });

  it('stores and finds a payload, quotes and question marks included', async () => {
    const sessions = new PostgresAdapter('Session', sql);
    const id = unique('s');
    const uid = unique('uid');
    const payload = { uid, accountId: 'acc-1', kind: 'Session', state: { note: "it's ? a $1 \"test\" \\ ✓" } };
    await sessions.upsert(id, payload, 60);
    expect(await sessions.find(id)).toEqual(payload);
    expect(await sessions.findByUid(uid)).toEqual(payload);
    expect(await new PostgresAdapter('Grant', sql).find(id)).toBeUndefined();

    await sessions.upsert(id, { ...payload, loginTs: 5 }, 60);
    expect(await sessions.find(id)).toEqual({ ...payload, loginTs: 5 });
    await sessions.destroy(id);
    expect(await sessions.find(id)).toBeUndefined();
  });

  it('hides expired payloads and prunes them', async () => {
    const codes = new PostgresAdapter('AuthorizationCode', sql);
    const id = unique('c');
    await codes.upsert(id, { kind: 'AuthorizationCode', accountId: 'acc-2' }, 60);
    await sql.query("UPDATE oidc_payloads SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    expect(await codes.find(id)).toBeUndefined();
    expect(await pruneExpiredPayloads(sql)).toBeGreaterThanOrEqual(1);
    const left = await sql.query('SELECT id FROM oidc_payloads WHERE id = $1', [id]);
    expect(left).toHaveLength(0);
  });

  it('keeps payloads without expiry', async () => {
    const clients = new PostgresAdapter('Client', sql);
    const id = unique('client');
    await clients.upsert(id, { client_id: id });
    expect(await clients.find(id)).toEqual({ client_id: id });
  });

  it('marks a payload consumed', async () => {
    const tokens = new PostgresAdapter('RefreshToken', sql);
    const id = unique('rt');
    await tokens.upsert(id, { kind: 'RefreshToken', grantId: 'g', accountId: 'acc-3' }, 60);
    const before = Math.floor(Date.now() / 1000);
    await tokens.consume(id);
    const found = await tokens.find(id);
    expect(found?.consumed).toBeGreaterThanOrEqual(before);
    expect(found?.grantId).toBe('g');
  });

  it('finds by user code', async () => {
    const deviceCodes = new PostgresAdapter('DeviceCode', sql);
    const id = unique('dc');
    const userCode = unique('USER');
    await deviceCodes.upsert(id, { kind: 'DeviceCode', userCode }, 60);
    expect((await deviceCodes.findByUserCode(userCode))?.userCode).toBe(userCode);
  });

  it("revokes a grant's tokens of one model only", async () => {
    const grantId = unique('grant');
    const refresh = new PostgresAdapter('RefreshToken', sql);
    const codes = new PostgresAdapter('AuthorizationCode', sql);
    await refresh.upsert('rt-a', { grantId }, 60);
    await refresh.upsert(unique('rt-b'), { grantId: 'another' }, 60);
    await codes.upsert('code-a', { grantId }, 60);
    await refresh.revokeByGrantId(grantId);
    expect(await refresh.find('rt-a')).toBeUndefined();
    expect(await codes.find('code-a')).toEqual({ grantId });
    await codes.destroy('code-a');
  });

  it("deletes everything of one account and nothing of another's", async () => {
    const account = unique('acc');
    const session = new PostgresAdapter('Session', sql);
    const grant = new PostgresAdapter('Grant', sql);
    const interaction = new PostgresAdapter('Interaction', sql);
    await session.upsert('s1', { uid: unique('u'), accountId: account }, 60);
    await grant.upsert('g1', { accountId: account }, 60);
    await interaction.upsert('i1', { session: { accountId: account, uid: 'x', cookie: 'y' } }, 60);
    await session.upsert('s2', { uid: unique('u'), accountId: 'someone-else' }, 60);
    expect(await deleteAccountPayloads(sql, account)).toBe(3);
    expect(await session.find('s1')).toBeUndefined();
    expect(await grant.find('g1')).toBeUndefined();
    expect(await interaction.find('i1')).toBeUndefined();
    expect(await session.find('s2')).toBeDefined();
    await session.destroy('s2');
  });
});

describe('provider keys', () => {
  it('creates one signing key and one cookie key set however many instances start at once', async () => {
    await pool.query('DELETE FROM oidc_keys');
    const results = await Promise.all([
      loadOrCreateProviderKeys(sqlRunnerFromPg(pool)),
      loadOrCreateProviderKeys(sqlRunnerFromPg(pool)),
      loadOrCreateProviderKeys(runners[1][1]()),
    ]);
    const kids = results.map((keys) => keys.signing.keys[0].kid);
    expect(new Set(kids).size).toBe(1);
    expect(new Set(results.map((keys) => keys.cookies[0])).size).toBe(1);
    expect(results[0].signing.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', d: expect.any(String) });
    const { rows } = await pool.query('SELECT name FROM oidc_keys ORDER BY name');
    expect(rows.map((row: { name: string }) => row.name)).toEqual(['cookie-keys', 'signing-jwks']);

    // A later start reads the same keys.
    expect((await loadOrCreateProviderKeys(sqlRunnerFromPg(pool))).signing.keys[0].kid).toBe(kids[0]);
  });
});

describe('schema', () => {
  it('goes down and up again', async () => {
    const scratch = await createTestDatabase();
    const client = new Pool({ connectionString: scratch.url, max: 1 });
    try {
      for (const statement of OIDC_SCHEMA_UP) await client.query(statement);
      for (const statement of OIDC_SCHEMA_DOWN) await client.query(statement);
      const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'oidc\\_%'");
      expect(rows[0].n).toBe(0);
      for (const statement of OIDC_SCHEMA_UP) await client.query(statement);
      const again = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'oidc\\_%'");
      expect(again.rows[0].n).toBe(2);
    } finally {
      await client.end();
      await scratch.drop();
    }
  });
});
