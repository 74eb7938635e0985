import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Billing's own rows (billing_accounts): an account billing never touched reads as Free with no
 * credits, and the first change opens its row, also when many changes arrive at once.
 */
let test: TestApp;
beforeAll(async () => (test = await startTestApp()));
afterAll(() => test?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

/** An account as accounts alone makes it (an external sign-up, a seeded row): no billing row yet. */
async function untouchedAccount(): Promise<string> {
  const id = randomUUID();
  const name = `b${id.slice(0, 8)}`;
  await sql(`insert into users (id, subject, email, username, username_key, is_admin, created_at, updated_at) values (?, ?, ?, ?, ?, false, now(), now())`, [
    id, `sub-${id}`, `${name}@example.com`, name, name,
  ]);
  return id;
}

const rowsOf = (id: string) => sql<{ credits: number }>('select credits from billing_accounts where user_id = ?', [id]);
const ledgerSum = async (id: string) => (await sql<{ sum: number }>('select coalesce(sum(delta), 0)::int as sum from token_ledger where user_id = ?', [id]))[0].sum;

describe('billing accounts', () => {
  it('an account billing never touched reads as Free, with no credits and no cycle, alone and in a batch', async () => {
    const [a, b] = [await untouchedAccount(), await untouchedAccount()];
    await test.app.services.credits.setBalance(b, 7, 'test set-up');
    const { billingAccounts } = test.app.services;
    expect(await billingAccounts.stateOf(a)).toMatchObject({ userId: a, level: 1, credits: 0, cycleStart: null, cycleEnd: null, plan: { name: 'Free' } });
    const states = await billingAccounts.statesOf([a, b]);
    expect([states.get(a)?.credits, states.get(b)?.credits]).toEqual([0, 7]);
    expect(await billingAccounts.statesOf([])).toEqual(new Map());
    expect(await rowsOf(a)).toEqual([]);
  });

  it('spending with no row is INSUFFICIENT_CREDITS (the row opens with 0); an unknown account is NOT_FOUND and gets no row', async () => {
    const id = await untouchedAccount();
    await expect(test.app.services.credits.spend(id, 'beat')).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await rowsOf(id)).toEqual([{ credits: 0 }]);
    const unknown = randomUUID();
    await expect(test.app.services.credits.refund(unknown, 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(test.app.services.credits.startCycle(unknown, 1, new Date(), new Date(Date.now() + 1000), 'x', true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await rowsOf(unknown)).toEqual([]);
  });

  it('12 refunds at once on an untouched account open one row and all count, each on the ledger', async () => {
    const id = await untouchedAccount();
    const balances = await Promise.all(Array.from({ length: 12 }, () => test.app.services.credits.refund(id, 'failed beat')));
    expect([...balances].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await rowsOf(id)).toEqual([{ credits: 12 }]);
    expect(await ledgerSum(id)).toBe(12);
  });

  it('an admin sets the balance of an account billing never touched (it had 0); a stale expectation is CONFLICT', async () => {
    const id = await untouchedAccount();
    const change = await test.app.services.credits.adminSet({ userId: id, expected: 0, amount: 30, adminId: id, reason: 'goodwill' });
    expect(change).toMatchObject({ before: 0, after: 30 });
    await expect(test.app.services.credits.adminSet({ userId: id, expected: 0, amount: 5, adminId: id, reason: 'again' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await ledgerSum(id)).toBe(30);
  });

  it('deleting an account deletes its billing row', async () => {
    const id = await untouchedAccount();
    await test.app.services.credits.setBalance(id, 3, 'test set-up');
    await sql('delete from users where id = ?', [id]);
    expect(await rowsOf(id)).toEqual([]);
  });
});
