import type { User, UserManager } from 'oidc-client-ts';
import { TOKEN_FAILED, isLoginRequired, isRefreshTokenFailure } from './auth-errors';
import { SIGNED_IN_HINT, clearSessionFlags, clearStoredSession } from './auth-storage';

/** Requirements §L9: how long after clearing an expired session the browser goes to the welcome page. */
export const SESSION_EXPIRY_REDIRECT_MS = 100;

export interface AuthSessionDeps {
  readonly userManager: UserManager;
  /** Goes to /welcome?from=logout; called once, SESSION_EXPIRY_REDIRECT_MS after the session is cleared. */
  readonly onExpired: () => void;
  /** Records a failure the user should hear about (requirements §L4 "A login error is recorded"). */
  readonly onError: (message: string, error: unknown) => void;
  readonly localStorage?: Storage;
  readonly sessionStorage?: Storage;
}

export interface AuthSession {
  /**
   * The current access token, renewed when it has expired (a hidden prompt=none frame that the
   * provider's session cookie answers; a refresh token where an external provider gave one); null
   * when signed out.
   */
  getAccessToken(this: void): Promise<string | null>;
  /** Applies the spec's rules to a failed token renewal (automatic or on demand). */
  handleRenewalError(this: void, error: unknown): void;
  /** Forgets the signed-in user and the per-login flags, without navigating. */
  endLocalSession(this: void): Promise<void>;
  /**
   * For a tab that starts with no user (tokens live in each tab's session storage): when someone
   * signed in in this browser, asks the provider's session for tokens in the hidden frame. Resolves
   * true when it did; a provider session that has ended (login_required) forgets the sign-in. Runs
   * once per session, however often it is called.
   */
  resumeSession(this: void): Promise<boolean>;
  /** Records that someone is signed in in this browser (no token: SIGNED_IN_HINT). */
  rememberSignIn(this: void): void;
}

/** Thrown to callers that needed a token when none could be had. */
export class AccessTokenError extends Error {
  override name = 'AccessTokenError';
  constructor(readonly reason: unknown) {
    super(TOKEN_FAILED);
  }
}

/**
 * The browser side of a session, outside React so the Apollo links and the REST client share it:
 * one renewal at a time however many requests need a token, and the session-expiry rule applied
 * at most once.
 */
export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const local = deps.localStorage ?? window.localStorage;
  const session = deps.sessionStorage ?? window.sessionStorage;
  const { userManager } = deps;
  let expired = false;
  let renewal: Promise<User> | null = null;

  const endLocalSession = async () => {
    clearSessionFlags(local);
    await userManager.removeUser();
  };

  const expire = () => {
    if (expired) return;
    expired = true;
    clearStoredSession(local, session);
    // Removing the user also tells react-oidc-context, so the UI shows the signed-out state at once.
    userManager.removeUser().catch((error: unknown) => console.error('Failed to remove the stored user.', error));
    setTimeout(deps.onExpired, SESSION_EXPIRY_REDIRECT_MS);
  };

  const handleRenewalError = (error: unknown) => {
    if (isRefreshTokenFailure(error)) {
      expire();
    } else if (isLoginRequired(error)) {
      // The provider wants an interactive sign-in: sign out quietly and stay on the page.
      endLocalSession().catch((cause: unknown) => console.error('Failed to remove the stored user.', cause));
    } else {
      deps.onError(TOKEN_FAILED, error);
    }
  };

  const renew = (): Promise<User> => {
    if (renewal) return renewal;
    renewal = (async () => {
      // oidc-client-ts uses the refresh token when the user has one, the hidden frame otherwise.
      const renewed = await userManager.signinSilent();
      if (!renewed) throw new Error(TOKEN_FAILED);
      return renewed;
    })()
      .catch((error: unknown) => {
        handleRenewalError(error);
        throw new AccessTokenError(error);
      })
      .finally(() => {
        renewal = null;
      });
    return renewal;
  };

  const getAccessToken = async () => {
    if (expired) return null;
    const user = await userManager.getUser();
    if (!user) return null;
    if (!user.expired) return user.access_token;
    return (await renew()).access_token;
  };

  let resumption: Promise<boolean> | null = null;
  const resumeSession = () => {
    resumption ??= (async () => {
      if (expired || local.getItem(SIGNED_IN_HINT) === null) return false;
      try {
        return (await userManager.signinSilent()) !== null;
      } catch (error) {
        // The provider's session has ended: nobody is signed in in this browser any more.
        if (isLoginRequired(error)) clearSessionFlags(local);
        // Otherwise (offline, a timeout) this tab starts signed out; signing in needs no password then.
        else console.error('Could not resume the session.', error);
        return false;
      }
    })();
    return resumption;
  };

  const rememberSignIn = () => local.setItem(SIGNED_IN_HINT, 'true');

  return { getAccessToken, handleRenewalError, endLocalSession, resumeSession, rememberSignIn };
}
