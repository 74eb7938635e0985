import { useEffect, useRef } from 'react';
import { useSyncUser } from '../../features/account/hooks/use-sync-user';
import { USER_DATA_SENT_FLAG } from './auth-storage';
import { useSession } from './SessionProvider';

/**
 * Requirements §L7: once per login, send the email and username the identity provider showed
 * (`syncUser`), tracked by a local-storage flag that signing out clears. A failed attempt is not
 * retried until the next login, so a broken api is not hammered.
 */
export function useSendUserDataOnce(): void {
  const { status, user } = useSession();
  const [syncUser] = useSyncUser();
  const attemptedFor = useRef<string | null>(null);

  const subject = user?.profile.sub ?? null;
  const email = user?.profile.email;
  const username = user?.profile.preferred_username ?? user?.profile.nickname ?? user?.profile.name ?? email;

  useEffect(() => {
    if (status !== 'authenticated' || subject === null || attemptedFor.current === subject) return;
    if (window.localStorage.getItem(USER_DATA_SENT_FLAG) !== null) return;
    attemptedFor.current = subject;
    if (!email || !username) {
      console.error('The identity provider gave no email for this user; user data not sent.');
      return;
    }
    syncUser(email, username)
      .then(() => window.localStorage.setItem(USER_DATA_SENT_FLAG, 'true'))
      .catch((error: unknown) => console.error('Failed to send user data.', error));
  }, [status, subject, email, username, syncUser]);
}
