import { User } from '../../src/modules/accounts/user.entity';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';

// Every authenticated request resolves its token's account through a plain query (accounts.service
// userBySubject): the account it gives must be the one the ORM loads, field for field and type for type.
let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test?.close());

describe('resolving a token to its account', () => {
  it('gives the account the ORM loads, every field of the same value and type, without the password hash', async () => {
    const frank = await registerAndSignIn(test, 'frank_resolve');
    const sub = JSON.parse(Buffer.from(frank.accessToken.split('.')[1], 'base64url').toString()).sub as string;
    // A cycle in force (so no renewal writes meanwhile), a profile, nulls and dates of each kind.
    await test.app.orm.em.fork().getConnection().execute(
      "update users set fname = 'Frank', country = 'France' where subject = ?",
      [sub],
    );
    await test.app.orm.em.fork().getConnection().execute(
      `insert into billing_accounts (user_id, credits, level, cycle_start, cycle_end, updated_at)
       select id, 42, 3, now() - interval '1 day', now() + interval '29 days', now() from users where subject = ?
       on conflict (user_id) do update set credits = excluded.credits, level = excluded.level, cycle_start = excluded.cycle_start, cycle_end = excluded.cycle_end`,
      [sub],
    );
    const resolved = await test.app.services.resolveUser({ sub, scopes: [] } as never);
    const loaded = await test.app.orm.em.fork().findOneOrFail(User, { subject: sub });
    expect(resolved).toBeInstanceOf(User);
    expect(resolved.passwordHash).toBeUndefined();
    for (const key of Object.keys(loaded) as (keyof User)[]) {
      if (key === 'passwordHash') continue;
      expect([key, resolved[key]]).toEqual([key, loaded[key]]);
    }
    expect(resolved.createdAt).toBeInstanceOf(Date);
    // Billing's state is billing's: the account answers who, billing answers the plan and credits.
    expect(await test.app.services.billingAccounts.stateOf(resolved.id)).toMatchObject({ level: 3, credits: 42, cycleEnd: expect.any(Date) });
    expect(resolved.fname).toBe('Frank');
  });

  it('creates the account of a subject it has never seen, once, and finds it after', async () => {
    const token = { sub: 'external|resolve-1', email: 'resolve1@example.com', emailVerified: true, username: 'resolve1', scopes: [] } as never;
    const [a, b] = await Promise.all([test.app.services.resolveUser(token), test.app.services.resolveUser(token)]);
    expect(a.id).toBe(b.id);
    const again = await test.app.services.resolveUser(token);
    expect(again.id).toBe(a.id);
    expect(again.email).toBe('resolve1@example.com');
  });
});
