import type { LoopCache } from '../cache/loop-cache';
import type { EncodedMp3Chunk, Mp3Bitrate } from '../encode/mp3-chunk-encoder';
import type { LimitedNoteData, Mp3ChunkPlan, SharedAudio } from './render-job';
import type { PoolJob } from './pool-job';

/** An MP3 chunk encoded (or found in the cache) before the master was confirmed. */
interface EarlyChunk {
  readonly bytes: Uint8Array;
  /** Found in the cache, not encoded. */
  readonly known: boolean;
}

/** A job's MP3 in chunks, and how many of them were already encoded (found in the cache). */
export interface Mp3ChunkSet {
  readonly chunks: EncodedMp3Chunk[];
  readonly reused: number;
}

/**
 * One job's MP3, encoded in frame-aligned chunks on any worker, each keyed by its audio in a cache
 * shared by every job (so an edit re-encodes only the chunks its change reached). Chunks start
 * encoding early, as the render task's limiter announces them (`encodeEarly`); `collect` keeps those
 * if the master they were encoded from stands, else encodes the master's chunks afresh.
 */
export class Mp3Chunks {
  /** By chunk index, as the render task announces them. */
  private readonly early: Promise<EarlyChunk>[] = [];

  constructor(
    private readonly job: PoolJob,
    private readonly cache: LoopCache<Uint8Array>,
    private readonly bitrateKbps: Mp3Bitrate,
  ) {}

  /**
   * MP3 chunks of a master the render task is still limiting or checking: those already in the
   * cache, and the rest queued now, so the other workers encode while the render task checks. They
   * enter the cache only once the render task confirms the master (a chunk's key must name the
   * samples its bytes encode).
   */
  encodeEarly(note: LimitedNoteData): void {
    for (const { spec, key } of note.mp3Chunks) {
      const known = this.cache.get(key);
      const chunk = known
        ? Promise.resolve({ bytes: known, known: true })
        : this.job.run<EncodedMp3Chunk>({ kind: 'mp3-chunk', audio: note.master, spec, bitrateKbps: this.bitrateKbps }).then(({ bytes }) => ({ bytes, known: false }));
      // Awaited later, or dropped when the master changed: never an unhandled rejection meanwhile.
      chunk.catch(() => undefined);
      this.early[spec.index] = chunk;
    }
  }

  /** Waits until no early chunk's encode reads the master any more (before they are dropped). */
  async dropEarly(): Promise<void> {
    await Promise.allSettled(this.early.filter(Boolean));
  }

  /**
   * The master's chunks. Those encoded as the limiter wrote the master stand when `earlyHold` (it
   * neither trimmed the master nor ran again); otherwise (after `dropEarly`) the chunks are encoded
   * afresh, or found in the cache. Their tasks are queued before this returns.
   */
  async collect(master: SharedAudio, plans: readonly Mp3ChunkPlan[], earlyHold: boolean): Promise<Mp3ChunkSet> {
    let reused = 0;
    const chunks = await Promise.all(
      plans.map(async (plan, i): Promise<EncodedMp3Chunk> => {
        const { bytes, encoded } = earlyHold ? await this.confirmEarly(plan.key, i) : await this.encode(master, plan);
        if (!encoded) reused++;
        return { index: plan.spec.index, firstFrame: plan.spec.firstFrame, joinWindow: plan.spec.joinWindow, bytes };
      }),
    );
    return { chunks, reused };
  }

  /** An early chunk, now known to be the master's: cached if it was encoded. */
  private async confirmEarly(key: string, index: number): Promise<{ bytes: Uint8Array; encoded: boolean }> {
    const chunk = await this.early[index];
    if (!chunk.known) this.cache.set(key, chunk.bytes);
    return { bytes: chunk.bytes, encoded: !chunk.known };
  }

  /** A chunk from the cache, or encoded on a worker now (once, whichever jobs ask). */
  private async encode(master: SharedAudio, { spec, key }: Mp3ChunkPlan): Promise<{ bytes: Uint8Array; encoded: boolean }> {
    let encoded = false;
    const shareKey = `mp3:${key}`;
    const bytes = await this.job.shared(this.cache, key, shareKey, async () => {
      encoded = true;
      return (await this.job.run<EncodedMp3Chunk>({ kind: 'mp3-chunk', audio: master, spec, bitrateKbps: this.bitrateKbps }, { shareKey })).bytes;
    });
    return { bytes, encoded };
  }
}
