import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type Arrangement } from '../../audio';
import { DomainError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/pubsub/event-bus';
import type { BlobStore } from '../../platform/storage/blob-store';
import { newBlobKey } from '../../platform/storage/blob-store';
import type { Logger } from '../../platform/logging/logger';
import type { CreditsService } from '../billing';
import type { CatalogService } from '../catalog';
import type { Key, Mode } from '../../shared/music-theory';
import { planArrangement, semitonesBetween, type PlannedDrumLoop } from './arrangement-planner';
import { Beat } from './beat.entity';
import { fxKindOfPick, playingDrumSamples, readSectionDrums, readSectionEnergy, removeDrums, setGlobalDrums, swapDrums, type EditMode, type SectionDrum } from './beat-edits';
import { withSectionEnergy } from './section-energy';
import type { BeatRenderer, RenderPhase } from './beat-renderer';
import type { Landmarks } from '../../audio';
import type { BeatSelection } from './beat-selection';
import { GenerationJob } from './generation-job.entity';
import { jobChannel, stageMessage, type JobEvent } from './generation-stages';
import { contributionCells, producerShares } from './producer-shares';
import { chooseLoops } from './loop-choice';
import type { PromptIntent } from './prompt/prompt-parser';
import type { PromptReader } from './prompt/prompt-reader';
import { chooseDrumLoop, type Random } from './sample-selection';
import { chooseStructure } from './song-structure';
import { TEMPO_NUDGES, arrangementFingerprint, atTempo } from './arrangement-fingerprint';

/** A made beat before rendering: its arrangement, loops and where it came from. */
interface MadeBeat {
  readonly arrangement: Arrangement;
  readonly selection: BeatSelection;
  readonly prompt: string;
  readonly kind: string;
  readonly parentId: string | null;
}

/** How many fresh choices of loops a prompt gets before the tempo is nudged instead. */
const RECHOICES = 3;

export interface GenerationRunnerDeps {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  readonly renderer: BeatRenderer;
  readonly events: EventBus;
  readonly tokens: CreditsService;
  readonly logger: Logger;
  /** The catalogue's candidates (the catalog module's service). */
  readonly catalog: Pick<CatalogService, 'compositionCandidates' | 'drumCandidates'>;
  /** The names beats credit their producers by, by producer id. */
  readonly producerNames: (producerIds: readonly string[]) => Promise<Map<string, string>>;
  /** Reads prompts of jobs queued without their reading (before prompts were read at the request). */
  readonly prompts: PromptReader;
  readonly random?: Random;
  /** Stores a new beat's landmark fingerprints in its transaction (the content-id module); without it, the backfill does later. */
  readonly landmarks?: { store(em: EntityManager, beatId: string, landmarks: Landmarks, seconds: number): Promise<unknown> };
}

/** A retried job's earlier attempt reached the end after another attempt had finished it. */
class FinishedElsewhere extends Error {
  constructor() {
    super('The job was finished elsewhere.');
  }
}

const CANDIDATES = 60;
/** How often a failed attempt tries to read its job's state again (backing off from 100 ms). */
const SETTLE_RETRIES = 6;
const FAILED = 'Failed to generate beat. Please try again.';

/**
 * The spec's stage messages over the real work: 1 "Getting audio files..." is reading the prompt
 * and choosing the loops; the others are the render's phases: the drum loops and the melody's stems
 * warped to the beat's tempo and key, the layers laid over the song's sections, then mixing and
 * mastering (and encoding).
 */
const STAGE_OF_PHASE: Record<RenderPhase, number> = { drums: 2, melody: 3, mixing: 4, mastering: 5 };

const titleOf = (prompt: string) => {
  const text = prompt.trim().replace(/\s+/g, ' ');
  return (text.charAt(0).toUpperCase() + text.slice(1)).slice(0, 80) || 'Untitled beat';
};

/** The job's state as an event (for late subscribers and for every stage). */
export function eventOf(job: GenerationJob): JobEvent {
  return {
    jobId: job.id,
    status: job.status,
    stage: job.stage,
    message: job.status === 'running' || job.status === 'queued' ? stageMessage(job.stage) : null,
    beatId: job.beat ? (typeof job.beat === 'string' ? job.beat : job.beat.id) : null,
    error: job.error ?? null,
    errorCode: job.errorCode ?? null,
  };
}

/**
 * Runs generation jobs: prompt to selection to arrangement to rendered, stored beat, publishing
 * every stage. A job runs at most to one beat: a retried job (its worker died) starts over, and
 * only the final transaction stores the beat and marks the job done. A failure refunds the token
 * exactly once.
 */
export class GenerationRunner {
  private readonly random: Random;

  constructor(private readonly deps: GenerationRunnerDeps) {
    this.random = deps.random ?? Math.random;
  }

  /** A key that orders the catalogue's equally fitting candidates, drawn from the generator's randomness. */
  private shuffleKey(): string {
    return Math.floor(this.random() * 2 ** 32).toString(36);
  }

  /** The queue's handler. */
  readonly handle = async (jobId: string): Promise<void> => {
    const em = this.deps.orm.em.fork();
    const job = await em.findOne(GenerationJob, { id: jobId });
    if (!job || job.status === 'succeeded' || job.status === 'failed') return;
    const written: string[] = [];
    const started = performance.now();
    const queuedMs = Date.now() - job.createdAt.getTime();
    // Stage updates the render announces, in order; settled before the job's end is told.
    let staged = Promise.resolve();
    // Taken only while unfinished, in one statement: an attempt that read the job just before another
    // attempt failed it (or stored its beat) must not bring it back to 'running'.
    const taken = await em.nativeUpdate(
      GenerationJob,
      { id: jobId, status: { $in: ['queued', 'running'] } },
      { status: 'running', attempts: job.attempts + 1, updatedAt: new Date() },
    );
    if (!taken) return;
    try {
      job.status = 'running';
      // Which process took which attempt: a job retried after its worker died shows up twice.
      this.deps.logger.info({ jobId, attempt: job.attempts + 1, queuedMs }, 'generation: job started');
      const ownerId = typeof job.owner === 'string' ? job.owner : job.owner.id;
      const made = await this.unique(job, ownerId, await this.make(em, job, ownerId));
      const selected = performance.now();
      // The spec's stages 2 to 5 are the render's own phases, announced as each begins.
      // A sample beat of the landing page (it carries its slot) is background work.
      const background = (job.input as { showcaseSlot?: unknown }).showcaseSlot !== undefined;
      const rendered = await this.deps.renderer.render(
        made.arrangement,
        (phase) => {
          staged = staged.then(() => this.stage(job, STAGE_OF_PHASE[phase]));
          // A failed update is awaited (and thrown) after the render; until then it is not "unhandled".
          staged.catch(() => undefined);
        },
        { background },
      );
      await staged;
      const renderedAt = performance.now();
      const mp3Key = newBlobKey(`beats/${ownerId}`, 'mp3');
      const wavKey = newBlobKey(`beats/${ownerId}`, 'wav');
      // Both files at once (and the shares meanwhile). All settle before a failure is thrown, so the
      // clean-up below deletes whatever was written, never a file still being written.
      written.push(mp3Key, wavKey);
      const [shares, mp3Put, wavPut] = await Promise.allSettled([
        this.sharesOf(made.arrangement, made.selection),
        this.deps.blobs.put(mp3Key, rendered.mp3, { contentType: 'audio/mpeg' }),
        this.deps.blobs.put(wavKey, rendered.wav, { contentType: 'audio/wav' }),
      ]);
      for (const put of [mp3Put, wavPut]) if (put.status === 'rejected') throw put.reason;
      if (shares.status === 'rejected') throw shares.reason;
      const beat = await em.transactional(async (tem) => {
        // refresh: this em holds the job as this attempt set it ('running'); without it the locked
        // row's status (another attempt may have finished the job meanwhile) would not replace that.
        const current = await tem.findOne(GenerationJob, { id: jobId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (!current || current.status !== 'running') throw new FinishedElsewhere();
        const created = tem.create(Beat, {
          owner: ownerId,
          prompt: made.prompt,
          title: titleOf(made.prompt),
          bpm: made.arrangement.bpm,
          key: made.arrangement.key,
          mode: made.arrangement.mode === 'major' ? 'Major' : 'Minor',
          structure: made.arrangement.sections.map((s) => s.label).join(''),
          kind: made.kind,
          arrangement: made.arrangement,
          selection: made.selection,
          producerShares: shares.value,
          fingerprint: made.fingerprint,
          mp3BlobKey: mp3Key,
          wavBlobKey: wavKey,
          durationSeconds: rendered.durationSeconds,
          loudnessLufs: rendered.loudnessLufs,
          truePeakDbtp: rendered.truePeakDbtp,
          masterGainDb: rendered.masterGainDb,
          peaks: rendered.peaks,
          parent: made.parentId ? tem.getReference(Beat, made.parentId) : null,
        });
        if (rendered.landmarks && this.deps.landmarks) {
          await tem.flush(); // the landmarks' rows refer to the beat's
          await this.deps.landmarks.store(tem, created.id, rendered.landmarks, rendered.durationSeconds);
        }
        current.status = 'succeeded';
        current.beat = created;
        current.finishedAt = new Date();
        return created;
      });
      job.status = 'succeeded';
      job.beat = beat;
      await this.publish(job);
      const ms = (from: number, to: number) => Math.round(to - from);
      this.deps.logger.info(
        { jobId, kind: made.kind, sections: made.arrangement.sections.length, queuedMs, selectMs: ms(started, selected), renderMs: ms(selected, renderedAt), storeMs: ms(renderedAt, performance.now()), render: rendered.timings, master: rendered.master, mp3Chunks: rendered.mp3Chunks },
        'generation: beat ready',
      );
    } catch (error) {
      await staged.catch(() => undefined);
      if (error instanceof FinishedElsewhere) {
        // This attempt outlived its queue lock (Redis was away) and another attempt stored the beat.
        await this.deps.blobs.deleteMany(written).catch(() => undefined);
        this.deps.logger.warn({ jobId }, 'generation: another attempt finished the job first; this render is dropped');
        return;
      }
      await this.settleAfter(jobId, error, written);
      throw error;
    }
  };

  /**
   * Ends a job whose attempt threw, by what the database holds rather than by the error: a commit
   * whose acknowledgement was lost (the connection cut after COMMIT) throws like a failure, yet the
   * beat is stored and the job succeeded. So the job is read again (retrying while the database is
   * unreachable); only a job still unfinished is failed and refunded, and only files no stored beat
   * names are deleted.
   */
  private async settleAfter(jobId: string, error: unknown, written: readonly string[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const job = await this.deps.orm.em.fork().findOne(GenerationJob, { id: jobId }, { populate: ['beat'] });
        const beat = job?.beat && typeof job.beat !== 'string' ? job.beat : null;
        if (job?.status === 'succeeded' && beat && written.includes(beat.mp3BlobKey)) {
          this.deps.logger.warn({ jobId, err: error }, 'generation: the beat was stored though its commit was not acknowledged');
          await this.publish(job);
          return;
        }
        if (job?.status === 'failed') {
          // Failed already (an earlier try's failure committed unacknowledged, or the stale sweep).
          await this.deps.blobs.deleteMany(written).catch(() => undefined);
          await this.publish(job);
          return;
        }
        await this.deps.blobs.deleteMany(written).catch(() => undefined);
        await this.fail(jobId, error);
        return;
      } catch (settling) {
        // The files stay until the job's state is known: deleting a stored beat's files is worse
        // than leaving a render's files behind (check:data reports those).
        if (attempt >= SETTLE_RETRIES) {
          this.deps.logger.error({ jobId, err: settling }, 'generation: could not settle the job; the stale-job sweep will');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  /** The queue gave up on a job (its worker died too often). */
  readonly abandon = async (jobId: string, reason: string): Promise<void> => {
    this.deps.logger.warn({ jobId, reason }, 'generation job abandoned');
    await this.fail(jobId, new DomainError('INTERNAL_SERVER_ERROR', 'Generation was interrupted. Your token was refunded. Please try again.'));
  };

  /**
   * In-process mode: jobs that were waiting or running when the process stopped will never run;
   * fail them (refunding their tokens) so their owners are told.
   */
  async recoverInterrupted(): Promise<number> {
    const em = this.deps.orm.em.fork();
    const stranded = await em.find(GenerationJob, { status: { $in: ['queued', 'running'] } }, { fields: ['id'] });
    for (const job of stranded) {
      await this.fail(job.id, new DomainError('INTERNAL_SERVER_ERROR', 'Generation was interrupted by a restart. Your token was refunded. Please try again.'));
    }
    return stranded.length;
  }

  /**
   * Fails (refunding) jobs that nothing has moved for `olderThanMs`: with Redis, a job whose queue
   * entry was lost (Redis restarted without persistence, or the api stopped between charging and
   * queueing) would otherwise wait forever with its token spent. A worker that picks such a job up
   * later finds it failed and leaves it.
   */
  async failStale(olderThanMs: number): Promise<number> {
    const em = this.deps.orm.em.fork();
    const stale = await em.find(
      GenerationJob,
      { status: { $in: ['queued', 'running'] }, updatedAt: { $lt: new Date(Date.now() - olderThanMs) } },
      { fields: ['id'] },
    );
    for (const job of stale) {
      await this.fail(job.id, new DomainError('INTERNAL_SERVER_ERROR', 'Generation was interrupted. Your token was refunded. Please try again.'));
    }
    return stale.length;
  }

  /** Marks a job failed (once), refunds its token (once) and tells subscribers. */
  async fail(jobId: string, error: unknown): Promise<void> {
    const em = this.deps.orm.em.fork();
    const domain = error instanceof DomainError ? error : null;
    if (!domain) this.deps.logger.error({ err: error, jobId }, 'generation failed');
    const message = domain?.message ?? FAILED;
    // The failure, the refund flag and the refund commit together: a cut anywhere leaves either a
    // job still unfinished (settled again later) or a failed job whose token came back once.
    const changed = await em.transactional(async (tx) => {
      const failed = await tx.nativeUpdate(
        GenerationJob,
        { id: jobId, status: { $in: ['queued', 'running'] } },
        { status: 'failed', error: message, errorCode: domain?.code ?? 'INTERNAL_SERVER_ERROR', finishedAt: new Date(), updatedAt: new Date() },
      );
      if (!failed) return false;
      const refund = await tx.execute<{ owner_id: string }[]>(
        'UPDATE generation_jobs SET token_refunded = true WHERE id = ? AND token_charged AND NOT token_refunded RETURNING owner_id',
        [jobId],
      );
      if (refund.length) await this.deps.tokens.refund(refund[0].owner_id, 'Refund: the generation failed', jobId, tx);
      return true;
    });
    if (!changed) return;
    const job = await em.findOneOrFail(GenerationJob, { id: jobId });
    await this.publish(job);
  }

  /**
   * Tells followers (best effort): the job's state is in the database first, and followers re-read
   * it when no message comes, so a publish lost to a Redis outage neither fails the job nor (after
   * the beat is stored) deletes its files.
   */
  private async publish(job: GenerationJob): Promise<void> {
    try {
      await this.deps.events.publish(jobChannel(job.id), eventOf(job));
    } catch (err) {
      this.deps.logger.warn({ err, jobId: job.id, status: job.status, stage: job.stage }, 'generation: progress not published (followers re-read the job)');
    }
  }

  private async stage(job: GenerationJob, stage: number): Promise<void> {
    job.stage = stage;
    await this.deps.orm.em.fork().nativeUpdate(GenerationJob, { id: job.id }, { stage, updatedAt: new Date() });
    await this.publish(job);
  }

  /**
   * Makes sure no other user holds this beat's arrangement (docs/decisions.md, "Unique beats"): the
   * fingerprint is claimed for the owner in beat_fingerprints, whose primary key is the fingerprint.
   * When another user holds it, a prompt's loops are chosen again, and then (or for a full beat or an
   * edit) the tempo is nudged by 1, 2, ... BPM until an arrangement is free.
   */
  private async unique(job: GenerationJob, ownerId: string, made: MadeBeat): Promise<MadeBeat & { fingerprint: string }> {
    let candidate = made;
    const input = job.input as { prompt?: string; intent?: PromptIntent };
    const fromPrompt = job.kind === 'generate' || job.kind === 'regenerate';
    for (let attempt = 1; ; attempt++) {
      const fingerprint = arrangementFingerprint(candidate.arrangement);
      if (await this.claimFingerprint(ownerId, fingerprint)) return { ...candidate, fingerprint };
      this.deps.logger.info({ jobId: job.id, attempt }, 'generation: arrangement already another user\'s, choosing again');
      if (!fromPrompt || attempt >= RECHOICES) break;
      candidate = await this.makeFromPrompt(job, input.prompt ?? '', input.intent);
    }
    for (const nudge of TEMPO_NUDGES) {
      const arrangement = atTempo(candidate.arrangement, candidate.arrangement.bpm + nudge);
      const fingerprint = arrangementFingerprint(arrangement);
      if (await this.claimFingerprint(ownerId, fingerprint)) return { ...candidate, arrangement, fingerprint };
    }
    throw new DomainError('CONFLICT', 'Could not make a beat that no one else has. Please try again.');
  }

  /** Claims a fingerprint for a user in one statement: true when it is now (or already was) theirs. */
  private async claimFingerprint(ownerId: string, fingerprint: string): Promise<boolean> {
    const rows = await this.deps.orm.em.fork().getConnection().execute<{ owner_id: string }[]>(
      `insert into beat_fingerprints (fingerprint, owner_id, created_at) values (?, ?, now())
       on conflict (fingerprint) do update set fingerprint = excluded.fingerprint where beat_fingerprints.owner_id = excluded.owner_id
       returning owner_id`,
      [fingerprint, ownerId],
    );
    return rows.length > 0;
  }

  private async make(em: EntityManager, job: GenerationJob, ownerId: string): Promise<MadeBeat> {
    const input = job.input as { prompt?: string; intent?: PromptIntent; beatId?: string; mode?: EditMode; edit?: unknown };
    if (job.kind === 'generate' || job.kind === 'regenerate') return this.makeFromPrompt(job, input.prompt ?? '', input.intent);
    const source = await em.findOne(Beat, { id: input.beatId, owner: ownerId });
    if (!source) throw notFound('That beat does not exist.');
    if (job.kind === 'full') {
      await this.stage(job, 1);
      const structure = chooseStructure('full', source.selection.genre, (n) => Math.floor(this.random() * n));
      const arrangement = planArrangement({
        ...source.selection,
        bpm: source.bpm,
        key: source.key as Key,
        mode: source.mode as Mode,
        structure,
      });
      return { arrangement, selection: source.selection, prompt: source.prompt, kind: 'full', parentId: source.id };
    }
    return this.makeEdit(job, source, input.mode!, input.edit);
  }

  private async makeFromPrompt(job: GenerationJob, prompt: string, read?: PromptIntent): Promise<MadeBeat> {
    await this.stage(job, 1);
    // The reading made when the job was requested (and shown to the listener) is the one used.
    const intent = read ?? (await this.deps.prompts.read(prompt));
    const { selection, bpm, key, mode } = await chooseLoops(this.deps.catalog, intent, this.random, () => this.shuffleKey());
    const structure = chooseStructure('short', selection.genre, (n) => Math.floor(this.random() * n));
    const arrangement = planArrangement({ ...selection, bpm, key, mode, structure });
    return { arrangement, selection, prompt, kind: 'first', parentId: null as string | null };
  }

  private async makeEdit(job: GenerationJob, source: Beat, mode: EditMode, edit: unknown): Promise<MadeBeat> {
    await this.stage(job, 1);
    let arrangement: Arrangement = source.arrangement;
    let selection = source.selection;
    // Energy: the sections' layers and transitions re-planned (the loops stay the beat's own).
    if (mode === 'energy') arrangement = withSectionEnergy(arrangement, source.selection.genre, readSectionEnergy(arrangement, edit));
    const picks = mode === 'energy' ? [] : readSectionDrums(source.arrangement, edit, mode);
    if (mode === 'remove') arrangement = removeDrums(arrangement, picks);
    if (mode === 'global') arrangement = setGlobalDrums(arrangement, picks);
    if (mode === 'swap') {
      // One replacement per drum type, and per kind of one-shot (an FX pick whose section has only a
      // riser or an impact swaps it for another of its kind).
      const replacements = new Map<string, PlannedDrumLoop>();
      const before = arrangement;
      const slot = (pick: SectionDrum) => `${pick.drumType}|${fxKindOfPick(before, pick) ?? ''}`;
      for (const pick of picks) {
        if (replacements.has(slot(pick))) continue;
        const { drumType } = pick;
        const kind = fxKindOfPick(before, pick);
        const playing = new Set(playingDrumSamples(arrangement, drumType));
        const candidates = (await this.deps.catalog.drumCandidates(drumType, [`genre:${source.selection.genre ?? ''}`], source.bpm, CANDIDATES, this.shuffleKey(), kind)).filter((c) => !playing.has(c.id));
        const loop = chooseDrumLoop(candidates, source.bpm, source.key as Key, this.random);
        if (!loop) throw notFound(`There is no other ${kind ?? drumType} ${kind ? 'sound' : 'loop'} to swap in yet.`);
        replacements.set(slot(pick), { sampleId: loop.id, drumType, bpm: loop.bpm, bars: loop.bars, key: loop.key, producerId: loop.producerId });
      }
      arrangement = swapDrums(arrangement, picks, (pick) => {
        const loop = replacements.get(slot(pick))!;
        return {
          sampleId: loop.sampleId,
          sourceBpm: loop.bpm,
          bars: loop.bars,
          semitones: pick.drumType === '808s' && loop.key ? semitonesBetween(loop.key, source.key as Key) : 0,
        };
      });
      // The swapped-in loops are credited like the rest; the selection keeps every loop the beat plays.
      selection = { ...selection, drums: [...selection.drums, ...replacements.values()] };
    }
    // The master starts from the source's gain: if the edit leaves the loudness in tolerance, the
    // sections it did not touch render to the same samples and their encoded audio is reused.
    if (source.masterGainDb != null) arrangement = { ...arrangement, master: { ...arrangement.master, startGainDb: source.masterGainDb } };
    return { arrangement, selection, prompt: source.prompt, kind: 'edit', parentId: source.id };
  }

  /** Producer shares from the arrangement's playing cells (the rule of producer-shares.ts). */
  private async sharesOf(arrangement: Arrangement, selection: BeatSelection) {
    const producerOf = new Map<string, string>();
    for (const stem of selection.composition.stems) producerOf.set(stem.sampleId, stem.producerId);
    for (const drum of [...selection.drums, ...(selection.fx ?? [])]) producerOf.set(drum.sampleId, drum.producerId);
    const cells = contributionCells(arrangement, producerOf);
    const shares = producerShares(cells);
    const nameOf = await this.deps.producerNames(shares.map((s) => s.producerId));
    return shares.map((s) => ({ ...s, name: nameOf.get(s.producerId) ?? 'Unknown producer' }));
  }
}
