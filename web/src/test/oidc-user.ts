import { User } from 'oidc-client-ts';
import { TEST_CLIENT_CONFIG } from './test-config';

/** Where oidc-client-ts keeps the signed-in user, in session storage (WebStorageStateStore's `oidc.` prefix). */
export const OIDC_USER_KEY = `oidc.user:${TEST_CLIENT_CONFIG.oidc.authority}:${TEST_CLIENT_CONFIG.oidc.clientId}`;

/**
 * An ID token as the provider would issue it for the test client (unsigned: oidc-client-ts decodes
 * ID tokens and checks their claims, never their signature, which the token endpoint vouches for).
 */
export function testIdToken(claims: { sub: string; email?: string; preferred_username?: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = { iss: TEST_CLIENT_CONFIG.oidc.authority, aud: TEST_CLIENT_CONFIG.oidc.clientId, iat: now, exp: now + 3600, ...claims };
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

export interface StoredLogin {
  readonly accessToken?: string;
  /** Seconds until the access token expires; negative for an expired one. */
  readonly expiresIn?: number;
  /** A refresh token, as an external provider may give one; none by default (the built-in provider gives none). */
  readonly refreshToken?: string;
  readonly email?: string;
  readonly username?: string;
  readonly sub?: string;
}

/**
 * Stores a login in this tab's session storage exactly as oidc-client-ts does after a sign-in, so
 * the app's real UserManager finds it at boot.
 */
export function storeLogin(login: StoredLogin = {}): User {
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    access_token: login.accessToken ?? 'access-1',
    refresh_token: login.refreshToken,
    token_type: 'Bearer',
    scope: TEST_CLIENT_CONFIG.oidc.scope,
    id_token: testIdToken({ sub: login.sub ?? 'user-1', email: login.email ?? 'demo@ysm.local', preferred_username: login.username ?? 'demo' }),
    session_state: null,
    expires_at: now + (login.expiresIn ?? 3600),
    profile: {
      iss: TEST_CLIENT_CONFIG.oidc.authority,
      aud: TEST_CLIENT_CONFIG.oidc.clientId,
      sub: login.sub ?? 'user-1',
      iat: now - 60,
      exp: now + 3600,
      email: login.email ?? 'demo@ysm.local',
      preferred_username: login.username ?? 'demo',
    },
  });
  window.sessionStorage.setItem(OIDC_USER_KEY, user.toStorageString());
  return user;
}

/** Whether a sign-in redirect was started: oidc-client-ts stores its request state before leaving. */
export function signinRequestStarted(): boolean {
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index) ?? '';
    if (key.startsWith('oidc.') && (window.localStorage.getItem(key) ?? '').includes('"request_type":"si:r"')) return true;
  }
  return false;
}
