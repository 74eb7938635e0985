import { createContext, useContext, useState, type ReactNode } from 'react';
import type { User, UserManager } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import { useRuntimeConfig } from '../config/RuntimeConfigProvider';
import { createUserManager } from './create-user-manager';

const UserManagerContext = createContext<UserManager | null>(null);

/** The app's one UserManager, for token renewal outside react-oidc-context's loading state. */
export function useUserManager(): UserManager {
  const userManager = useContext(UserManagerContext);
  if (!userManager) throw new Error('useUserManager must be used inside AppAuthProvider');
  return userManager;
}

/** A path of this app a sign-in asked to come back to (never another origin). */
function returnPathOf(user: User | undefined): string | null {
  const returnTo = (user?.state as { returnTo?: unknown } | undefined)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;
}

/**
 * After the login redirect: drop `code` and `state` from the address so a reload cannot replay
 * them, and go back to the page that asked for the sign-in, if one did (the reload after a login
 * redirect then opens it).
 */
function removeAuthParamsFromUrl(user: User | undefined): void {
  const returnTo = returnPathOf(user);
  if (returnTo) {
    window.history.replaceState(window.history.state, document.title, returnTo);
    return;
  }
  const url = new URL(window.location.href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  url.searchParams.delete('session_state');
  url.searchParams.delete('iss');
  window.history.replaceState(window.history.state, document.title, `${url.pathname}${url.search}${url.hash}`);
}

/** react-oidc-context over one UserManager built from GET /client-config. */
export function AppAuthProvider({ children }: { readonly children: ReactNode }) {
  const config = useRuntimeConfig();
  const [userManager] = useState(() => createUserManager(config));
  return (
    <UserManagerContext.Provider value={userManager}>
      <AuthProvider userManager={userManager} onSigninCallback={removeAuthParamsFromUrl}>
        {children}
      </AuthProvider>
    </UserManagerContext.Provider>
  );
}
