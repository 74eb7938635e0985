import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import type { EditMode } from './beat-edits';
import { presentBeat, presentJob, readingOfJob } from './beats.presenter';
import type { JobEvent } from './generation-stages';
import { SectionDrumsInput } from './inputs/section-drums.input';
import { BeatType, GenerationJobType, GenerationProgressType } from './outputs/beat.types';
import { eventOf } from './generation-runner';
import type { GenerationJob } from './generation-job.entity';
import { TokenScope } from '../../platform/graphql/token-scope';

/** The editor's typed input, in the shape the edit reader takes (the REST body's shape). */
const toEditBody = (sections: SectionDrumsInput[], mode: EditMode) =>
  Object.fromEntries(
    sections.map((s) => [String(s.section), mode === 'remove' ? s.drums : Object.fromEntries(s.drums.map((d) => [d, true]))]),
  );

const jobOf = (job: GenerationJob): GenerationJobType => ({ ...presentJob(eventOf(job)), reading: readingOfJob(job) });

@Resolver()
export class BeatsResolver {
  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Starts a first beat from a prompt (1 token); follow it with generationProgress' })
  async generateBeat(@Arg('prompt', () => String) prompt: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.generate(await requireUser(ctx), prompt));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'A new beat from the same prompt (1 token)' })
  async regenerateBeat(@Arg('beatId', () => ID) beatId: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.regenerate(await requireUser(ctx), beatId));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'The whole song from a beat (1 token; Early Access Premium or higher)' })
  async makeFullBeat(@Arg('beatId', () => ID) beatId: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.makeFullBeat(await requireUser(ctx), beatId));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Swaps the chosen drums for other loops of the same type in those sections' })
  async changeDrums(
    @Arg('beatId', () => ID) beatId: string,
    @Arg('sections', () => [SectionDrumsInput]) sections: SectionDrumsInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.edit(await requireUser(ctx), beatId, 'swap', toEditBody(sections, 'swap')));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Mutes the chosen drums in those sections' })
  async removeDrums(
    @Arg('beatId', () => ID) beatId: string,
    @Arg('sections', () => [SectionDrumsInput]) sections: SectionDrumsInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.edit(await requireUser(ctx), beatId, 'remove', toEditBody(sections, 'remove')));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: "Plays one section's loop of a drum type in every section that has it" })
  async setGlobalDrums(
    @Arg('beatId', () => ID) beatId: string,
    @Arg('sections', () => [SectionDrumsInput]) sections: SectionDrumsInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.edit(await requireUser(ctx), beatId, 'global', toEditBody(sections, 'global')));
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => BeatType)
  async beat(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<BeatType> {
    return presentBeat(ctx.services.beats, await ctx.services.beats.beat(await requireUser(ctx), id));
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => [BeatType], { description: "The signed-in user's beats, newest first, at most 200" })
  async myBeats(@Ctx() ctx: GraphQLContext): Promise<BeatType[]> {
    const beats = await ctx.services.beats.myBeats(await requireUser(ctx));
    return Promise.all(beats.map((b) => presentBeat(ctx.services.beats, b)));
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => String, { nullable: true, description: "Structure of the user's latest beat (full: of the latest full beat)" })
  async beatStructure(@Arg('full', () => Boolean, { defaultValue: false }) full: boolean, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return (await ctx.services.beats.latestBeat(await requireUser(ctx), full ? 'full' : 'first'))?.structure ?? null;
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => GenerationJobType)
  async generationJob(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return presentJob(await ctx.services.beats.jobState(await requireUser(ctx), id));
  }

  @TokenScope('beats:read')
  @Subscription(() => GenerationProgressType, {
    description: "A job's stages as they happen (its current state first), then the beat or the error",
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const user = await requireUser(ctx);
      const { jobId } = args as { jobId: string };
      // Checked before the stream starts, so a refused subscription is an error, not an empty stream.
      await ctx.services.beats.jobState(user, jobId);
      return ctx.services.beats.follow(user, jobId);
    },
  })
  async generationProgress(@Root() event: JobEvent, @Arg('jobId', () => ID) _jobId: string, @Ctx() ctx: GraphQLContext): Promise<GenerationProgressType> {
    const user = await requireUser(ctx);
    const done = event.status === 'succeeded' || event.status === 'failed';
    const beat = event.status === 'succeeded' && event.beatId ? await ctx.services.beats.beat(user, event.beatId) : null;
    return {
      ...presentJob(event),
      beat: beat ? await presentBeat(ctx.services.beats, beat) : null,
      tokensRemaining: done ? (await ctx.services.accounts.getById(user.id)).tokensRemaining : null,
    };
  }
}
