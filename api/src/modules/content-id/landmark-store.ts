import type { EntityManager } from '@mikro-orm/postgresql';
import type { Landmarks } from '../../audio';

/** An int[] parameter as PostgreSQL's array literal (one text parameter, whatever its length). */
export const intArray = (values: ArrayLike<number>): string => `{${Array.prototype.join.call(values, ',')}}`;

/**
 * Writes a beat's landmarks and its landmark set in `em`'s transaction (the beat's row must be
 * written already). A beat fingerprinted before (the backfill meeting a new beat's own write) is
 * left as it is: returns false.
 */
export async function storeBeatLandmarks(em: EntityManager, beatId: string, landmarks: Landmarks, seconds: number): Promise<boolean> {
  const [set] = await em.execute<{ id: number }[]>(
    'insert into beat_landmark_sets (beat_id, hash_count, seconds, created_at) values (?, ?, ?, now()) on conflict (beat_id) do nothing returning id',
    [beatId, landmarks.hashes.length, seconds],
  );
  if (!set) return false;
  if (landmarks.hashes.length === 0) return true;
  // One statement for all rows; a pair repeated at one frame (two equal peaks) is one row.
  await em.execute(
    'insert into beat_landmarks (hash, set_id, frame) select h, ?, f from unnest(?::int[], ?::int[]) as t(h, f) on conflict do nothing',
    [set.id, intArray(landmarks.hashes), intArray(landmarks.frames)],
  );
  return true;
}
