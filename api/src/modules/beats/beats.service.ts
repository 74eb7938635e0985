import type { MikroORM } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/pubsub/event-bus';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { CreditsService } from '../billing';
import { PLAN_GATES, requirePlan } from '../billing';
import type { User } from '../accounts';
import type { CatalogService } from '../catalog';
import { Beat } from './beat.entity';
import { readSectionDrums, readSectionEnergy, type EditMode } from './beat-edits';
import { GenerationJob, type JobKind } from './generation-job.entity';
import { eventOf } from './generation-runner';
import type { JobEvent } from './generation-stages';
import type { PromptReader } from './prompt/prompt-reader';
import type { BeatRenderer } from './beat-renderer';
import { renderLicenceAudio, type LicenceAudio } from './licence-audio';
import { startJob } from './jobs/job-start';
import { followJob, waitForJob } from './jobs/job-follow';
import { SystemJobs } from './jobs/system-jobs';
import { loopUsage, type LoopUsage } from './loop-usage';

export { RATE_PER_MINUTE, MAX_ACTIVE_JOBS } from './jobs/rate-limit';
export type { LoopUsage } from './loop-usage';
import { beatsByWeekOf, loopBeatsOf, type LoopBeats } from './records/contributor-beats';

/** Full beats and editing need this subscription level or above (requirements §L5). */
export const MIN_EDIT_LEVEL = PLAN_GATES.fullBeatsAndEditing.minLevel;
export const MAX_PROMPT_LENGTH = 500;
export const MY_BEATS_LIMIT = 200;

/** A beat as a list shows it: its prompt (the search query), when it was made and who contributed. */
export interface BeatSummary {
  readonly id: string;
  readonly prompt: string;
  readonly createdAt: Date;
  readonly producers: readonly string[];
}

interface BeatsServiceDeps {
  readonly orm: MikroORM;
  readonly tokens: CreditsService;
  /** The account's subscription level (billing's BillingAccounts.levelOf). */
  readonly planLevelOf: (userId: string) => Promise<number>;
  readonly queue: JobQueue;
  readonly events: EventBus;
  readonly blobs: BlobStore;
  readonly prompts: PromptReader;
  /** Renders licensed audio again from a beat's provenance. */
  readonly renderer: BeatRenderer;
  /** The producers' loops (for their usage counts). */
  readonly catalog: Pick<CatalogService, 'contributorLoops'>;
}

/**
 * The beats module's one service: starting generation, extension and edit jobs for their owner
 * (`jobs/job-start.ts`: rate limit, token, queue), following a job live (`jobs/job-follow.ts`),
 * reading beats, the system account's sample-beat jobs (`jobs/system-jobs.ts`), loop usage for the
 * producers' earnings (`loop-usage.ts`) and a licence's audio (`licence-audio.ts`). Other modules
 * reach beats and their tables only through this class.
 */
export class BeatsService {
  private readonly systemJobs: SystemJobs;

  constructor(private readonly deps: BeatsServiceDeps) {
    this.systemJobs = new SystemJobs(deps.orm);
  }

  // --- starting jobs -------------------------------------------------------------------------

  /** Per loop of the contributor: the beats crediting them that used it, and those beats' top genres and prompt words (records/contributor-beats.ts). */
  loopBeats(contributorId: string): Promise<LoopBeats[]> {
    return loopBeatsOf(this.deps.orm.em.fork(), contributorId);
  }

  /** Beats crediting the contributor per week (UTC Mondays) in [from, to). */
  beatsByWeek(contributorId: string, from: Date, to: Date): Promise<{ week: string; beats: number }[]> {
    return beatsByWeekOf(this.deps.orm.em.fork(), contributorId, from, to);
  }

  /** A first beat from a prompt (1 token). */
  async generate(user: User, prompt: string): Promise<GenerationJob> {
    const text = prompt?.trim() ?? '';
    if (!text) throw badInput('Type what kind of beat you want.');
    if (text.length > MAX_PROMPT_LENGTH) throw badInput(`The prompt must be at most ${MAX_PROMPT_LENGTH} characters.`);
    // Read now, so the job (and the listener) know at once what the prompt was understood as.
    const intent = await this.deps.prompts.read(text);
    return this.start(user, 'generate', { prompt: text, intent }, true);
  }

  /** Another beat from the same prompt as one of the user's beats (1 token). */
  async regenerate(user: User, beatId: string): Promise<GenerationJob> {
    const beat = await this.ownBeat(user, beatId);
    const intent = await this.deps.prompts.read(beat.prompt);
    return this.start(user, 'regenerate', { prompt: beat.prompt, beatId: beat.id, intent }, true);
  }

  /** The whole song from a beat's loops (1 token, level 2 or above). */
  async makeFullBeat(user: User, beatId: string): Promise<GenerationJob> {
    await this.requireLevel(user);
    const beat = await this.ownBeat(user, beatId);
    return this.start(user, 'full', { beatId: beat.id }, true);
  }

  /** Swap, remove or global drums of a beat's sections, or set their energy (level 2 or above). */
  async edit(user: User, beatId: string, mode: EditMode, edit: unknown): Promise<GenerationJob> {
    await this.requireLevel(user);
    const beat = await this.ownBeat(user, beatId);
    // Refuse a bad edit before anything is queued.
    if (mode === 'energy') readSectionEnergy(beat.arrangement, edit);
    else readSectionDrums(beat.arrangement, edit, mode);
    return this.start(user, 'edit', { beatId: beat.id, mode, edit }, false);
  }

  // --- following jobs ------------------------------------------------------------------------

  /** A job's current state, for its owner only. */
  async jobState(user: User, jobId: string): Promise<JobEvent> {
    return eventOf(await this.ownJob(user, jobId));
  }

  /** A job's events, its current state first, until it succeeds or fails. Only the job's owner may follow it. */
  async *follow(user: User, jobId: string, signal?: AbortSignal): AsyncGenerator<JobEvent> {
    await this.ownJob(user, jobId);
    yield* followJob(this.deps.events, jobId, () => this.jobState(user, jobId), signal);
  }

  /** Waits for a job to finish (the REST paths answer when the beat is ready). */
  async waitFor(user: User, jobId: string, timeoutMs: number): Promise<JobEvent> {
    return waitForJob((signal) => this.follow(user, jobId, signal), timeoutMs);
  }

  // --- reading beats -------------------------------------------------------------------------

  async beat(user: User, beatId: string): Promise<Beat> {
    return this.ownBeat(user, beatId);
  }

  /** The user's beats, newest first, at most 200 (requirements §L9). */
  async myBeats(user: User): Promise<Beat[]> {
    return this.deps.orm.em.fork().find(Beat, { owner: user.id }, { orderBy: { createdAt: 'desc' }, limit: MY_BEATS_LIMIT });
  }

  /** The user's beats as a list shows them (My Account, GET /account/profile): newest first, at most 200. */
  async summaries(user: User): Promise<BeatSummary[]> {
    const beats = await this.deps.orm.em
      .fork()
      .find(Beat, { owner: user.id }, { orderBy: { createdAt: 'desc' }, limit: MY_BEATS_LIMIT, fields: ['id', 'prompt', 'createdAt', 'producerShares'] });
    return beats.map((b) => ({ id: b.id, prompt: b.prompt, createdAt: b.createdAt, producers: b.producerShares.map((s) => s.name) }));
  }

  /** The latest beat of a kind ('first' or 'full') of the user, for the structure paths. */
  async latestBeat(user: User, kind: 'first' | 'full'): Promise<Beat | null> {
    return this.deps.orm.em.fork().findOne(Beat, { owner: user.id, kind: kind === 'full' ? 'full' : { $in: ['first', 'edit'] } }, { orderBy: { createdAt: 'desc' } });
  }

  /** The beat a bare edit (the spec's body of sections alone) applies to: the user's newest beat of any kind. */
  async latestEditable(user: User): Promise<Beat> {
    const beat = await this.deps.orm.em.fork().findOne(Beat, { owner: user.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    if (!beat) throw notFound('You have no beat to edit yet. Generate one first.');
    return beat;
  }

  /** Signed address of a beat's MP3 (and, named for saving, its download address). */
  async audioUrl(beat: Beat, download = false): Promise<string> {
    return this.deps.blobs.signedUrl(beat.mp3BlobKey, download ? { downloadName: `${beat.title}.mp3` } : undefined);
  }

  /** Beats' titles by id (the producers' earnings view, the admin's licence orders); unknown ids are missing. */
  async titles(beatIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(beatIds.filter(isUuid))];
    if (!ids.length) return new Map();
    const rows = await this.deps.orm.em.fork().execute<{ id: string; title: string }[]>(`select id, title from beats where id = any(?::uuid[])`, [`{${ids.join(',')}}`]);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /**
   * How many first and full beats were made since a moment (an edit is a new version of a beat
   * already counted), leaving out the beats of the given owners (the platform's system accounts,
   * which the caller knows through the accounts service).
   */
  async generatedSince(since: Date, options: { readonly excludeOwners?: readonly string[] } = {}): Promise<number> {
    const excluded = (options.excludeOwners ?? []).filter(isUuid);
    const rows: { beats: string }[] = await this.deps.orm.em.fork().getConnection().execute(
      `select count(*) as beats from beats where created_at >= ? and kind in ('first', 'full') and not (owner_id = any(?::uuid[]))`,
      [since, `{${excluded.join(',')}}`],
    );
    return Number(rows[0]?.beats ?? 0);
  }

  /** A contributor's loops with the number of beats made with each (see `loop-usage.ts`). */
  loopUsage(contributorId: string): Promise<LoopUsage[]> {
    return loopUsage(this.deps.orm, this.deps.catalog, contributorId);
  }

  /** Any beat by id, whoever owns it (the sharing module decides who may see it); null for a malformed or unknown id. */
  async findBeat(beatId: string): Promise<Beat | null> {
    if (!isUuid(beatId)) return null;
    return this.deps.orm.em.fork().findOne(Beat, { id: beatId });
  }

  /** The loops (melody composition and drum loops) each of these beats was made from, by beat id. */
  async loopsOf(beatIds: readonly string[]): Promise<Map<string, string[]>> {
    const ids = beatIds.filter(isUuid);
    if (!ids.length) return new Map();
    const rows = await this.deps.orm.em.fork().execute<{ beat_id: string; loop_id: string }[]>(
      `select id as beat_id, selection->'composition'->>'id' as loop_id from beats where id = any(?::uuid[]) and selection->'composition'->>'id' is not null
       union
       select b.id, d->>'sampleId' from beats b cross join lateral jsonb_array_elements(coalesce(b.selection->'drums', '[]'::jsonb)) d
        where b.id = any(?::uuid[]) and d->>'sampleId' is not null`,
      [`{${ids.join(',')}}`, `{${ids.join(',')}}`],
    );
    const loops = new Map<string, string[]>();
    for (const row of rows) loops.set(row.beat_id, [...(loops.get(row.beat_id) ?? []), row.loop_id]);
    return loops;
  }

  /** Stores a beat's waveform (for beats whose renderer gave none). */
  async setPeaks(beatId: string, peaks: number[]): Promise<void> {
    await this.deps.orm.em.fork().nativeUpdate(Beat, { id: beatId }, { peaks });
  }

  private async requireLevel(user: User): Promise<void> {
    requirePlan(await this.deps.planLevelOf(user.id), 'fullBeatsAndEditing');
  }

  // --- system jobs (the landing page's sample beats) ------------------------------------------

  /** See `SystemJobs.start`. */
  startSystemJobs(ownerId: string, slots: readonly { slot: string; prompt: string }[], options: { lock: string; staleQueuedMs: number }): Promise<{ created: string[]; pending: string[] }> {
    return this.systemJobs.start(ownerId, slots, options);
  }

  /** How many of these jobs are still queued or running. */
  openJobCount(jobIds: readonly string[]): Promise<number> {
    return this.systemJobs.openCount(jobIds);
  }

  /** The newest beat made for each slot of a system account. */
  systemBeats(ownerId: string): Promise<Map<string, Beat>> {
    return this.systemJobs.beats(ownerId);
  }

  // --- licences --------------------------------------------------------------------------------

  /**
   * A beat's audio as a licence delivers it (see `licence-audio.ts`). Resolves once the beat is
   * found and its render has started. No owner check here: the licences module decides who holds a licence.
   */
  async renderLicenceAudio(beatId: string, options: { readonly stems: boolean }): Promise<LicenceAudio> {
    if (!isUuid(beatId)) throw notFound('That beat does not exist.');
    const beat = await this.deps.orm.em.fork().findOne(Beat, { id: beatId }, { fields: ['id', 'title', 'arrangement', 'masterGainDb'] });
    if (!beat) throw notFound('That beat does not exist.');
    return renderLicenceAudio(this.deps.renderer, beat, options);
  }

  // --- ownership -------------------------------------------------------------------------------

  private async ownBeat(user: User, beatId: string): Promise<Beat> {
    if (!isUuid(beatId)) throw notFound('That beat does not exist.');
    const beat = await this.deps.orm.em.fork().findOne(Beat, { id: beatId });
    if (!beat || idOf(beat.owner) !== user.id) throw notFound('That beat does not exist.');
    return beat;
  }

  private async ownJob(user: User, jobId: string): Promise<GenerationJob> {
    if (!isUuid(jobId)) throw notFound('That generation does not exist.');
    const job = await this.deps.orm.em.fork().findOne(GenerationJob, { id: jobId });
    if (!job || idOf(job.owner) !== user.id) throw notFound('That generation does not exist.');
    return job;
  }

  private start(user: User, kind: JobKind, input: Record<string, unknown>, charge: boolean): Promise<GenerationJob> {
    return startJob(this.deps, user.id, kind, input, charge);
  }
}

const idOf = (ref: string | { id: string }): string => (typeof ref === 'string' ? ref : ref.id);

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value ?? '');
