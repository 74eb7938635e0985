import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { uploadSmallCatalogue } from '../support/small-catalogue';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
  await uploadSmallCatalogue(test);
}, 120_000);
afterAll(() => test?.close());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

describe('token spending by generation', () => {
  it('20 parallel generations with 5 tokens left: exactly 5 start, the balance ends at 0 and never goes below', async () => {
    const user = await registerAndSignIn(test, 'spender');
    const me = (await graphql<{ me: { id: string } }>(test.url, '{ me { id } }', {}, user.accessToken)).data!.me;
    await test.app.services.credits.setBalance(me.id, 5, 'test set-up');

    // Twenty clients at once. The per-user rate limit (3 running, 10 a minute) turns some away
    // before any token is touched; like a real client, they try again a moment later, until each
    // has either started a beat or been told there are no tokens left.
    type Result = Awaited<ReturnType<typeof generate>>;
    const generate = () =>
      graphql<{ generateBeat: { id: string } }>(test.url, 'mutation { generateBeat(prompt: "trap type beat") { id } }', {}, user.accessToken);
    const client = async (): Promise<Result> => {
      for (;;) {
        const result = await generate();
        if (result.errors?.[0].extensions?.code !== 'TOO_MANY_REQUESTS') return result;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const results = await Promise.all(Array.from({ length: 20 }, client));
    const started = results.filter((r) => r.data?.generateBeat);
    const refused = results.filter((r) => r.errors);
    expect(started).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.errors![0]).toMatchObject({ extensions: { code: 'INSUFFICIENT_CREDITS' }, message: expect.stringContaining('Insufficient credits') });

    // Every started beat finishes, and none is refunded.
    for (;;) {
      const [jobs] = await sql<{ open: number; failed: number }>(
        `select count(*) filter (where status in ('queued', 'running'))::int as open, count(*) filter (where status = 'failed')::int as failed from generation_jobs where owner_id = ?`,
        [me.id],
      );
      expect(jobs.failed).toBe(0);
      if (jobs.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [row] = await sql<{ balance: number; sum: number; spends: number }>(
      `select credits as balance, (select coalesce(sum(delta), 0)::int from token_ledger where user_id = b.user_id) as sum,
              (select count(*)::int from token_ledger where user_id = b.user_id and kind = 'spend') as spends from billing_accounts b where user_id = ?`,
      [me.id],
    );
    expect(row).toEqual({ balance: 0, sum: 0, spends: 5 });
    // Every balance the ledger ever recorded is 0 or more.
    const [lowest] = await sql<{ min: number }>('select min(balance_after)::int as min from token_ledger where user_id = ?', [me.id]);
    expect(lowest.min).toBeGreaterThanOrEqual(0);
  }, 120_000);
});
