import type { SystemAccount } from '../accounts';

/** The account that owns the landing page's sample beats. It has no password and no identity-provider subject, so nobody can sign in as it. */
export const SHOWCASE_ACCOUNT: SystemAccount = {
  subject: 'system:showcase',
  email: 'showcase@system.invalid',
  username: 'YSM Showcase',
  userType: 'system',
};
