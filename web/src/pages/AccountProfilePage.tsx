import { AccountProfile } from '../features/account/components/AccountProfile';

/** /account/profile: My Account, behind the protected-route wrapper. */
export function AccountProfilePage() {
  return <AccountProfile />;
}
