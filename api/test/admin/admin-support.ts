import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';

export type Sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => Promise<T[]>;

export const sqlOf = (test: TestApp): Sql => (query, params = []) => test.app.orm.em.fork().getConnection().execute(query, params);

/** A registered, signed-in account made admin the way `npm run admin:grant` does (the column). */
export async function signInAdmin(test: TestApp): Promise<SignedInUser & { id: string }> {
  const user = await registerAndSignIn(test, 'admin');
  const [row] = await sqlOf(test)<{ id: string }>('update users set is_admin = true where email = ? returning id', [user.email]);
  return { ...user, id: row.id };
}

export async function idOf(test: TestApp, user: SignedInUser): Promise<string> {
  const [row] = await sqlOf(test)<{ id: string }>('select id from users where email = ?', [user.email]);
  return row.id;
}

/** Plain accounts written straight into the table (created a second apart, oldest first). */
export async function insertUsers(test: TestApp, count: number, prefix: string, start = new Date(Date.UTC(2026, 0, 1))): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const rows = ids.map((id, i) => [id, id, `${prefix}${i}@example.com`.toLowerCase(), `${prefix}${i}`, `${prefix}${i}`.toLowerCase(), new Date(start.getTime() + i * 1000)]);
  await sqlOf(test)(
    `with u as (insert into users (id, subject, email, username, username_key, is_admin, created_at, updated_at)
       select x.id::uuid, x.subject, x.email, x.username, x.username_key, false, x.created_at::timestamptz, now()
         from json_to_recordset(?::json) as x(id text, subject text, email text, username text, username_key text, created_at text)
       returning id)
     insert into billing_accounts (user_id, level, credits, updated_at) select id, 1, 25, now() from u`,
    [JSON.stringify(rows.map(([id, subject, email, username, usernameKey, createdAt]) => ({ id, subject, email, username, username_key: usernameKey, created_at: (createdAt as Date).toISOString() })))],
  );
  return ids;
}

export async function rest(test: TestApp, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${test.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}
