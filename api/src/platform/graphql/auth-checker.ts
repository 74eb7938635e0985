import type { AuthChecker } from 'type-graphql';
import { forbidden, unauthenticated } from '../errors';

export const ADMIN_ROLE = 'ADMIN';

/** What the check needs of a resolver's context: the signed-in user, if any, and whether they are an admin. */
export interface AuthContext {
  currentUser(): Promise<{ readonly isAdmin: boolean } | null>;
}

/** `@Authorized()` needs a signed-in user; `@Authorized(ADMIN_ROLE)` an admin. */
export const authChecker: AuthChecker<AuthContext> = async ({ context }, roles) => {
  const user = await context.currentUser();
  if (!user) throw unauthenticated();
  if (roles.includes(ADMIN_ROLE) && !user.isAdmin) throw forbidden();
  return true;
};
