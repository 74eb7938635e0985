import type { MikroORM } from '@mikro-orm/postgresql';
import type { AudioData } from '../../audio/audio-buffer';
import { createLoopCache } from '../../audio/cache/loop-cache';
import { decodeWav } from '../../audio/wav';
import { notFound } from '../../platform/errors';
import type { BlobStore } from '../../platform/storage/blob-store';

/** Decoded samples by id (a melody stem's or a drum loop's), for the renderer. */
export type SampleLoader = (sampleId: string) => Promise<AudioData>;

/**
 * Loads samples from the blob store and decodes them, keeping the most recently used in a
 * bytes-bounded cache: a beat's edit and the next beat from the same loops skip the decode.
 */
export function createSampleLoader(orm: MikroORM, blobs: BlobStore, maxBytes = 512 * 1024 * 1024): SampleLoader {
  const cache = createLoopCache<AudioData>({ maxBytes });
  return (sampleId) =>
    cache.getOrCreate(sampleId, async () => {
      const rows = await orm.em
        .fork()
        .getConnection()
        .execute<{ blob_key: string }[]>(
          `select audio_blob_key as blob_key from melody_stems where id = ? union all select audio_blob_key from drum_loops where id = ?`,
          [sampleId, sampleId],
        );
      if (!rows.length) throw notFound(`Sample ${sampleId} is no longer in the catalogue.`);
      return decodeWav(await blobs.get(rows[0].blob_key)).audio;
    });
}
