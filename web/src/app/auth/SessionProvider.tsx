import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from 'oidc-client-ts';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router-dom';
import { LOGOUT_LANDING } from '../router/paths';
import { describeSigninError, isLoginRequired } from './auth-errors';
import { createAuthSession, type AuthSession } from './auth-session';
import { SIGNED_IN_HINT, USER_DATA_SENT_FLAG } from './auth-storage';
import { useUserManager } from './AppAuthProvider';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionContextValue {
  readonly status: SessionStatus;
  /** The signed-in user's OIDC record (claims in `profile`); null when signed out. */
  readonly user: User | null;
  readonly getAccessToken: AuthSession['getAccessToken'];
  readonly endLocalSession: AuthSession['endLocalSession'];
  /** Sends the browser to the identity provider's sign-in page. */
  readonly signIn: () => Promise<void>;
  /** The last sign-in or token failure, in the spec's words (Login failed, Invalid state, ...). */
  readonly loginError: string | null;
  readonly clearLoginError: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/**
 * Turns react-oidc-context's state into the app's session: renews an expired stored login before
 * deciding whether anyone is signed in, applies the session-expiry and login_required rules to
 * every failed renewal, and records sign-in errors. Lives inside the router to navigate.
 */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const auth = useAuth();
  const userManager = useUserManager();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  const [loginError, setLoginError] = useState<string | null>(null);
  const [restoreFailed, setRestoreFailed] = useState(false);

  // The session only calls onExpired from a timer after a sign-out, never while rendering, so it reads
  // the ref outside render as refs must be read.
  // eslint-disable-next-line react-hooks/refs -- the ref is read in a later callback, not during render
  const [session] = useState(() =>
    createAuthSession({
      userManager,
      onExpired: () => void navigateRef.current(LOGOUT_LANDING, { replace: true }),
      onError: (message, error) => {
        console.error(message, error);
        setLoginError(message);
      },
    }),
  );

  // Failures of the automatic renewal that runs shortly before the access token expires.
  useEffect(() => {
    const onRenewError = (error: Error) => session.handleRenewalError(error);
    userManager.events.addSilentRenewError(onRenewError);
    return () => userManager.events.removeSilentRenewError(onRenewError);
  }, [session, userManager]);

  // Sign-in failures (the redirect callback, starting a redirect); renewals are handled above. A new
  // sign-in error becomes the login error while rendering (state adjusted on a change of auth.error);
  // the effect below does the side effects.
  const [seenAuthError, setSeenAuthError] = useState<typeof auth.error>(undefined);
  if (auth.error !== seenAuthError) {
    setSeenAuthError(auth.error);
    if (auth.error && auth.error.source !== 'renewSilent' && !isLoginRequired(auth.error)) setLoginError(describeSigninError(auth.error));
  }
  useEffect(() => {
    const error = auth.error;
    if (!error || error.source === 'renewSilent') return;
    if (isLoginRequired(error)) {
      // Requirements §L4: the provider wants an interactive sign-in; sign out quietly, without navigating.
      session.endLocalSession().catch((cause: unknown) => console.error('Failed to remove the stored user.', cause));
      return;
    }
    console.error('Login error', error);
  }, [auth.error, session]);

  // A stored login whose access token has expired (the tab was asleep, or reloaded after an hour) is
  // renewed before the app decides the visitor is signed out; automatic renewal only runs before expiry.
  const storedUser = auth.user ?? null;
  const needsRestore = !auth.isLoading && !restoreFailed && storedUser !== null && storedUser.expired === true;
  useEffect(() => {
    if (!needsRestore) return;
    session.getAccessToken().catch(() => setRestoreFailed(true));
  }, [needsRestore, session]);

  // A tab that starts without a user (a new tab: tokens live in each tab's session storage) asks the
  // provider's session for them when someone signed in in this browser, before showing the visitor as
  // signed out. Decided once, when the stored user is known: a later sign-out never resumes.
  const [resumeDecided, setResumeDecided] = useState(() => window.localStorage.getItem(SIGNED_IN_HINT) === null);
  if (!resumeDecided && !auth.isLoading && storedUser !== null) setResumeDecided(true);
  const needsResume = !resumeDecided && !auth.isLoading && storedUser === null;
  useEffect(() => {
    if (!needsResume) return;
    // One attempt per session object, however often the effect runs.
    void session.resumeSession().finally(() => setResumeDecided(true));
  }, [needsResume, session]);

  const status: SessionStatus = auth.isLoading || needsRestore || needsResume ? 'loading' : auth.isAuthenticated ? 'authenticated' : 'anonymous';

  // Requirements §L4: signed out or unauthenticated clears the sent-user-data flag.
  useEffect(() => {
    if (status === 'anonymous') window.localStorage.removeItem(USER_DATA_SENT_FLAG);
    if (status === 'authenticated') session.rememberSignIn();
  }, [status, session]);

  // react-oidc-context's methods are bound and stable; taken out so that signIn depends on the
  // method, not on the auth state that changes with every event.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- bound by react-oidc-context
  const { signinRedirect } = auth;
  const signIn = useCallback(async () => {
    setLoginError(null);
    await signinRedirect();
  }, [signinRedirect]);
  const clearLoginError = useCallback(() => setLoginError(null), []);

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      user: status === 'authenticated' ? storedUser : null,
      getAccessToken: session.getAccessToken,
      endLocalSession: session.endLocalSession,
      signIn,
      loginError,
      clearLoginError,
    }),
    [status, storedUser, session, signIn, loginError, clearLoginError],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
