import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { decodeWav, landmarksOf, type Landmarks } from '../../audio';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { Logger } from '../../platform/logging/logger';
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
    const [row] = await this.deps.orm.em.fork().execute<{ n: number }[]>(
      'select count(*)::int as n from beats b where not exists (select 1 from beat_landmark_sets s where s.beat_id = b.id)',
    );
    return row.n;
  }

  /**
   * Fingerprints beats that have no landmarks, oldest first, `batch` at a time, until none is left
   * (or `limit` beats were tried). Resumable: what is done is the landmark sets themselves, so a
   * stopped run, or several at once, start where the table says. A beat whose file cannot be read
   * is skipped for this run and logged.
   */
  async backfill(options: { batch?: number; limit?: number; signal?: AbortSignal } = {}): Promise<BackfillReport> {
    const batch = options.batch ?? 10;
    const skipped = new Set<string>();
    let fingerprinted = 0;
    let tried = 0;
    while (!options.signal?.aborted && (options.limit === undefined || tried < options.limit)) {
      const take = Math.min(batch, options.limit === undefined ? batch : options.limit - tried);
      const rows = await this.deps.orm.em.fork().execute<{ id: string; wav_blob_key: string }[]>(
        `select b.id, b.wav_blob_key from beats b
          where not exists (select 1 from beat_landmark_sets s where s.beat_id = b.id) and not (b.id = any(?::uuid[]))
          order by b.created_at, b.id limit ?`,
        [`{${[...skipped].join(',')}}`, take],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        tried++;
        if (options.signal?.aborted) break;
        try {
          const { audio } = decodeWav(new Uint8Array(await this.deps.blobs.get(row.wav_blob_key)));
          const landmarks = landmarksOf(audio);
          const seconds = (audio.channels[0]?.length ?? 0) / audio.sampleRate;
          // A beat deleted meanwhile: its landmark set's foreign key fails, and it is simply gone.
          const stored = await this.deps.orm.em.fork().transactional((em) => storeBeatLandmarks(em, row.id, landmarks, seconds));
          if (stored) fingerprinted++;
        } catch (err) {
          skipped.add(row.id);
          this.deps.logger.warn({ err, beatId: row.id }, 'content-id backfill: beat skipped');
        }
      }
    }
    return { fingerprinted, failed: skipped.size, remaining: await this.unfingerprinted() };
  }
}
