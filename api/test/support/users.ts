import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { signInThroughProvider } from './oidc-login';
import type { ApiUnderTest, TestApp } from './test-app';

export interface SignedInUser {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly accessToken: string;
  /** The ID token the provider gave the web client (audience: the client id). */
  readonly idToken: string;
}

/**
 * The confirmation link the api mailed to `email` last: read from the mail outbox (the mail's own
 * text), so it does not wait for the dispatcher or a mail server.
 */
export async function confirmationLink(test: ApiUnderTest, email: string): Promise<string> {
  const client = new Client({ connectionString: test.config.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ text: string }>(
      `select text from mail_outbox where to_address = $1 and dedup_key like 'email-confirmation:%' order by created_at desc limit 1`,
      [email.toLowerCase()],
    );
    const link = rows[0] && /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(rows[0].text)?.[0];
    if (!link) throw new Error(`no confirmation mail to ${email}`);
    return link;
  } finally {
    await client.end();
  }
}

/** Opens the account's confirmation link as its owner would (the free tokens start with it). */
export async function confirmEmail(test: ApiUnderTest, email: string): Promise<void> {
  const response = await fetch(await confirmationLink(test, email));
  if (response.status !== 200) throw new Error(`confirmation link answered ${response.status}`);
}

/**
 * Registers a new account through the built-in provider's real forms, confirms its email (leave
 * `confirm` false to keep it unconfirmed, without free tokens) and signs it in.
 */
export async function registerAndSignIn(test: ApiUnderTest, name = 'user', options: { confirm?: boolean } = {}): Promise<SignedInUser> {
  const suffix = randomBytes(4).toString('hex');
  const username = `${name}_${suffix}`;
  const email = `${username}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const tokens = await signInThroughProvider({
    issuer: test.config.auth.issuer,
    clientId: test.config.auth.clientId,
    redirectUri: test.config.webOrigin,
    login: email,
    password,
    register: { email, username },
  });
  if (options.confirm !== false) await confirmEmail(test, email);
  return { email, username, password, accessToken: tokens.accessToken, idToken: tokens.idToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Subscription levels (requirements §L4): 1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise. */
export const PLAN_LEVEL = { free: 1, earlyAccess: 2, premium: 3, enterprise: 4 } as const;

/**
 * Puts an account on a plan level directly (as an admin's change does), for tests whose subject is
 * not the subscription itself: exclusives and uploads need Premium (plan-gates.ts).
 */
export async function setPlanLevel(test: Pick<TestApp, 'app'>, email: string, level: number): Promise<void> {
  const changed = await test.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, updated_at) select id, ?, now() from users where email = ? on conflict (user_id) do update set level = excluded.level returning user_id`, [level, email]);
  if (changed.length !== 1) throw new Error(`no account ${email}`);
}

/** A new signed-in account on Premium. */
export async function registerPremium(test: TestApp, name = 'premium'): Promise<SignedInUser> {
  const user = await registerAndSignIn(test, name);
  await setPlanLevel(test, user.email, PLAN_LEVEL.premium);
  return user;
}

/**
 * Subscribes the user to a paid plan through the real path of an install without Stripe: the
 * checkout request, then the local checkout's Pay (its address taken on `test`'s origin, so a second
 * instance of an install pays on itself). For any api under test, with no database access.
 */
export async function subscribeLocally(test: ApiUnderTest, user: Pick<SignedInUser, 'accessToken'>, priceId = 'premium'): Promise<void> {
  const started = await fetch(`${test.url}/subscription-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(user.accessToken) },
    body: JSON.stringify({ price_id: priceId }),
  });
  if (started.status !== 200) throw new Error(`checkout for ${priceId}: ${started.status} ${await started.text()}`);
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  const paid = await fetch(`${test.url}${new URL(checkoutUrl).pathname}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`local checkout Pay: ${paid.status} ${await paid.text()}`);
}
