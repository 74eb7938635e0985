import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { useUserManager } from '../../../app/auth/AppAuthProvider';
import type { CreateAccessTokenInput } from '../../../generated/graphql';

/** The api's reason when creating or extending a token needs a sign-in within the last minutes. */
export const RECENT_SIGN_IN_REQUIRED = 'recent_sign_in_required';

/** Where the action waiting for the new sign-in is kept (this tab only, gone when it is done). */
export const PENDING_TOKEN_ACTION_KEY = 'ysm:pending-token-action';

/** What the page was doing when the api asked for a recent sign-in; it is done once the user is back. */
export type PendingTokenAction =
  | { readonly kind: 'create'; readonly input: CreateAccessTokenInput }
  | { readonly kind: 'extend'; readonly id: string; readonly name: string; readonly expiresInDays: number };

export const needsRecentSignIn = (error: unknown) => graphQLFailure(error)?.reason === RECENT_SIGN_IN_REQUIRED;

/** The waiting action, removed as it is read (so it runs once). */
export function takePendingTokenAction(storage: Storage = window.sessionStorage): PendingTokenAction | null {
  const raw = storage.getItem(PENDING_TOKEN_ACTION_KEY);
  if (raw === null) return null;
  storage.removeItem(PENDING_TOKEN_ACTION_KEY);
  try {
    const action = JSON.parse(raw) as PendingTokenAction;
    return action.kind === 'create' || action.kind === 'extend' ? action : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the action, then sends the browser to the identity provider asking for the password even
 * though the session is live (`prompt=login`, `max_age=0`); the sign-in comes back to this page,
 * which finishes the action.
 */
export function useSignInAgain(): (action: PendingTokenAction) => Promise<void> {
  const userManager = useUserManager();
  const { pathname, search } = useLocation();
  return useCallback(
    async (action: PendingTokenAction) => {
      window.sessionStorage.setItem(PENDING_TOKEN_ACTION_KEY, JSON.stringify(action));
      await userManager.signinRedirect({ prompt: 'login', max_age: 0, state: { returnTo: `${pathname}${search}` } });
    },
    [userManager, pathname, search],
  );
}
