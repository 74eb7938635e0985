import type { MikroORM } from '@mikro-orm/postgresql';
import { createLoopCache, type LoopCacheStats, parseSampleOnsets } from '../../audio';
import type { SampleFile } from '../../audio';
import { notFound } from '../../platform/errors';
import type { BlobStore } from '../../platform/storage/blob-store';

/**
 * Samples' WAV files by id (a melody stem's or a drum loop's), with the onsets measured when they
 * came in, for the renderer, which decodes them in its workers.
 */
export type SampleFileLoader = (sampleId: string) => Promise<SampleFile>;

/** The loader with the counters of its cache (bytes held, hits, evictions), for the memory report. */
export type CachingSampleFileLoader = SampleFileLoader & { stats(): LoopCacheStats };

/**
 * Loads samples' files from the blob store, keeping the most recently used in a bytes-bounded
 * cache: a beat's edit and the next beat from the same loops skip the database and the store.
 * Each file is held on a SharedArrayBuffer, so handing it to a render worker copies nothing; the
 * worker decodes it (decoding on the main thread held the event loop for every cold loop, one
 * after another). Held files are shared: nobody writes into them. A row's stored onsets come with
 * its file (none when they are missing or unreadable: the worker then detects them).
 */
export function createSampleFileLoader(orm: MikroORM, blobs: BlobStore, maxBytes = 256 * 1024 * 1024): CachingSampleFileLoader {
  // Counted by the file alone: the onsets are a few KB beside megabytes of audio.
  const cache = createLoopCache<SampleFile>({ maxBytes, bytesOf: (sample) => sample.file.byteLength });
  const load: SampleFileLoader = (sampleId) =>
    cache.getOrCreate(sampleId, async () => {
      const rows = await orm.em
        .fork()
        .getConnection()
        .execute<{ blob_key: string; onsets: unknown }[]>(
          `select audio_blob_key as blob_key, onsets from melody_stems where id = ? union all select audio_blob_key, onsets from drum_loops where id = ?`,
          [sampleId, sampleId],
        );
      if (!rows.length) throw notFound(`Sample ${sampleId} is no longer in the catalogue.`);
      const file = await blobs.get(rows[0].blob_key);
      const shared = new Uint8Array(new SharedArrayBuffer(file.byteLength));
      shared.set(file);
      return { file: shared, onsets: parseSampleOnsets(rows[0].onsets) };
    });
  return Object.assign(load, { stats: () => cache.stats() });
}
