import type { User } from '../modules/accounts/user.entity';
import { unauthenticated } from '../platform/errors';
import type { GraphQLContext } from './context';

/** The signed-in user of an operation, or UNAUTHENTICATED. */
export async function requireUser(context: GraphQLContext): Promise<User> {
  const user = await context.currentUser();
  if (!user) throw unauthenticated();
  return user;
}
