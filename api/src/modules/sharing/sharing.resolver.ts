import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { TokenScope } from '../../platform/graphql/token-scope';
import { BeatShareType, SharedBeatType } from './outputs/sharing.types';
import { presentShare, presentSharedBeat } from './sharing.presenter';

/** Public beat pages (issue 36): the same service calls as the REST paths under /beats/{id}/share and /shared-beats. */
@Resolver()
export class SharingResolver {
  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => BeatShareType, { description: 'POST /beats/{beat_id}/share: shares one of your beats under an unguessable link (sharing a shared beat answers its link). FORBIDDEN for a beat that is not yours, or one sold as an exclusive to someone else; NOT_FOUND for an unknown id.' })
  async shareBeat(@Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string, @Ctx() ctx: GraphQLContext): Promise<BeatShareType> {
    return presentShare(await ctx.services.sharing.share(await requireUser(ctx), beatId));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => Boolean, { description: 'DELETE /beats/{beat_id}/share: stops sharing; the link (and its audio) answers 404 at once. True when it was shared, false when it was not. FORBIDDEN / NOT_FOUND as shareBeat.' })
  async unshareBeat(@Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.sharing.unshare(await requireUser(ctx), beatId);
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => BeatShareType, { nullable: true, description: 'GET /beats/{beat_id}/share: the link and plays of one of your beats, or null when it is not shared.' })
  async beatShare(@Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string, @Ctx() ctx: GraphQLContext): Promise<BeatShareType | null> {
    const status = await ctx.services.sharing.status(await requireUser(ctx), beatId);
    return status && presentShare(status);
  }

  @TokenScope('public')
  @Query(() => SharedBeatType, { description: 'GET /shared-beats/{share_id}: a shared beat for its public page, no sign-in needed. NOT_FOUND once its owner stopped sharing, BAD_USER_INPUT for a malformed id, TOO_MANY_REQUESTS past 120 a network in 10 minutes.' })
  async sharedBeat(@Arg('shareId', () => ID, { description: 'The id from the link.' }) shareId: string, @Ctx() ctx: GraphQLContext): Promise<SharedBeatType> {
    return presentSharedBeat(await ctx.services.sharing.publicBeat(shareId, await ctx.currentUser(), ctx.network));
  }

  @TokenScope('public')
  @Mutation(() => Boolean, { description: 'POST /shared-beats/{share_id}/plays: the public page reports a play. Counted once per listener (an account, or a network without sign-in) per UTC day; true when this one counted. NOT_FOUND once sharing stopped.' })
  async recordSharedBeatPlay(@Arg('shareId', () => ID, { description: 'The id from the link.' }) shareId: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.sharing.recordPlay(shareId, await ctx.currentUser(), ctx.network);
  }
}
