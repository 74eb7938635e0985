import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import type { EditMode } from './beat-edits';
import { presentBeat, presentJob, readingOfJob } from './beats.presenter';
import type { JobEvent } from './generation-stages';
import { SectionDrumsInput, SectionEnergyInput } from './inputs/section-drums.input';
import { BeatType, GenerationJobType, GenerationProgressType } from './outputs/beat.types';
import { eventOf } from './generation-runner';
import type { GenerationJob } from './generation-job.entity';
import { TokenScope } from '../../platform/graphql/token-scope';
import { abortableIterator } from '../../platform/graphql/abortable-iterator';
import { badInput } from '../../platform/errors';

/** The editor's typed input, in the shape the edit reader takes (the REST body's shape). */
const toEditBody = (sections: SectionDrumsInput[], mode: Exclude<EditMode, 'energy'>) =>
  Object.fromEntries(
    sections.map((s) => [String(s.section), mode === 'remove' ? s.drums : Object.fromEntries(s.drums.map((d) => [d, true]))]),
  );

const jobOf = (job: GenerationJob): GenerationJobType => ({ ...presentJob(eventOf(job)), reading: readingOfJob(job) });

@Resolver()
export class BeatsResolver {
  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Starts a first beat from a prompt and returns its queued job at once; follow it with generationProgress. Costs 1 token (refunded if the job fails). BAD_USER_INPUT for an empty prompt or one over 500 characters; UNAUTHENTICATED without a token, INSUFFICIENT_CREDITS with no tokens left, TOO_MANY_REQUESTS past 10 starts a minute or 3 unfinished jobs.' })
  async generateBeat(@Arg('prompt', () => String, { description: 'What to make, in words ("trap type beat with country drums"); 1 to 500 characters after trimming.' }) prompt: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.generate(await requireUser(ctx), prompt));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Starts a new, different beat from the prompt of one of your beats. Costs 1 token. NOT_FOUND for a beat that is not yours; UNAUTHENTICATED without a token, INSUFFICIENT_CREDITS with no tokens left, TOO_MANY_REQUESTS past 10 starts a minute or 3 unfinished jobs.' })
  async regenerateBeat(@Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.regenerate(await requireUser(ctx), beatId));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Starts the whole song (every section) from a beat\'s loops. Costs 1 token; needs subscription level 2 (Early Access Premium) or higher, FORBIDDEN otherwise. NOT_FOUND for a beat that is not yours; UNAUTHENTICATED without a token, INSUFFICIENT_CREDITS with no tokens left, TOO_MANY_REQUESTS past 10 starts a minute or 3 unfinished jobs.' })
  async makeFullBeat(@Arg('beatId', () => ID, { description: 'One of your beats (first or full).' }) beatId: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.makeFullBeat(await requireUser(ctx), beatId));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Starts an edit that swaps the chosen drums for other loops of the same type in those sections (free; level 2 or higher, FORBIDDEN otherwise). The result is a new beat of kind edit. BAD_USER_INPUT for a section or drum the beat lacks; NOT_FOUND when no other loop of that type exists.' })
  async changeDrums(
    @Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string,
    @Arg('sections', () => [SectionDrumsInput], { description: 'The sections and the drum types chosen in each.' }) sections: SectionDrumsInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.edit(await requireUser(ctx), beatId, 'swap', toEditBody(sections, 'swap')));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: 'Starts an edit that mutes the chosen drums in those sections (free; level 2 or higher, FORBIDDEN otherwise). The result is a new beat of kind edit. BAD_USER_INPUT for a section or drum the beat lacks.' })
  async removeDrums(
    @Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string,
    @Arg('sections', () => [SectionDrumsInput], { description: 'The sections and the drum types chosen in each.' }) sections: SectionDrumsInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.edit(await requireUser(ctx), beatId, 'remove', toEditBody(sections, 'remove')));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: "Starts an edit that plays one section's loop of a drum type in every section that has that type (free; level 2 or higher, FORBIDDEN otherwise). Name each drum type in one section only (BAD_USER_INPUT otherwise)." })
  async setGlobalDrums(
    @Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string,
    @Arg('sections', () => [SectionDrumsInput], { description: 'The sections and the drum types chosen in each.' }) sections: SectionDrumsInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<GenerationJobType> {
    return jobOf(await ctx.services.beats.edit(await requireUser(ctx), beatId, 'global', toEditBody(sections, 'global')));
  }

  @Authorized()
  @TokenScope('beats:generate')
  @Mutation(() => GenerationJobType, { description: "Starts an edit that sets sections' energy lower or higher than generated and re-plans their layers and transitions (free; level 2 or higher, FORBIDDEN otherwise). The result is a new beat of kind edit. BAD_USER_INPUT for a section the beat lacks, an energy outside -2..2, the same section twice, or no change." })
  async setSectionEnergy(
    @Arg('beatId', () => ID, { description: 'One of your beats.' }) beatId: string,
    @Arg('sections', () => [SectionEnergyInput], { description: 'The sections and the energy chosen for each.' }) sections: SectionEnergyInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<GenerationJobType> {
    const user = await requireUser(ctx);
    const twice = sections.find((s, i) => sections.findIndex((t) => t.section === s.section) !== i);
    if (twice) throw badInput(`Section ${twice.section} is named twice.`);
    return jobOf(await ctx.services.beats.edit(user, beatId, 'energy', Object.fromEntries(sections.map((s) => [String(s.section), s.energy]))));
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => BeatType, { description: 'One of your beats, with fresh signed audio addresses. NOT_FOUND for an unknown id or a beat that is not yours.' })
  async beat(@Arg('id', () => ID, { description: 'Beat id.' }) id: string, @Ctx() ctx: GraphQLContext): Promise<BeatType> {
    return presentBeat(ctx.services.beats, await ctx.services.beats.beat(await requireUser(ctx), id));
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => [BeatType], { description: "The signed-in user's beats (first, full and edited), newest first, at most 200" })
  async myBeats(@Ctx() ctx: GraphQLContext): Promise<BeatType[]> {
    const beats = await ctx.services.beats.myBeats(await requireUser(ctx));
    return Promise.all(beats.map((b) => presentBeat(ctx.services.beats, b)));
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => String, { nullable: true, description: "Section letters of the user's latest first beat (or, with full: true, latest full beat), such as IVCVO; null when there is none" })
  async beatStructure(@Arg('full', () => Boolean, { defaultValue: false, description: 'True for the latest full beat instead of the latest first beat.' }) full: boolean, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return (await ctx.services.beats.latestBeat(await requireUser(ctx), full ? 'full' : 'first'))?.structure ?? null;
  }

  @Authorized()
  @TokenScope('beats:read')
  @Query(() => GenerationJobType, { description: 'The current state of one of your jobs (to poll instead of subscribing). NOT_FOUND for a job that is not yours.' })
  async generationJob(@Arg('id', () => ID, { description: 'Job id from generateBeat and the other job mutations.' }) id: string, @Ctx() ctx: GraphQLContext): Promise<GenerationJobType> {
    return presentJob(await ctx.services.beats.jobState(await requireUser(ctx), id));
  }

  @TokenScope('beats:read')
  @Subscription(() => GenerationProgressType, {
    description: "A job's events over graphql-ws: its current state first, then each of the five stages as it starts, then succeeded (with the beat and the new token balance) or failed (with error and errorCode); the stream ends after that. NOT_FOUND for a job that is not yours.",
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphQLContext;
      const user = await requireUser(ctx);
      const { jobId } = args as { jobId: string };
      // Checked before the stream starts, so a refused subscription is an error, not an empty stream.
      await ctx.services.beats.jobState(user, jobId);
      // Ends the moment the subscriber goes (unsubscribed, socket closed, credential revoked).
      return abortableIterator((signal) => ctx.services.beats.follow(user, jobId, signal));
    },
  })
  async generationProgress(@Root() event: JobEvent, @Arg('jobId', () => ID, { description: 'Job id from generateBeat and the other job mutations.' }) _jobId: string, @Ctx() ctx: GraphQLContext): Promise<GenerationProgressType> {
    const user = await requireUser(ctx);
    const done = event.status === 'succeeded' || event.status === 'failed';
    const beat = event.status === 'succeeded' && event.beatId ? await ctx.services.beats.beat(user, event.beatId) : null;
    return {
      ...presentJob(event),
      beat: beat ? await presentBeat(ctx.services.beats, beat) : null,
      tokensRemaining: done ? (await ctx.services.billingAccounts.stateOf(user.id)).credits : null,
    };
  }
}
