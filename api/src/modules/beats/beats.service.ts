import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { DomainError, badInput, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/pubsub/event-bus';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { TokensService } from '../billing/tokens.service';
import { PLAN_GATES, requirePlan } from '../billing/plan-gates';
import { User } from '../accounts/user.entity';
import { Beat } from './beat.entity';
import { readSectionDrums, readSectionEnergy, type EditMode } from './beat-edits';
import { GenerationJob, type JobKind } from './generation-job.entity';
import { eventOf } from './generation-runner';
import { jobChannel, type JobEvent } from './generation-stages';
import type { PromptReader } from './prompt/prompt-reader';
import { parseArrangement } from '../../audio/render/arrangement';
import type { BeatRenderer } from './beat-renderer';
import { LICENCE_MP3_BITRATE, type LicenceAudio } from './licence-audio';

/** Full beats and editing need this subscription level or above (spec 1 §5). */
export const MIN_EDIT_LEVEL = PLAN_GATES.fullBeatsAndEditing.minLevel;
export const MAX_PROMPT_LENGTH = 500;
/** Generation requests a user may start per minute, and may have waiting or running at once. */
export const RATE_PER_MINUTE = 10;
export const MAX_ACTIVE_JOBS = 3;
export const MY_BEATS_LIMIT = 200;

/** A beat as a list shows it: its prompt (the search query), when it was made and who contributed. */
export interface BeatSummary {
  readonly id: string;
  readonly prompt: string;
  readonly createdAt: Date;
  readonly producers: readonly string[];
}

/** One of a producer's loops and how many beats were made with it. */
export interface LoopUsage {
  readonly id: string;
  readonly kind: 'composition' | 'drum';
  /** The file name the producer uploaded (a composition's first stem, with how many more). */
  readonly name: string;
  /** The drum type (808s, Kicks, ...) or Melody. */
  readonly type: string;
  readonly bpm: number;
  readonly key: string | null;
  readonly mode: string | null;
  readonly createdAt: Date;
  readonly withdrawn: boolean;
  readonly beats: number;
}

/** How long a follower waits for a message before it reads the job's state from the database. */
const RECHECK_MS = 5_000;

/** The iterator's next result, or 'nothing' when none came within `ms` (the read stays pending). */
async function nextOrNothing<T>(pending: Promise<IteratorResult<T>>, ms: number): Promise<IteratorResult<T> | 'nothing'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'nothing'>((resolve) => (timer = setTimeout(() => resolve('nothing'), ms)));
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface BeatsServiceDeps {
  readonly orm: MikroORM;
  readonly tokens: TokensService;
  readonly queue: JobQueue;
  readonly events: EventBus;
  readonly blobs: BlobStore;
  readonly prompts: PromptReader;
  /** Renders licensed audio again from a beat's provenance. */
  readonly renderer: BeatRenderer;
}

/**
 * Beats for their owner: starting generation, extension and edit jobs (token and level checked
 * before anything is queued), following a job live, and reading beats.
 */
export class BeatsService {
  constructor(private readonly deps: BeatsServiceDeps) {}

  /** Beats' titles by id (for the producers' earnings view); unknown ids are missing. */
  async titles(beatIds: readonly string[]): Promise<Map<string, string>> {
    const ids = beatIds.filter((id) => UUID_PATTERN.test(id));
    if (!ids.length) return new Map();
    const rows = await this.deps.orm.em.fork().execute<{ id: string; title: string }[]>(`select id, title from beats where id = any(?::uuid[])`, [`{${ids.join(',')}}`]);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /**
   * A contributor's loops (melody compositions and drum loops, withdrawn ones too) with the number
   * of beats made with each: every beat row whose selection names it (a first beat, its full version
   * and each edit are beats of their own). Only the beats crediting the contributor are read.
   */
  async loopUsage(contributorId: string): Promise<LoopUsage[]> {
    const rows = await this.deps.orm.em.fork().execute<{ id: string; kind: 'composition' | 'drum'; name: string; type: string; bpm: number; key: string | null; mode: string | null; created_at: Date; withdrawn: boolean; beats: number }[]>(
      `with mine as (
         select c.id, 'composition' as kind,
                coalesce((select s.audio_file_name || case when count(*) over () > 1 then ' + ' || (count(*) over () - 1) || ' more' else '' end
                            from melody_stems s where s.composition_id = c.id order by s.position limit 1), 'Composition') as name,
                'Melody' as type, c.bpm, c.key, c.mode, c.created_at, c.withdrawn_at is not null as withdrawn
           from melody_compositions c where c.contributor_id = ?
         union all
         select id, 'drum', audio_file_name, drum_type, bpm, key, mode, created_at, withdrawn_at is not null from drum_loops where contributor_id = ?
       ),
       credited as (select id, selection from beats where producer_shares @> ?::jsonb),
       used as (
         select selection->'composition'->>'id' as sample_id, id as beat_id from credited
         union all
         select d->>'sampleId', c.id from credited c cross join lateral jsonb_array_elements(coalesce(c.selection->'drums', '[]'::jsonb)) d
       )
       select m.id, m.kind, m.name, m.type, m.bpm, m.key, m.mode, m.created_at, m.withdrawn, count(distinct u.beat_id)::int as beats
         from mine m left join used u on u.sample_id = m.id::text
        group by m.id, m.kind, m.name, m.type, m.bpm, m.key, m.mode, m.created_at, m.withdrawn
        order by beats desc, m.created_at desc, m.id
        limit 500`,
      [contributorId, contributorId, JSON.stringify([{ producerId: contributorId }])],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, name: r.name, type: r.type, bpm: r.bpm, key: r.key, mode: r.mode, createdAt: new Date(r.created_at), withdrawn: r.withdrawn, beats: r.beats }));
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
    this.requireLevel(user);
    const beat = await this.ownBeat(user, beatId);
    return this.start(user, 'full', { beatId: beat.id }, true);
  }

  /** Swap, remove or global drums of a beat's sections, or set their energy (level 2 or above). */
  async edit(user: User, beatId: string, mode: EditMode, edit: unknown): Promise<GenerationJob> {
    this.requireLevel(user);
    const beat = await this.ownBeat(user, beatId);
    // Refuse a bad edit before anything is queued.
    if (mode === 'energy') readSectionEnergy(beat.arrangement, edit);
    else readSectionDrums(beat.arrangement, edit, mode);
    return this.start(user, 'edit', { beatId: beat.id, mode, edit }, false);
  }

  /** A job's current state, for its owner only. */
  async jobState(user: User, jobId: string): Promise<JobEvent> {
    return eventOf(await this.ownJob(user, jobId));
  }

  /**
   * A job's events: its current state first (a late subscriber catches up), then every change
   * until it succeeds or fails. Only the job's owner may follow it.
   */
  async *follow(user: User, jobId: string, signal?: AbortSignal): AsyncGenerator<JobEvent> {
    await this.ownJob(user, jobId);
    const controller = new AbortController();
    signal?.addEventListener('abort', () => controller.abort(), { once: true });
    // Subscribe (and wait until the subscription holds) before reading the state, so no event
    // published between the two is lost.
    const live = (await this.deps.events.subscribe(jobChannel(jobId), controller.signal))[Symbol.asyncIterator]();
    try {
      const first = await this.jobState(user, jobId);
      yield first;
      if (first.status === 'succeeded' || first.status === 'failed') return;
      let last = first;
      let pending = live.next();
      for (;;) {
        // A message can be lost (Redis restarted, a publish failed): without one for a while, the
        // job's state is read from the database, where every stage is written before it is told.
        const next = await nextOrNothing(pending, RECHECK_MS);
        let event: JobEvent;
        if (next === 'nothing') event = await this.jobState(user, jobId);
        else {
          if (next.done) return;
          pending = live.next();
          event = next.value as JobEvent;
        }
        if (event.status === last.status && event.stage === last.stage) continue;
        // Progress never goes back: a late message, or a retried job running its stages again.
        if (event.status === 'running' && last.status === 'running' && event.stage < last.stage) continue;
        last = event;
        yield event;
        if (event.status === 'succeeded' || event.status === 'failed') return;
      }
    } finally {
      controller.abort();
    }
  }

  /** Waits for a job to finish (the REST paths answer when the beat is ready). */
  async waitFor(user: User, jobId: string, timeoutMs: number): Promise<JobEvent> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let last: JobEvent | undefined;
      for await (const event of this.follow(user, jobId, controller.signal)) last = event;
      if (!last || (last.status !== 'succeeded' && last.status !== 'failed')) {
        throw new DomainError('INTERNAL_SERVER_ERROR', 'Generation timed out. Please try again.');
      }
      return last;
    } finally {
      clearTimeout(timer);
    }
  }

  async beat(user: User, beatId: string): Promise<Beat> {
    return this.ownBeat(user, beatId);
  }

  /** The user's beats, newest first, at most 200 (spec 1 §9). */
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

  /**
   * How many beats listeners generated since a moment: first and full beats (an edit is a new
   * version of a beat already counted), not the system account's sample beats.
   */
  async generatedSince(since: Date): Promise<number> {
    const rows: { beats: string }[] = await this.deps.orm.em.fork().getConnection().execute(
      `select count(*) as beats from beats b join users u on u.id = b.owner_id
        where b.created_at >= ? and b.kind in ('first', 'full') and u.user_type is distinct from 'system'`,
      [since],
    );
    return Number(rows[0]?.beats ?? 0);
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

  /**
   * Free background jobs of a system account, one per slot (the landing page's sample beats): under
   * one lock across instances, starts a job for every slot that has neither a made beat nor a live
   * job (a queued job older than `staleQueuedMs` was lost by a process that died before queueing it).
   * Nothing is queued here: the caller paces them on the job queue.
   */
  async startSystemJobs(
    ownerId: string,
    slots: readonly { slot: string; prompt: string }[],
    options: { lock: string; staleQueuedMs: number },
  ): Promise<{ created: string[]; pending: string[] }> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [options.lock]);
      const jobs = await tx.find(GenerationJob, { owner: ownerId }, { orderBy: { createdAt: 'desc' } });
      const created: GenerationJob[] = [];
      const pending: string[] = [];
      for (const { slot, prompt } of slots) {
        const mine = jobs.filter((j) => slotOf(j) === slot);
        if (mine.some((j) => j.status === 'succeeded' && j.beat)) continue;
        const live = mine.find((j) => j.status === 'running' || (j.status === 'queued' && Date.now() - j.createdAt.getTime() < options.staleQueuedMs));
        if (live) pending.push(live.id);
        else created.push(tx.create(GenerationJob, { owner: tx.getReference(User, ownerId), kind: 'generate', input: { prompt, [SLOT]: slot }, tokenCharged: false }));
      }
      await tx.flush();
      return { created: created.map((j) => j.id), pending };
    });
  }

  /** How many of these jobs are still queued or running. */
  openJobCount(jobIds: readonly string[]): Promise<number> {
    return this.deps.orm.em.fork().count(GenerationJob, { id: { $in: [...jobIds] }, status: { $in: ['queued', 'running'] } });
  }

  /** The newest beat made for each slot of a system account. */
  async systemBeats(ownerId: string): Promise<Map<string, Beat>> {
    const jobs = await this.deps.orm.em.fork().find(
      GenerationJob,
      { owner: ownerId, status: 'succeeded', beat: { $ne: null } },
      { populate: ['beat'], orderBy: { createdAt: 'desc' } },
    );
    const bySlot = new Map<string, Beat>();
    for (const job of jobs) {
      const slot = slotOf(job);
      if (slot && !bySlot.has(slot) && job.beat) bySlot.set(slot, job.beat);
    }
    return bySlot;
  }

  /**
   * A beat's audio as a licence delivers it, rendered again from its stored provenance (the
   * arrangement re-renders the same master, bit for bit): the MP3 at 320 kbps, the 24-bit WAV master
   * and, when asked, one 24-bit WAV per layer of the arrangement. Resolves once the beat is found
   * and its render has started: each stem then resolves as it is written, the master's files when
   * the render is done. No owner check here: the licences module decides who holds a licence.
   */
  async renderLicenceAudio(beatId: string, options: { readonly stems: boolean }): Promise<LicenceAudio> {
    if (!isUuid(beatId)) throw notFound('That beat does not exist.');
    const beat = await this.deps.orm.em.fork().findOne(Beat, { id: beatId }, { fields: ['id', 'title', 'arrangement', 'masterGainDb'] });
    if (!beat) throw notFound('That beat does not exist.');
    const arrangement = parseArrangement(beat.arrangement);
    const written = new Map(options.stems ? arrangement.layers.map((layer) => [layer.id, deferred<Uint8Array>()]) : []);
    const rendering = this.deps.renderer.render(arrangement, undefined, {
      stems: options.stems,
      mp3BitrateKbps: LICENCE_MP3_BITRATE,
      onStem: options.stems ? (layerId, wav) => written.get(layerId)?.resolve(wav) : undefined,
      // The beat rendered at this gain when it was made: its stems need not wait for the master.
      expectedMasterGainDb: beat.masterGainDb ?? undefined,
    });
    const master = rendering.then(
      (rendered) => {
        // Every layer's stem came (the pool writes one per layer); a missing one fails its stem, not the master.
        for (const [layerId, stem] of written) stem.reject(new DomainError('INTERNAL_SERVER_ERROR', `The stem of layer ${layerId} was not rendered.`));
        return { mp3: rendered.mp3, wav: rendered.wav, durationSeconds: rendered.durationSeconds, masterGainDb: rendered.masterGainDb, timings: rendered.timings };
      },
      (error: unknown) => {
        for (const stem of written.values()) stem.reject(error);
        throw error;
      },
    );
    const stems = options.stems
      ? arrangement.layers.map((layer) => ({ layerId: layer.id, name: layer.name, role: layer.role, wav: written.get(layer.id)!.promise }))
      : null;
    // Whoever uses the stems and the master sees their failures; unused ones must not count as unhandled.
    for (const stem of written.values()) stem.promise.catch(() => undefined);
    master.catch(() => undefined);
    return { beatId: beat.id, title: beat.title, stems, master };
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

  private requireLevel(user: User): void {
    requirePlan(user, 'fullBeatsAndEditing');
  }

  private async ownBeat(user: User, beatId: string): Promise<Beat> {
    if (!isUuid(beatId)) throw notFound('That beat does not exist.');
    const beat = await this.deps.orm.em.fork().findOne(Beat, { id: beatId });
    if (!beat || (typeof beat.owner === 'string' ? beat.owner : beat.owner.id) !== user.id) throw notFound('That beat does not exist.');
    return beat;
  }

  private async ownJob(user: User, jobId: string): Promise<GenerationJob> {
    if (!isUuid(jobId)) throw notFound('That generation does not exist.');
    const job = await this.deps.orm.em.fork().findOne(GenerationJob, { id: jobId });
    if (!job || (typeof job.owner === 'string' ? job.owner : job.owner.id) !== user.id) throw notFound('That generation does not exist.');
    return job;
  }

  /** Rate limit, token, job row, queue: in that order, so a refused request costs nothing. */
  private async start(user: User, kind: JobKind, input: Record<string, unknown>, charge: boolean): Promise<GenerationJob> {
    const em = this.deps.orm.em.fork();
    // The rate check, the job and its token commit together, one request of a user at a time (a
    // transaction-scoped advisory lock), so racing requests can neither pass the limits together
    // nor leave a charge without its job.
    const job = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`generation:${user.id}`]);
      await this.checkRate(tx, user);
      const created = tx.create(GenerationJob, { owner: tx.getReference(User, user.id), kind, input, tokenCharged: charge });
      await tx.flush();
      if (charge) await this.deps.tokens.spend(user.id, SPEND_REASON[kind], created.id, tx);
      return created;
    });
    try {
      await this.deps.queue.enqueue(job.id);
    } catch (error) {
      await em.transactional(async (tx) => {
        const failed = await tx.execute<{ id: string }[]>(
          `update generation_jobs set status = 'failed', error = 'Could not be queued.', token_refunded = token_charged
            where id = ? and status = 'queued' and not token_refunded returning id`,
          [job.id],
        );
        if (failed.length && charge) await this.deps.tokens.refund(user.id, 'Refund: the generation could not be queued', job.id, tx);
      });
      throw error;
    }
    return job;
  }

  private async checkRate(em: EntityManager, user: User): Promise<void> {
    const [row] = await em.execute<{ recent: number; active: number }[]>(
      `select count(*) filter (where created_at > now() - interval '1 minute')::int as recent,
              count(*) filter (where status in ('queued', 'running'))::int as active
         from generation_jobs where owner_id = ? and created_at > now() - interval '1 hour'`,
      [user.id],
    );
    if (row.recent >= RATE_PER_MINUTE || row.active >= MAX_ACTIVE_JOBS) {
      throw new DomainError('TOO_MANY_REQUESTS', 'You are generating too fast. Please wait a moment and try again.');
    }
  }
}

/** Where a system job keeps its slot (the name predates the generic methods; stored rows use it). */
const SLOT = 'showcaseSlot';
const slotOf = (job: GenerationJob): string | null => {
  const slot = (job.input)[SLOT];
  return typeof slot === 'string' ? slot : null;
};

const SPEND_REASON: Record<JobKind, string> = { generate: 'Beat', regenerate: 'Regenerated beat', full: 'Full beat', edit: 'Edit' };

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value ?? '');

/** A promise with its settle functions outside (a later settle of a settled one does nothing). */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
