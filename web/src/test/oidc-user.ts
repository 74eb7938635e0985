import { User } from 'oidc-client-ts';
import { TEST_CLIENT_CONFIG } from './test-config';

/** Where oidc-client-ts keeps the signed-in user (WebStorageStateStore's `oidc.` prefix). */
export const OIDC_USER_KEY = `oidc.user:${TEST_CLIENT_CONFIG.oidc.authority}:${TEST_CLIENT_CONFIG.oidc.clientId}`;

export interface StoredLogin {
  readonly accessToken?: string;
  /** Seconds until the access token expires; negative for an expired one. */
  readonly expiresIn?: number;
  /** null stores a login without a refresh token. */
  readonly refreshToken?: string | null;
  readonly email?: string;
  readonly username?: string;
  readonly sub?: string;
}

/**
 * Stores a login in local storage exactly as oidc-client-ts does after a sign-in, so the app's
 * real UserManager finds it at boot.
 */
export function storeLogin(login: StoredLogin = {}): User {
  const now = Math.floor(Date.now() / 1000);
  const user = new User({
    access_token: login.accessToken ?? 'access-1',
    refresh_token: login.refreshToken === null ? undefined : (login.refreshToken ?? 'refresh-1'),
    token_type: 'Bearer',
    scope: TEST_CLIENT_CONFIG.oidc.scope,
    id_token: 'id-token-1',
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
  window.localStorage.setItem(OIDC_USER_KEY, user.toStorageString());
  return user;
}

/** Whether a sign-in redirect was started: oidc-client-ts stores its request state before leaving. */
export function signinRequestStarted(): boolean {
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index) ?? '';
    if (key.startsWith('oidc.') && key !== OIDC_USER_KEY && (window.localStorage.getItem(key) ?? '').includes('"request_type":"si:r"')) return true;
  }
  return false;
}
