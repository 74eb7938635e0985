import { useLogout } from '../../../app/auth/use-logout';
import { useSession } from '../../../app/auth/SessionProvider';
import { paths } from '../../../app/router/paths';
import { DropdownMenu, type DropdownItem } from '../../../ui/dropdown/DropdownMenu';
import { useContribute } from '../hooks/use-contribute';

function AccountIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.6 4.4-5.4 8-5.4s6.5 1.8 8 5.4" strokeLinecap="round" />
    </svg>
  );
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <path d="M3 4.5 6 7.5 9 4.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The header's account dropdown (requirements §L2): four entries signed in, Login/Register signed out. */
export function AccountMenu() {
  const { status, signIn } = useSession();
  const logout = useLogout();
  const contribute = useContribute();

  const items: DropdownItem[] =
    status === 'authenticated'
      ? [
          { key: 'logout', label: 'Logout', onSelect: () => void logout() },
          { key: 'account', label: 'My Account', to: paths.accountProfile },
          { key: 'subscriptions', label: 'Subscriptions', to: paths.subscriptions },
          { key: 'contribute', label: 'Contribute', onSelect: () => void contribute() },
        ]
      : [{ key: 'login', label: 'Login/Register', onSelect: () => void signIn() }];

  return (
    <DropdownMenu
      label="Account"
      buttonContent={
        <>
          <AccountIcon />
          <span className="account-menu__label">Account</span>
          <Chevron />
        </>
      }
      items={items}
    />
  );
}
