import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { signInThroughProvider } from './oidc-login';
import type { ApiUnderTest } from './test-app';

export interface SignedInUser {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly accessToken: string;
  readonly refreshToken: string;
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
  return { email, username, password, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
