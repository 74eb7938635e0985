import { useMemo } from 'react';
import { useSession } from '../auth/SessionProvider';
import { useRuntimeConfig } from '../config/RuntimeConfigProvider';
import { createApiClient, type ApiClient } from './api-client';

/** The REST client bound to this app's api origin and session. */
export function useApiClient(): ApiClient {
  const { apiUrl } = useRuntimeConfig();
  const { getAccessToken } = useSession();
  return useMemo(() => createApiClient({ baseUrl: apiUrl, getAccessToken }), [apiUrl, getAccessToken]);
}
