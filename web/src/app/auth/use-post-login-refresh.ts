import { useEffect, useState } from 'react';
import { pageNavigation } from '../browser/page-navigation';
import { POST_LOGIN_REFRESH_FLAG } from './auth-storage';

/** Requirements §L9: the reload after a login redirect, and the longest the overlay may stay for it. */
export const POST_LOGIN_RELOAD_MS = 3000;
export const POST_LOGIN_OVERLAY_MAX_MS = 10_000;

type Plan = 'reload' | 'clear-flag' | 'none';

/**
 * Requirements §L4 "After login redirect": when the address has a `code` and no flag is stored, set the
 * flag and reload once after 3 seconds, showing the overlay meanwhile (10 seconds at most); when
 * the flag is set and the code is gone, remove the flag. Returns whether the overlay should show.
 */
export function usePostLoginRefresh(): boolean {
  // Read once, at the first render: the sign-in callback removes `code` from the address right after.
  const [plan] = useState<Plan>(() => {
    const hasCode = new URLSearchParams(window.location.search).has('code');
    const flagged = window.localStorage.getItem(POST_LOGIN_REFRESH_FLAG) !== null;
    if (hasCode && !flagged) return 'reload';
    if (flagged && !hasCode) return 'clear-flag';
    return 'none';
  });
  const [overlay, setOverlay] = useState(plan === 'reload');

  useEffect(() => {
    if (plan === 'clear-flag') {
      window.localStorage.removeItem(POST_LOGIN_REFRESH_FLAG);
      return undefined;
    }
    if (plan !== 'reload') return undefined;
    window.localStorage.setItem(POST_LOGIN_REFRESH_FLAG, 'true');
    const reloadTimer = setTimeout(() => pageNavigation.reload(), POST_LOGIN_RELOAD_MS);
    const overlayTimer = setTimeout(() => setOverlay(false), POST_LOGIN_OVERLAY_MAX_MS);
    return () => {
      clearTimeout(reloadTimer);
      clearTimeout(overlayTimer);
    };
  }, [plan]);

  return overlay;
}
