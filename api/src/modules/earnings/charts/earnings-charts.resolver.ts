import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../graphql/context';
import { requireUser } from '../../../graphql/current-user';
import { TokenScope } from '../../../platform/graphql/token-scope';
import { EarningsChartsType, EarningsStatementType } from './earnings-charts.outputs';
import { presentCharts, presentStatement } from './earnings-charts.presenter';

/** A producer's charts and statements (the same service calls as GET /producer-earnings/charts and /statement). */
@Resolver()
export class EarningsChartsResolver {
  @Authorized()
  @TokenScope('earnings:read')
  @Query(() => EarningsChartsType, { description: "The signed-in producer's earnings by month, licences by tier, their loops' beats by week, and each loop's record. FORBIDDEN when not a producer" })
  async myEarningsCharts(@Arg('months', () => Int, { defaultValue: 12, description: 'How many months back, this one included: 1 to 36.' }) months: number, @Ctx() ctx: GraphQLContext): Promise<EarningsChartsType> {
    return presentCharts(await ctx.services.earningsCharts.charts(await requireUser(ctx), months));
  }

  @Authorized()
  @TokenScope('earnings:read')
  @Query(() => EarningsStatementType, { description: "The signed-in producer's statement for a month or a year (UTC): every sale and refund line of their earnings ledger. FORBIDDEN when not a producer" })
  async myEarningsStatement(@Arg('period', () => String, { description: 'A month ("2026-11") or a year ("2026").' }) period: string, @Ctx() ctx: GraphQLContext): Promise<EarningsStatementType> {
    return presentStatement(await ctx.services.earningsCharts.statement(await requireUser(ctx), period));
  }
}
