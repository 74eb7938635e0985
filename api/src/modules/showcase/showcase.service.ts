import { setTimeout as sleep } from 'node:timers/promises';
import { waveformPeaks, decodeWav } from '../../audio';
import type { Logger } from '../../platform/logging/logger';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { AccountsService } from '../accounts';
import type { Beat } from '../beats';
import type { BeatsService } from '../beats';
import type { CatalogService } from '../catalog';
import { genreLabel, SAMPLE_BEAT_PROMPTS, type SampleBeatPrompt } from './sample-beat-prompts';
import { SHOWCASE_ACCOUNT } from './system-account';

/** A rendered sample beat as the landing page plays it. */
export interface SampleBeat {
  readonly id: string;
  readonly slot: string;
  readonly title: string;
  readonly genre: string;
  readonly audioUrl: string;
  readonly key: string;
  readonly mode: string;
  readonly bpm: number;
  readonly structure: string;
  readonly durationSeconds: number;
  readonly peaks: number[];
}

export interface ShowcaseServiceDeps {
  readonly accounts: Pick<AccountsService, 'systemAccountId' | 'findSystemAccountId'>;
  readonly catalog: Pick<CatalogService, 'hasMelodies'>;
  readonly beats: Pick<BeatsService, 'startSystemJobs' | 'openJobCount' | 'systemBeats' | 'setPeaks'>;
  readonly queue: Pick<JobQueue, 'enqueue'>;
  readonly blobs: BlobStore;
  readonly logger: Logger;
  readonly prompts?: readonly SampleBeatPrompt[];
  /** How often a wait for rendering jobs looks at them. */
  readonly pollMs?: number;
  /** How long `ensure` waits for its jobs before leaving them to finish on their own. */
  readonly waitMs?: number;
  /** A query finding beats missing triggers rendering at most this often. */
  readonly retryMs?: number;
}

/** What one `ensure` did. */
export interface EnsureResult {
  /** 'empty': the catalogue has no melodies yet, nothing was started. */
  readonly status: 'ready' | 'empty' | 'incomplete';
  readonly started: number;
  readonly beats: number;
}

/** Jobs left queued longer than this by a process that died before enqueueing them are started again. */
const STALE_QUEUED_MS = 15 * 60_000;
const LOCK = 'showcase:sample-beats';
/** Waveform bars on a sample-beat card. */
const PEAK_BUCKETS = 120;

/**
 * The landing page's sample beats (requirements §L2): four fixed prompts of different genres, rendered
 * once from the catalogue by the ordinary generation pipeline (as jobs of a system account, queued
 * like any other, so any worker may render them), stored as beats and reused on every later start.
 */
export class ShowcaseService {
  private readonly prompts: readonly SampleBeatPrompt[];
  private running?: Promise<EnsureResult>;
  /** When this instance last started renders (an empty catalogue starts none and is re-checked at once). */
  private lastStarted = 0;
  private readonly stopped = new AbortController();

  constructor(private readonly deps: ShowcaseServiceDeps) {
    this.prompts = deps.prompts ?? SAMPLE_BEAT_PROMPTS;
  }

  /** The rendered sample beats in grid order (at most four); starts rendering missing ones in the background. */
  async sampleBeats(): Promise<SampleBeat[]> {
    const beats = await this.renderedBeats();
    if (beats.size < this.prompts.length && !this.running && Date.now() - this.lastStarted > (this.deps.retryMs ?? 60_000)) this.ensureInBackground();
    const out: SampleBeat[] = [];
    for (const prompt of this.prompts) {
      const beat = beats.get(prompt.slot);
      if (beat) out.push(await this.present(prompt, beat));
    }
    return out;
  }

  /** `ensure` without waiting; failures are logged. For main.ts after the demo library is seeded. */
  ensureInBackground(): void {
    this.ensure().catch((error: unknown) => {
      if (!this.stopped.signal.aborted) this.deps.logger.warn({ err: error }, 'sample beats could not be rendered');
    });
  }

  /**
   * Renders every sample beat that has none yet (nothing when the catalogue has no melodies) and
   * waits for them. Concurrent calls share one run; instances share the work through a database lock.
   */
  ensure(): Promise<EnsureResult> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops waiting (shutdown); queued renders finish or fail with the queue. */
  close(): void {
    this.stopped.abort();
  }

  private async run(): Promise<EnsureResult> {
    if (!(await this.deps.catalog.hasMelodies())) return { status: 'empty', started: 0, beats: (await this.renderedBeats()).size };
    const ownerId = await this.deps.accounts.systemAccountId(SHOWCASE_ACCOUNT);
    const slots = this.prompts.map((p) => ({ slot: p.slot, prompt: p.prompt }));
    const { created, pending } = await this.deps.beats.startSystemJobs(ownerId, slots, { lock: LOCK, staleQueuedMs: STALE_QUEUED_MS });
    if (created.length) this.lastStarted = Date.now();
    if (created.length) this.deps.logger.info({ jobs: created.length }, 'rendering sample beats');
    // One at a time: the sample beats are background work and must never hold every job slot while
    // a listener waits for their first beat (on a fresh install both start the moment the library
    // lands); their render tasks also queue behind every listener's (the runner renders them as
    // background jobs).
    const deadline = Date.now() + (this.deps.waitMs ?? 10 * 60_000);
    for (const id of created) {
      await this.deps.queue.enqueue(id);
      await this.waitFor([id], deadline);
    }
    await this.waitFor(pending, deadline);
    const rendered = await this.renderedBeats();
    for (const beat of rendered.values()) if (!beat.peaks?.length) await this.fillPeaks(beat);
    const beats = rendered.size;
    return { status: beats === this.prompts.length ? 'ready' : 'incomplete', started: created.length, beats };
  }

  /** Until every job has finished, the deadline passes, or the service stops. */
  private async waitFor(jobIds: string[], deadline: number): Promise<void> {
    if (!jobIds.length) return;
    while (Date.now() < deadline && !this.stopped.signal.aborted) {
      const open = await this.deps.beats.openJobCount(jobIds);
      if (open === 0) return;
      await sleep(this.deps.pollMs ?? 500, undefined, { signal: this.stopped.signal }).catch(() => undefined);
    }
  }

  /** The cards draw a waveform; a renderer that gave no peaks gets them measured from the WAV master once. */
  private async fillPeaks(beat: Beat): Promise<void> {
    const { audio } = decodeWav(await this.deps.blobs.get(beat.wavBlobKey));
    const peaks = waveformPeaks(audio, PEAK_BUCKETS, { normalize: true });
    await this.deps.beats.setPeaks(beat.id, peaks);
    beat.peaks = peaks;
  }

  /** The newest rendered beat of each slot. */
  private async renderedBeats(): Promise<Map<string, Beat>> {
    const ownerId = await this.deps.accounts.findSystemAccountId(SHOWCASE_ACCOUNT.subject);
    return ownerId ? this.deps.beats.systemBeats(ownerId) : new Map();
  }

  private async present(prompt: SampleBeatPrompt, beat: Beat): Promise<SampleBeat> {
    return {
      id: beat.id,
      slot: prompt.slot,
      title: prompt.title,
      genre: genreLabel(beat.selection?.genre ?? null),
      audioUrl: await this.deps.blobs.signedUrl(beat.mp3BlobKey),
      key: beat.key,
      mode: beat.mode,
      bpm: beat.bpm,
      structure: beat.structure,
      durationSeconds: beat.durationSeconds,
      peaks: beat.peaks,
    };
  }
}
