import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../../graphql/context';
import { ADMIN_ROLE } from '../../../platform/graphql/auth-checker';
import { AdminChartsType } from './admin-charts.outputs';
import { presentAdminCharts } from './admin-charts.presenter';

/** The admin dashboard's charts (the same service call as GET /admin/charts). */
@Resolver()
export class AdminChartsResolver {
  @Authorized(ADMIN_ROLE)
  @Query(() => AdminChartsType, { description: 'Revenue by day and month, beats and new accounts per day, plan mix and payouts over a range of days (UTC; at most 1,096). Admins only (FORBIDDEN otherwise).' })
  async adminCharts(
    @Ctx() ctx: GraphQLContext,
    @Arg('from', () => String, { nullable: true, description: 'First day, "2026-11-01"; 29 days before `to` when null.' }) from?: string | null,
    @Arg('to', () => String, { nullable: true, description: 'Last day (inclusive), "2026-11-30"; today (UTC) when null.' }) to?: string | null,
  ): Promise<AdminChartsType> {
    return presentAdminCharts(await ctx.services.admin.charts(from, to));
  }
}
