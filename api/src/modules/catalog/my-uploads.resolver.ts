import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { badInput } from '../../platform/errors';
import { compositionType, drumLoopType } from './catalog.presenter';
import type { DrumLoop } from './drum-loop.entity';
import { SampleTagsInput } from './inputs/upload.inputs';
import type { MelodyComposition } from './melody-composition.entity';
import { DrumLoopType, MelodyCompositionType, MyCompositionsPage, MyDrumLoopsPage } from './outputs/sample.types';
import { TokenScope } from '../../platform/graphql/token-scope';

const checkPage = (page: number) => {
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw badInput('page must be a whole number from 1.');
  return page;
};
const tagsBody = (t: SampleTagsInput) => ({ artists: t.artists, instruments: t.instruments, genres: t.genres, moods: t.moods, tempo_style: t.tempoStyles });

/** My uploads: a producer's own compositions and drum loops, their tags, withdrawal. */
@Resolver()
export class MyUploadsResolver {
  @Authorized()
  @TokenScope('uploads:write')
  @Query(() => MyCompositionsPage, { description: "The signed-in user's melody compositions, 20 a page, newest first", complexity: 20 })
  async myCompositions(
    @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number,
    @Arg('includeWithdrawn', () => Boolean, { defaultValue: false, description: 'True to list withdrawn compositions too.' }) includeWithdrawn: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MyCompositionsPage> {
    const result = await ctx.services.myUploads.compositions((await requireUser(ctx)).id, checkPage(page), includeWithdrawn);
    return { ...result, items: result.items.map(compositionType) };
  }

  @Authorized()
  @TokenScope('uploads:write')
  @Query(() => MyDrumLoopsPage, { description: "The signed-in user's drum loops, 20 a page, newest first", complexity: 20 })
  async myDrumLoops(
    @Arg('page', () => Int, { defaultValue: 1, description: 'Page number from 1.' }) page: number,
    @Arg('includeWithdrawn', () => Boolean, { defaultValue: false, description: 'True to list withdrawn drum loops too.' }) includeWithdrawn: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MyDrumLoopsPage> {
    const result = await ctx.services.myUploads.drumLoops((await requireUser(ctx)).id, checkPage(page), includeWithdrawn);
    return { ...result, items: result.items.map(drumLoopType) };
  }

  @Authorized()
  @TokenScope('uploads:write')
  @Mutation(() => MelodyCompositionType, { description: "Replaces the tags of one of the user's compositions" })
  async updateCompositionTags(@Arg('id', () => ID, { description: 'One of your compositions (FORBIDDEN when another producer owns it, NOT_FOUND for an unknown id).' }) id: string, @Arg('tags', () => SampleTagsInput, { description: 'The new tags.' }) tags: SampleTagsInput, @Ctx() ctx: GraphQLContext): Promise<MelodyCompositionType> {
    return compositionType((await ctx.services.myUploads.updateTags((await requireUser(ctx)).id, 'composition', id, tagsBody(tags))) as MelodyComposition);
  }

  @Authorized()
  @TokenScope('uploads:write')
  @Mutation(() => DrumLoopType, { description: "Replaces the tags of one of the user's drum loops" })
  async updateDrumLoopTags(@Arg('id', () => ID, { description: 'One of your drum loops (FORBIDDEN when another producer owns it, NOT_FOUND for an unknown id).' }) id: string, @Arg('tags', () => SampleTagsInput, { description: 'The new tags.' }) tags: SampleTagsInput, @Ctx() ctx: GraphQLContext): Promise<DrumLoopType> {
    return drumLoopType((await ctx.services.myUploads.updateTags((await requireUser(ctx)).id, 'drum', id, tagsBody(tags))) as DrumLoop);
  }

  @Authorized()
  @TokenScope('uploads:write')
  @Mutation(() => MelodyCompositionType, { description: 'Withdraws a composition: never used for new beats; beats already made keep it' })
  async withdrawComposition(@Arg('id', () => ID, { description: 'One of your compositions (FORBIDDEN when another producer owns it, NOT_FOUND for an unknown id).' }) id: string, @Ctx() ctx: GraphQLContext): Promise<MelodyCompositionType> {
    return compositionType((await ctx.services.myUploads.withdraw((await requireUser(ctx)).id, 'composition', id)) as MelodyComposition);
  }

  @Authorized()
  @TokenScope('uploads:write')
  @Mutation(() => DrumLoopType, { description: 'Withdraws a drum loop: never used for new beats; beats already made keep it' })
  async withdrawDrumLoop(@Arg('id', () => ID, { description: 'One of your drum loops (FORBIDDEN when another producer owns it, NOT_FOUND for an unknown id).' }) id: string, @Ctx() ctx: GraphQLContext): Promise<DrumLoopType> {
    return drumLoopType((await ctx.services.myUploads.withdraw((await requireUser(ctx)).id, 'drum', id)) as DrumLoop);
  }
}
