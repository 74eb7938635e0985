import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/errors';

/** Generation requests a user may start per minute, and may have waiting or running at once. */
export const RATE_PER_MINUTE = 10;
export const MAX_ACTIVE_JOBS = 3;

/**
 * Refuses a user's new job when they started RATE_PER_MINUTE in the last minute or have
 * MAX_ACTIVE_JOBS waiting or running. Run it inside the transaction that creates the job, under the
 * user's lock (see `startJob`), or two racing requests could both pass.
 */
export async function checkGenerationRate(em: EntityManager, userId: string): Promise<void> {
  const [row] = await em.execute<{ recent: number; active: number }[]>(
    `select count(*) filter (where created_at > now() - interval '1 minute')::int as recent,
            count(*) filter (where status in ('queued', 'running'))::int as active
       from generation_jobs where owner_id = ? and created_at > now() - interval '1 hour'`,
    [userId],
  );
  if (row.recent >= RATE_PER_MINUTE || row.active >= MAX_ACTIVE_JOBS) {
    throw new DomainError('TOO_MANY_REQUESTS', 'You are generating too fast. Please wait a moment and try again.');
  }
}
