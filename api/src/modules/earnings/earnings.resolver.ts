import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { badInput } from '../../platform/errors';
import { presentEarnings } from './earnings.presenter';
import { MyEarningsType } from './outputs/earnings.types';
import { TokenScope } from '../../platform/graphql/token-scope';

const MAX_PAGE = 100_000;

/** The producer's earnings (the same service call as GET /producer-earnings). */
@Resolver()
export class EarningsResolver {
  @Authorized()
  @TokenScope('earnings:read')
  @Query(() => MyEarningsType, { description: "The signed-in producer's earnings: totals, orders of their beats (20 a page) and their loops' use. FORBIDDEN when not a producer" })
  async myEarnings(@Arg('page', () => Int, { defaultValue: 1, description: 'Page of orders, from 1.' }) page: number, @Ctx() ctx: GraphQLContext): Promise<MyEarningsType> {
    if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw badInput('The page must be a whole number from 1.');
    return presentEarnings(await ctx.services.earningsView.myEarnings(await requireUser(ctx), page));
  }
}
