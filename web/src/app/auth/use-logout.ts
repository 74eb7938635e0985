import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '../api/use-api-client';
import { LOGOUT_LANDING } from '../router/paths';
import { useSession } from './SessionProvider';

/**
 * Requirements §L4: tell the api (POST /auth/logout ends the sessions at the identity provider), then
 * forget the user locally and land on /welcome?from=logout, even when the api call failed.
 */
export function useLogout(): () => Promise<void> {
  const api = useApiClient();
  const { endLocalSession } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.request('/auth/logout', { method: 'POST' });
    } catch (error) {
      console.error('Failed to log out from backend.', error);
    }
    try {
      await endLocalSession();
    } finally {
      // Not awaited: the landing page takes over; the router reports its own navigation failures.
      void navigate(LOGOUT_LANDING, { replace: true });
    }
  }, [api, endLocalSession, navigate]);
}
