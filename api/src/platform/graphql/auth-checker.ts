import type { AuthChecker } from 'type-graphql';
import { forbidden, unauthenticated } from '../errors';
import type { GraphQLContext } from './context';

export const ADMIN_ROLE = 'ADMIN';

/** `@Authorized()` needs a signed-in user; `@Authorized(ADMIN_ROLE)` an admin. */
export const authChecker: AuthChecker<GraphQLContext> = async ({ context }, roles) => {
  const user = await context.currentUser();
  if (!user) throw unauthenticated();
  if (roles.includes(ADMIN_ROLE) && !user.isAdmin) throw forbidden();
  return true;
};
