import { useCallback, useRef } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { useLogout } from '../../../app/auth/use-logout';

/**
 * Requirements §L8 "Profile 401": alert the server's message, then log out. Fires once, however many
 * requests of the page are refused together.
 */
export function useUnauthenticatedAlert(): (error: unknown) => void {
  const logout = useLogout();
  const fired = useRef(false);
  return useCallback(
    (error: unknown) => {
      if (fired.current) return;
      fired.current = true;
      window.alert(graphQLFailure(error)?.message ?? 'Your session has ended. Please log in again.');
      void logout();
    },
    [logout],
  );
}
