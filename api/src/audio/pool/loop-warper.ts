import { LRUCache } from 'lru-cache';
import type { AudioData } from '../audio-buffer';
import type { LoopCache } from '../cache/loop-cache';
import type { LoopSpec, PoolSampleSource, PreparedLoop, SampleFile } from '../render/loop-preparer';
import type { LoopOnset } from '../warp/loop-onsets';
import type { PrepareTaskResult } from './render-job';
import type { PoolJob } from './pool-job';

/** Samples whose onsets the pool keeps (by sample and kind). */
const ONSET_CACHE_ENTRIES = 8192;

/** Time a job spent on the loops it warped (not those found cached): waiting for samples, and warping. */
export interface WarpTimes {
  loadMs: number;
  warpMs: number;
}

const now = () => performance.now();

const isSampleFile = (sample: AudioData | Uint8Array | SampleFile): sample is SampleFile => !(sample instanceof Uint8Array) && 'file' in sample;

/**
 * Warped loops for every job: from the cache (bytes-bounded, on SharedArrayBuffers, read by every
 * worker), or loaded on the main thread and warped on any worker, once however many jobs ask. The
 * onsets a warp needs are the sample's, stored with it in the catalogue or detected once (~60 ms
 * for 8 bars) and kept here, so a sample's second warp (another tempo) detects nothing.
 */
export class LoopWarper {
  private readonly onsets = new LRUCache<string, readonly LoopOnset[]>({ max: ONSET_CACHE_ENTRIES });
  private detections = 0;

  constructor(
    private readonly loadSample: PoolSampleSource,
    readonly cache: LoopCache<PreparedLoop>,
  ) {}

  /** Warps whose worker had to detect the sample's onsets. */
  onsetDetections(): number {
    return this.detections;
  }

  /** The loops of `specs` (drum or melody ones), by loop key; each from the cache or warped now. */
  warpAll(job: PoolJob, specs: readonly (readonly [string, LoopSpec])[], melody: boolean, spent: WarpTimes): Promise<(readonly [string, PreparedLoop])[]> {
    const chosen = specs.filter(([, spec]) => (spec.role === 'melody') === melody);
    return Promise.all(chosen.map(async ([key, spec]) => [key, await this.prepared(job, key, spec, spent)] as const));
  }

  /** A warped loop from the cache, or warped on a worker now (and cached); adds the time it took to `spent`. */
  private prepared(job: PoolJob, key: string, spec: LoopSpec, spent: WarpTimes): Promise<PreparedLoop> {
    const shareKey = `loop:${key}`;
    return job.shared(this.cache, key, shareKey, async () => {
      const loading = now();
      const loaded = await this.loadSample(spec.sampleId);
      const warping = now();
      spent.loadMs += warping - loading;
      const sample = isSampleFile(loaded) ? loaded.file : loaded;
      if (isSampleFile(loaded) && loaded.onsets) this.keepOnsets(spec.sampleId, loaded.onsets);
      const onsetsKey = `${spec.sampleId}|${spec.options.kind}`;
      const warp = { ...spec.options, onsets: this.onsets.get(onsetsKey) };
      const { loop, detectedOnsets } = await job.run<PrepareTaskResult>({ kind: 'prepare', sampleId: spec.sampleId, sample, options: warp }, { shareKey });
      if (detectedOnsets) {
        this.detections++;
        this.onsets.set(onsetsKey, detectedOnsets);
      }
      spent.warpMs += now() - warping;
      return loop;
    });
  }

  /** Onsets stored with the sample when it entered the catalogue, for both kinds of warp. */
  private keepOnsets(sampleId: string, stored: NonNullable<SampleFile['onsets']>): void {
    this.onsets.set(`${sampleId}|drums`, stored.drums);
    this.onsets.set(`${sampleId}|tonal`, stored.tonal);
  }
}
