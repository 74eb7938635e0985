/** Set once the signed-in user's email and username were sent to the api (requirements §L7). */
export const USER_DATA_SENT_FLAG = 'ysm:user-data-sent';
/** Set while the one reload after a login redirect is pending (requirements §L4). */
export const POST_LOGIN_REFRESH_FLAG = 'ysm:post-login-refresh';
/**
 * Set (in local storage, no token in it) once someone signed in in this browser: a new tab, whose
 * session storage holds no tokens, then asks the provider's session for them before showing the
 * visitor as signed out. Removed with the other per-login flags.
 */
export const SIGNED_IN_HINT = 'ysm:signed-in';
/** Where oidc-client-ts kept the user before it moved to session storage (with a refresh token). */
const LEGACY_USER_KEY_PREFIX = 'oidc.user:';

// Requirements §L4 "Session expiry": entries whose key mentions auth0 or user go (Auth0's SDK cache,
// oidc-client-ts's `oidc.user:<authority>:<client>` record), and so do separately stored id tokens.
const SESSION_KEY_PATTERN = /auth0|user/i;
const ID_TOKEN_KEYS = ['id_token', 'idToken'];

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Removes the per-login flags. */
export function clearSessionFlags(local: Storage): void {
  local.removeItem(USER_DATA_SENT_FLAG);
  local.removeItem(POST_LOGIN_REFRESH_FLAG);
  local.removeItem(SIGNED_IN_HINT);
}

/**
 * Removes users an earlier version of the app kept in local storage (tokens any script of the
 * origin could read, shared by every tab, outliving the browser session). The session storage
 * user, the sign-in requests in progress and everything else stay.
 */
export function removeLegacyStoredUsers(local: Storage): void {
  for (const key of keysOf(local)) {
    if (key.startsWith(LEGACY_USER_KEY_PREFIX)) local.removeItem(key);
  }
}

/**
 * Clears what a dead session left in the browser: local and session storage entries whose key
 * contains `auth0` or `user` (any case), stored id tokens, and the per-login flags. Other entries stay.
 */
export function clearStoredSession(local: Storage, session: Storage): void {
  for (const storage of [local, session]) {
    for (const key of keysOf(storage)) {
      if (SESSION_KEY_PATTERN.test(key) || ID_TOKEN_KEYS.includes(key)) storage.removeItem(key);
    }
  }
  clearSessionFlags(local);
}
