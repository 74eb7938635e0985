import { randomBytes } from 'node:crypto';
import { signInThroughProvider } from './oidc-login';
import type { ApiUnderTest, TestApp } from './test-app';

export interface SignedInUser {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** Registers a new account through the built-in provider's real forms and signs it in. */
export async function registerAndSignIn(test: ApiUnderTest, name = 'user'): Promise<SignedInUser> {
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
  return { email, username, password, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Subscription levels (spec 1 §4): 1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise. */
export const PLAN_LEVEL = { free: 1, earlyAccess: 2, premium: 3, enterprise: 4 } as const;

/**
 * Puts an account on a plan level directly (as an admin's change does), for tests whose subject is
 * not the subscription itself: exclusives and uploads need Premium (plan-gates.ts).
 */
export async function setPlanLevel(test: Pick<TestApp, 'app'>, email: string, level: number): Promise<void> {
  const changed = await test.app.orm.em.fork().getConnection().execute('update users set subscription_level = ? where email = ? returning id', [level, email]);
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
