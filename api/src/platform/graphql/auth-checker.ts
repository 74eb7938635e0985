import type { AuthChecker } from 'type-graphql';
import { forbidden, unauthenticated } from '../errors';
import type { Delegation } from '../auth/api-scopes';

export const ADMIN_ROLE = 'ADMIN';

/** What the check needs of a resolver's context: the signed-in user, if any, and whether they are an admin. */
export interface AuthContext {
  currentUser(): Promise<{ readonly isAdmin: boolean } | null>;
  /** The operation's credential; a delegated one (access token, device flow) never acts as an admin. */
  readonly token?: { readonly delegation?: Delegation } | null;
}

/** `@Authorized()` needs a signed-in user; `@Authorized(ADMIN_ROLE)` an admin signed in through a browser session. */
export const authChecker: AuthChecker<AuthContext> = async ({ context }, roles) => {
  const user = await context.currentUser();
  if (!user) throw unauthenticated();
  if (roles.includes(ADMIN_ROLE) && (!user.isAdmin || context.token?.delegation)) throw forbidden();
  return true;
};
