import type { MikroORM } from '@mikro-orm/postgresql';
import type { JobQueue } from '../../../platform/queue/job-queue';
import type { CreditsService } from '../../billing';
import { GenerationJob, type JobKind } from '../generation-job.entity';
import { checkGenerationRate } from './rate-limit';

/** The token ledger's words for what a job was charged for. */
const SPEND_REASON: Record<JobKind, string> = { generate: 'Beat', regenerate: 'Regenerated beat', full: 'Full beat', edit: 'Edit' };

export interface JobStartDeps {
  readonly orm: MikroORM;
  readonly tokens: Pick<CreditsService, 'spend' | 'refund'>;
  readonly queue: JobQueue;
}

/**
 * Starts a user's job: rate limit, token, job row, queue, in that order, so a refused request costs
 * nothing. The rate check, the job and its token commit together, one request of a user at a time (a
 * transaction-scoped advisory lock), so racing requests can neither pass the limits together nor
 * leave a charge without its job. A job that cannot be queued is failed and its token refunded.
 */
export async function startJob(deps: JobStartDeps, userId: string, kind: JobKind, input: Record<string, unknown>, charge: boolean): Promise<GenerationJob> {
  const em = deps.orm.em.fork();
  const job = await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`generation:${userId}`]);
    await checkGenerationRate(tx, userId);
    // The owner by id: the job names its account's row, it does not query the accounts' table.
    const created = tx.create(GenerationJob, { owner: userId, kind, input, tokenCharged: charge });
    await tx.flush();
    if (charge) await deps.tokens.spend(userId, SPEND_REASON[kind], created.id, tx);
    return created;
  });
  try {
    await deps.queue.enqueue(job.id);
  } catch (error) {
    await em.transactional(async (tx) => {
      const failed = await tx.execute<{ id: string }[]>(
        `update generation_jobs set status = 'failed', error = 'Could not be queued.', token_refunded = token_charged
          where id = ? and status = 'queued' and not token_refunded returning id`,
        [job.id],
      );
      if (failed.length && charge) await deps.tokens.refund(userId, 'Refund: the generation could not be queued', job.id, tx);
    });
    throw error;
  }
  return job;
}
