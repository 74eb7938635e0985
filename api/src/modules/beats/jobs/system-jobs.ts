import type { MikroORM } from '@mikro-orm/postgresql';
import type { Beat } from '../beat.entity';
import { GenerationJob } from '../generation-job.entity';

/** Where a system job keeps its slot (the name predates the generic methods; stored rows use it). */
const SLOT = 'showcaseSlot';
const slotOf = (job: GenerationJob): string | null => {
  const slot = job.input[SLOT];
  return typeof slot === 'string' ? slot : null;
};

/**
 * Free background jobs of a system account, one per slot (the landing page's sample beats), and the
 * beats they made. The showcase module decides the slots and paces the queue; this keeps the rows.
 */
export class SystemJobs {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Under one lock across instances, starts a job for every slot that has neither a made beat nor a
   * live job (a queued job older than `staleQueuedMs` was lost by a process that died before queueing
   * it). Nothing is queued here: the caller paces them on the job queue.
   */
  async start(ownerId: string, slots: readonly { slot: string; prompt: string }[], options: { lock: string; staleQueuedMs: number }): Promise<{ created: string[]; pending: string[] }> {
    return this.orm.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [options.lock]);
      const jobs = await tx.find(GenerationJob, { owner: ownerId }, { orderBy: { createdAt: 'desc' } });
      const created: GenerationJob[] = [];
      const pending: string[] = [];
      for (const { slot, prompt } of slots) {
        const mine = jobs.filter((j) => slotOf(j) === slot);
        if (mine.some((j) => j.status === 'succeeded' && j.beat)) continue;
        const live = mine.find((j) => j.status === 'running' || (j.status === 'queued' && Date.now() - j.createdAt.getTime() < options.staleQueuedMs));
        if (live) pending.push(live.id);
        else created.push(tx.create(GenerationJob, { owner: ownerId, kind: 'generate', input: { prompt, [SLOT]: slot }, tokenCharged: false }));
      }
      await tx.flush();
      return { created: created.map((j) => j.id), pending };
    });
  }

  /** How many of these jobs are still queued or running. */
  openCount(jobIds: readonly string[]): Promise<number> {
    return this.orm.em.fork().count(GenerationJob, { id: { $in: [...jobIds] }, status: { $in: ['queued', 'running'] } });
  }

  /** The newest beat made for each slot of a system account. */
  async beats(ownerId: string): Promise<Map<string, Beat>> {
    const jobs = await this.orm.em.fork().find(GenerationJob, { owner: ownerId, status: 'succeeded', beat: { $ne: null } }, { populate: ['beat'], orderBy: { createdAt: 'desc' } });
    const bySlot = new Map<string, Beat>();
    for (const job of jobs) {
      const slot = slotOf(job);
      if (slot && !bySlot.has(slot) && job.beat) bySlot.set(slot, job.beat);
    }
    return bySlot;
  }
}
