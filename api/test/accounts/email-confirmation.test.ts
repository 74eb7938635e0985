import { startTestApp, type TestApp } from '../support/test-app';
import { confirmationLink, registerAndSignIn, type SignedInUser } from '../support/users';
import { graphql } from '../support/graphql-client';

let test: TestApp;
beforeAll(async () => (test = await startTestApp()));
afterAll(() => test?.close());

interface Me {
  me: { id: string; tokensRemaining: number; emailConfirmationPending: boolean };
}
const me = async (user: SignedInUser) => (await graphql<Me>(test.url, '{ me { id tokensRemaining emailConfirmationPending } }', {}, user.accessToken)).data!.me;
const ledger = (userId: string) =>
  test.app.orm.em.fork().getConnection().execute<{ kind: string; delta: number }[]>('select kind, delta from token_ledger where user_id = ? order by created_at', [userId]);
const resend = (user: SignedInUser) => graphql<{ resendEmailConfirmation: string }>(test.url, 'mutation { resendEmailConfirmation }', {}, user.accessToken);
const confirmationMails = async (email: string) =>
  (await test.app.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from mail_outbox where to_address = ? and dedup_key like 'email-confirmation:%'`, [email]))[0].n;

describe('free tokens wait for a confirmed email', () => {
  it('gives a new account no tokens until its owner opens the mailed link, then the Free allowance once', async () => {
    const user = await registerAndSignIn(test, 'unconfirmed', { confirm: false });
    const before = await me(user);
    expect(before).toMatchObject({ tokensRemaining: 0, emailConfirmationPending: true });
    const generation = await graphql(test.url, 'mutation { generateBeat(prompt: "trap type beat") { id } }', {}, user.accessToken);
    expect(generation.errors?.[0].extensions?.code).toBe('INSUFFICIENT_CREDITS');
    expect(await ledger(before.id)).toEqual([]);

    const link = await confirmationLink(test, user.email);
    expect(link.startsWith(`${test.config.auth.issuer}/confirm-email?token=`)).toBe(true);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Email address confirmed');

    expect(await me(user)).toMatchObject({ tokensRemaining: 25, emailConfirmationPending: false });
    // The link again, and more requests: still one grant.
    expect(await (await fetch(link)).text()).toContain('Email address already confirmed');
    await Promise.all([me(user), me(user), me(user)]);
    expect(await ledger(before.id)).toEqual([{ kind: 'cycle', delta: 25 }]);
  });

  it('refuses an altered link and leaves the account unconfirmed', async () => {
    const user = await registerAndSignIn(test, 'altered', { confirm: false });
    const link = await confirmationLink(test, user.email);
    const altered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const page = await fetch(altered);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This confirmation link does not work');
    expect(await me(user)).toMatchObject({ tokensRemaining: 0, emailConfirmationPending: true });
  });

  it('mails a new link on request, three an hour, and none once the address is confirmed', async () => {
    const user = await registerAndSignIn(test, 'resend', { confirm: false });
    expect(await confirmationMails(user.email)).toBe(1);
    for (let i = 0; i < 3; i += 1) {
      expect((await resend(user)).data?.resendEmailConfirmation).toBe(`We sent a new confirmation link to ${user.email}.`);
    }
    expect(await confirmationMails(user.email)).toBe(4);
    const refused = await resend(user);
    expect(refused.errors?.[0]).toMatchObject({ message: 'We have sent several links already. Ask again in 60 minutes.', extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(await confirmationMails(user.email)).toBe(4);
    // Any of the links works (the latest here).
    expect((await fetch(await confirmationLink(test, user.email))).status).toBe(200);
    expect((await resend(user)).errors?.[0]).toMatchObject({ message: 'Your email address is already confirmed.', extensions: { code: 'CONFLICT' } });
  });

  it('does not hold back an account that already had its tokens (accounts from before confirmation existed)', async () => {
    const user = await registerAndSignIn(test, 'legacy', { confirm: false });
    const { id } = await me(user);
    // As such an account stands: a cycle started, the address never confirmed.
    await test.app.services.credits.ensureCycle(id);
    expect(await me(user)).toMatchObject({ tokensRemaining: 25, emailConfirmationPending: false });
  });

  it('needs a session to ask for a link', async () => {
    expect((await graphql(test.url, 'mutation { resendEmailConfirmation }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
