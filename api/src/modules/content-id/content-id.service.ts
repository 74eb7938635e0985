import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { decodeWav, landmarksOf, type Landmarks } from '../../audio';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { Logger } from '../../platform/logging/logger';
import { storedBeatCount, storedBeatsPage, type StoredBeatRef } from '../beats';
import { storeBeatLandmarks } from './landmark-store';

export interface ContentIdDeps {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  readonly logger: Logger;
}

/** What one pass of the backfill did. */
export interface BackfillReport {
  readonly fingerprinted: number;
  /** Beats whose WAV could not be read or decoded (left for a person; logged). */
  readonly failed: number;
  /** Beats still without landmarks after the pass (the failed ones among them). */
  readonly remaining: number;
}

/**
 * Content identification: every stored beat's landmark fingerprints (written with the beat, or by
 * the backfill for beats made before), and identifying the beats in a recording.
 */
export class ContentIdService {
  constructor(private readonly deps: ContentIdDeps) {}

  /** Stores a new beat's landmarks in the beat's own transaction (the beats module's hook). */
  readonly store = (em: EntityManager, beatId: string, landmarks: Landmarks, seconds: number): Promise<boolean> =>
    storeBeatLandmarks(em, beatId, landmarks, seconds);

  /** Beats without landmarks (not yet backfilled). */
  async unfingerprinted(): Promise<number> {
    const em = this.deps.orm.em.fork();
    const [row] = await em.execute<{ n: number }[]>('select count(*)::int as n from beat_landmark_sets');
    return (await storedBeatCount(em)) - row.n;
  }

  /**
   * Fingerprints beats that have no landmarks, oldest first, until none is left (or `limit` beats
   * were tried). Resumable: what is done is the landmark sets themselves, so a stopped run, or several
   * at once, skip what the table holds. A beat whose file cannot be read is skipped and logged. The
   * beats come from the beats module's paging (`storedBeatsPage`), a page of `batch` at a time.
   */
  async backfill(options: { batch?: number; limit?: number; signal?: AbortSignal } = {}): Promise<BackfillReport> {
    const batch = options.batch ?? 50;
    let failed = 0;
    let fingerprinted = 0;
    let tried = 0;
    let cursor: StoredBeatRef | null = null;
    const more = () => !options.signal?.aborted && (options.limit === undefined || tried < options.limit);
    while (more()) {
      const page = await storedBeatsPage(this.deps.orm.em.fork(), cursor, batch);
      if (page.length === 0) break;
      cursor = page[page.length - 1];
      const done = await this.fingerprintedAmong(page.map((beat) => beat.id));
      for (const beat of page) {
        if (done.has(beat.id)) continue;
        if (!more()) break;
        tried++;
        const outcome = await this.fingerprint(beat);
        if (outcome === 'stored') fingerprinted++;
        if (outcome === 'failed') failed++;
      }
    }
    return { fingerprinted, failed, remaining: await this.unfingerprinted() };
  }

  private async fingerprintedAmong(beatIds: readonly string[]): Promise<Set<string>> {
    const rows = await this.deps.orm.em.fork().execute<{ beat_id: string }[]>(
      'select beat_id from beat_landmark_sets where beat_id = any(?::uuid[])',
      [`{${beatIds.join(',')}}`],
    );
    return new Set(rows.map((row) => row.beat_id));
  }

  /** One beat's landmarks from its stored WAV ('exists' when another run stored them first; 'failed' is logged). */
  private async fingerprint(beat: StoredBeatRef): Promise<'stored' | 'exists' | 'failed'> {
    try {
      const { audio } = decodeWav(new Uint8Array(await this.deps.blobs.get(beat.wavBlobKey)));
      const landmarks = landmarksOf(audio);
      const seconds = (audio.channels[0]?.length ?? 0) / audio.sampleRate;
      // A beat deleted meanwhile: its landmark set's foreign key fails, and it is simply gone; one
      // another run stored first is not stored twice.
      const stored = await this.deps.orm.em.fork().transactional((em) => storeBeatLandmarks(em, beat.id, landmarks, seconds));
      return stored ? 'stored' : 'exists';
    } catch (err) {
      this.deps.logger.warn({ err, beatId: beat.id }, 'content-id backfill: beat skipped');
      return 'failed';
    }
  }
}
