import type { EntityManager } from '@mikro-orm/postgresql';

/** A stored beat as a job over every beat reads it (the content-id backfill): its id, master WAV and age. */
export interface StoredBeatRef {
  readonly id: string;
  readonly wavBlobKey: string;
  readonly createdAt: Date;
}

/** Stored beats oldest first, `limit` after `after` (keyset paging on created_at, id). */
export async function storedBeatsPage(em: EntityManager, after: StoredBeatRef | null, limit: number): Promise<StoredBeatRef[]> {
  const rows = await em.execute<{ id: string; wav_blob_key: string; created_at: Date }[]>(
    after
      ? 'select id, wav_blob_key, created_at from beats where (created_at, id) > (?, ?::uuid) order by created_at, id limit ?'
      : 'select id, wav_blob_key, created_at from beats order by created_at, id limit ?',
    after ? [after.createdAt, after.id, limit] : [limit],
  );
  return rows.map((r) => ({ id: r.id, wavBlobKey: r.wav_blob_key, createdAt: new Date(r.created_at) }));
}

/** How many beats are stored. */
export async function storedBeatCount(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>('select count(*)::int as n from beats');
  return row.n;
}
