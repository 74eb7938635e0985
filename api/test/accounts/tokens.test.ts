import { startTestApp, type TestApp } from '../support/test-app';

let test: TestApp;
beforeAll(async () => (test = await startTestApp()));
afterAll(() => test?.close());

const newUser = async (tokens: number) => {
  const user = await test.app.services.accounts.register({
    email: `t${Math.random().toString(36).slice(2)}@example.com`,
    username: `t${Math.random().toString(36).slice(2, 12)}`,
    password: 'long enough password',
  });
  await test.app.orm.em.fork().getConnection().execute('UPDATE users SET tokens_remaining = ? WHERE id = ?', [tokens, user.id]);
  return user.id;
};

describe('token balance', () => {
  it('20 parallel spends with 5 tokens left: exactly 5 succeed and the balance ends at 0', async () => {
    const id = await newUser(5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => test.app.services.accounts.spendToken(id)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(5);
    expect(won.map((r) => (r as PromiseFulfilledResult<number>).value).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const lost of results.filter((r) => r.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: expect.stringContaining('Insufficient credits') });
    }
    expect((await test.app.services.accounts.getById(id)).tokensRemaining).toBe(0);
  });

  it('a refund gives the token back', async () => {
    const id = await newUser(1);
    expect(await test.app.services.accounts.spendToken(id)).toBe(0);
    expect(await test.app.services.accounts.refundToken(id)).toBe(1);
  });

  it('an unknown account is NOT_FOUND, not "insufficient"', async () => {
    await expect(test.app.services.accounts.spendToken('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
