import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { calendarMonth } from '../../src/modules/billing/credits.service';

let test: TestApp;
beforeAll(async () => (test = await startTestApp()));
afterAll(() => test?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

/** A signed-in user (their first request starts their Free cycle) with `tokens` left. */
async function userWith(tokens: number): Promise<string> {
  const user = await registerAndSignIn(test, 'tok');
  const me = await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, user.accessToken);
  const id = me.data!.me.id;
  await test.app.services.credits.setBalance(id, tokens, 'test set-up');
  return id;
}

const ledgerSum = async (id: string) =>
  (await sql<{ sum: number; balance: number }>('select (select coalesce(sum(delta), 0)::int from token_ledger where user_id = ?) as sum, credits as balance from billing_accounts where user_id = ?', [id, id]))[0];

describe('token balance and ledger', () => {
  it('a new account gets the Free allowance when its first cycle starts, written to the ledger', async () => {
    const user = await registerAndSignIn(test, 'fresh');
    const me = await graphql<{ me: { id: string; tokensRemaining: number } }>(test.url, '{ me { id tokensRemaining } }', {}, user.accessToken);
    expect(me.data!.me.tokensRemaining).toBe(25);
    const rows = await sql<{ kind: string; delta: number }>('select kind, delta from token_ledger where user_id = ?', [me.data!.me.id]);
    expect(rows).toEqual([{ kind: 'cycle', delta: 25 }]);
  });

  it('20 parallel spends with 5 tokens left: exactly 5 succeed, the balance ends at 0 and equals the ledger', async () => {
    const id = await userWith(5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => test.app.services.credits.spend(id, 'test spend')));
    const won = results.filter((r): r is PromiseFulfilledResult<number> => r.status === 'fulfilled');
    expect(won.map((r) => r.value).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const lost of results.filter((r) => r.status === 'rejected')) {
      expect((lost).reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: expect.stringContaining('Insufficient credits') });
    }
    expect(await ledgerSum(id)).toEqual({ sum: 0, balance: 0 });
  });

  it('a refund gives the token back, on the ledger too', async () => {
    const id = await userWith(1);
    expect(await test.app.services.credits.spend(id, 'beat')).toBe(0);
    expect(await test.app.services.credits.refund(id, 'failed beat')).toBe(1);
    expect(await ledgerSum(id)).toEqual({ sum: 1, balance: 1 });
  });

  it('an unknown account is NOT_FOUND, not "insufficient"', async () => {
    await expect(test.app.services.credits.spend('00000000-0000-4000-8000-000000000000', 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('Free tokens refresh lazily at the next calendar month, once even under concurrent requests', async () => {
    const id = await userWith(3);
    const before = await test.app.services.billingAccounts.stateOf(id);
    const nextMonth = new Date(before.cycleEnd!.getTime() + 60_000);
    const refreshed = await Promise.all(Array.from({ length: 5 }, () => test.app.services.credits.ensureCycle(id, nextMonth)));
    expect(refreshed.filter(Boolean)).toHaveLength(1);
    const after = await test.app.services.billingAccounts.stateOf(id);
    expect(after.credits).toBe(25);
    expect(after.cycleStart).toEqual(calendarMonth(nextMonth).start);
    expect(await ledgerSum(id)).toEqual({ sum: 25, balance: 25 });
  });

  it('an admin set is a ledger row with the difference; negative amounts are refused', async () => {
    const id = await userWith(10);
    expect(await test.app.services.credits.setBalance(id, 40, 'admin')).toBe(40);
    await expect(test.app.services.credits.setBalance(id, -1, 'admin')).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await ledgerSum(id)).toEqual({ sum: 40, balance: 40 });
  });
});
