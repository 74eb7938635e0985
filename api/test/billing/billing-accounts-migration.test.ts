import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../src/platform/db/orm';
import { ENTITIES } from '../../src/entities';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The move of billing's state from `users` to `billing_accounts` (Migration20261127230111), on a
 * database built at the migration before it and filled like a live one: every level, balances from
 * 0 to the admin maximum, accounts with and without a cycle, cycles with microseconds. Values are
 * compared as PostgreSQL prints them, so a lost microsecond or a shifted zone shows.
 */
const BEFORE = 'Migration20261127193616';
const MOVE = 'Migration20261127230111';
const ACCOUNTS = 5_000;

let db: TestDatabase;
let orm: MikroORM;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

type Row = { id: string; level: number; credits: number; cycle_start: string | null; cycle_end: string | null };

/** The state as it stood on `users` before the move, by account. */
const onUsers = () =>
  sql<Row>(`select id, subscription_level as level, tokens_remaining as credits, tokens_period_start::text as cycle_start, tokens_period_end::text as cycle_end
              from users order by id`);
const onBillingAccounts = () =>
  sql<Row>(`select user_id as id, level, credits, cycle_start::text as cycle_start, cycle_end::text as cycle_end from billing_accounts order by user_id`);
const columnsOf = async (table: string) =>
  (await sql<{ column_name: string }>('select column_name from information_schema.columns where table_name = ? order by column_name', [table])).map((r) => r.column_name);

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await MikroORM.init(ormConfig(db.url, ENTITIES));
  await orm.getMigrator().up({ to: BEFORE });
  // Varied accounts: levels 1-4, balances including 0 and the admin maximum, a third without any
  // cycle (new local accounts awaiting confirmation), cycles ending in the past and the future.
  await sql(`insert into users (id, subject, email, username, username_key, subscription_level, tokens_remaining, tokens_period_start, tokens_period_end, is_admin, created_at, updated_at)
    select gen_random_uuid(), 's' || g, 'u' || g || '@example.com', 'U' || g, 'u' || g,
           1 + g % 4,
           case when g % 97 = 0 then 1000000 when g % 5 = 0 then 0 else (g * 7919) % 1000 end,
           case when g % 3 = 0 then null else timestamptz '2026-10-01 00:00:00.123456+00' + (g || ' minutes')::interval end,
           case when g % 3 = 0 then null else timestamptz '2026-11-01 00:00:00.654321+00' + (g || ' minutes')::interval end,
           g % 50 = 0, now() - (g || ' seconds')::interval, now()
      from generate_series(1, ${ACCOUNTS}) g`);
});

afterAll(async () => {
  await orm?.close(true);
  await db?.drop();
});

describe('moving billing state to billing_accounts', () => {
  let before: Row[];

  it('copies every level, balance and cycle, one row per account, and users keeps none of it', async () => {
    before = await onUsers();
    expect(before).toHaveLength(ACCOUNTS);
    // The fill covers what it claims to.
    expect(new Set(before.map((r) => r.level))).toEqual(new Set([1, 2, 3, 4]));
    expect(before.some((r) => r.credits === 0) && before.some((r) => r.credits === 1_000_000)).toBe(true);
    expect(before.some((r) => r.cycle_end === null) && before.some((r) => r.cycle_end?.includes('.654321'))).toBe(true);

    const started = Date.now();
    await orm.getMigrator().up({ to: MOVE });
    const tookMs = Date.now() - started;
    // Reported, never asserted (a loaded machine is slow): docs/decisions.md quotes it.
    process.stdout.write(`billing_accounts migration: ${ACCOUNTS} accounts in ${tookMs} ms\n`);

    expect(await onBillingAccounts()).toEqual(before);
    const userColumns = await columnsOf('users');
    for (const gone of ['subscription_level', 'tokens_remaining', 'tokens_period_start', 'tokens_period_end']) expect(userColumns).not.toContain(gone);
  });

  it('keeps the balance rule: no negative credits, and a deleted account takes its row with it', async () => {
    const [first] = before;
    await expect(sql('update billing_accounts set credits = -1 where user_id = ?', [first.id])).rejects.toThrow(/billing_accounts_credits_check/);
    await expect(sql(`insert into billing_accounts (user_id, updated_at) values (gen_random_uuid(), now())`)).rejects.toThrow(/foreign key/);
    await expect(sql(`insert into billing_accounts (user_id, updated_at) values (?, now())`, [first.id])).rejects.toThrow(/billing_accounts_pkey/);
    const last = before[before.length - 1];
    await sql('delete from users where id = ?', [last.id]);
    expect(await sql('select 1 from billing_accounts where user_id = ?', [last.id])).toEqual([]);
    before = before.slice(0, -1);
  });

  it('down() puts every value back on users; an account made after the move without billing state comes back Free with none', async () => {
    const [newcomer] = await sql<{ id: string }>(`insert into users (id, subject, email, username, username_key, is_admin, created_at, updated_at)
      values (gen_random_uuid(), 'new', 'new@example.com', 'New', 'new', false, now(), now()) returning id`);
    await orm.getMigrator().down();
    expect(await columnsOf('billing_accounts')).toEqual([]);
    const restored = await onUsers();
    expect(restored.filter((r) => r.id !== newcomer.id)).toEqual(before);
    expect(restored.find((r) => r.id === newcomer.id)).toEqual({ id: newcomer.id, level: 1, credits: 0, cycle_start: null, cycle_end: null });
    await expect(sql('update users set tokens_remaining = -1 where id = ?', [newcomer.id])).rejects.toThrow(/users_tokens_remaining_check/);
  });

  it('runs again after down() with the same result', async () => {
    const snapshot = await onUsers();
    await orm.getMigrator().up({ to: MOVE });
    expect(await onBillingAccounts()).toEqual(snapshot);
  });

  it('leaves the schema as the entities describe it', async () => {
    await orm.getMigrator().up();
    expect(await orm.getMigrator().checkMigrationNeeded()).toBe(false);
  });
});
