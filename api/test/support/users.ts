import { randomBytes } from 'node:crypto';
import { signInThroughProvider } from './oidc-login';
import type { ApiUnderTest } from './test-app';

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
