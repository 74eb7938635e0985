import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../app/api/api-client';
import { useApiClient } from '../../../app/api/use-api-client';
import { paths } from '../../../app/router/paths';
import { loadDashboard, type Dashboard, type DashboardQuery } from '../admin-api';

const FIRST: DashboardQuery = { users: 1, subscriptions: 1, producers: 1, orders: 1, payments: 1, audit: 1, search: '' };

export type ListName = Exclude<keyof DashboardQuery, 'search'>;

/**
 * The dashboard's data: every list and total loads together on mount and whenever a page (or the
 * search) changes. A 401 (the session is gone) sends the user to /welcome, replacing history (spec
 * 2 §8); a 403 (signed in, not an admin) sets `forbidden`, so the page says "Admins only" instead of
 * dropping the user on the landing page without a word. Other failures are logged and leave what was shown.
 */
export function useAdminDashboard() {
  const api = useApiClient();
  const navigate = useNavigate();
  const [query, setQuery] = useState<DashboardQuery>(FIRST);
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  const [forbidden, setForbidden] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let current = true;
    void loadDashboard(api, query).then(
      (loaded) => {
        if (!current) return;
        setData(loaded);
        setFailed(false);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 403) {
          setForbidden(true);
          return;
        }
        if (error instanceof ApiError && error.status === 401) {
          void navigate(paths.welcome, { replace: true });
          return;
        }
        console.error('Admin dashboard failed to load:', error);
        setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [api, navigate, query, reloads]);

  const setPage = useCallback((list: ListName, page: number) => setQuery((q) => ({ ...q, [list]: Math.max(1, page) })), []);
  const setSearch = useCallback((search: string) => setQuery((q) => ({ ...q, search, users: 1 })), []);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return { api, query, data, failed, forbidden, setForbidden, setPage, setSearch, reload };
}
