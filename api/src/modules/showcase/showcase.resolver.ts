import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { PlatformStatsType } from './outputs/platform-stats.type';
import { SampleBeatType } from './outputs/sample-beat.type';
import { TokenScope } from '../../platform/graphql/token-scope';

@Resolver()
export class ShowcaseResolver {
  @TokenScope('public')
  @Query(() => [SampleBeatType], { description: 'The landing page\'s sample beats (up to four, in grid order); public' })
  async sampleBeats(@Ctx() ctx: GraphQLContext): Promise<SampleBeatType[]> {
    const beats = await ctx.services.showcase.sampleBeats();
    return beats.map(({ slot: _slot, ...beat }) => beat);
  }

  @TokenScope('public')
  @Query(() => PlatformStatsType, { description: 'The landing page\'s figures (producers, beats this month), live from the database; public' })
  platformStats(@Ctx() ctx: GraphQLContext): Promise<PlatformStatsType> {
    return ctx.services.platformStats.stats();
  }
}
