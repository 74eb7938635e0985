import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { DatasetGenreSharesType } from './outputs/dataset.types';
import { TokenScope } from '../../platform/graphql/token-scope';

@Resolver()
export class DatasetResolver {
  @TokenScope('public')
  @Query(() => DatasetGenreSharesType, { description: 'Our Dataset: each genre\'s share of the catalogue\'s samples, live; public' })
  async datasetGenres(@Ctx() ctx: GraphQLContext): Promise<DatasetGenreSharesType> {
    const shares = await ctx.services.dataset.genreShares();
    return {
      ...shares,
      genres: shares.genres.map((g) => ({ name: g.name, share: g.share, samples: g.samples, style: g.style, artists: [...g.artists] })),
    };
  }
}
