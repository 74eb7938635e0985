import { DomainError } from '../../../platform/errors';
import type { EventBus } from '../../../platform/pubsub/event-bus';
import { jobChannel, type JobEvent } from '../generation-stages';

/** How long a follower waits for a message before it reads the job's state from the database. */
const RECHECK_MS = 5_000;

/** The iterator's next result, or 'nothing' when none came within `ms` (the read stays pending). */
async function nextOrNothing<T>(pending: Promise<IteratorResult<T>>, ms: number): Promise<IteratorResult<T> | 'nothing'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'nothing'>((resolve) => (timer = setTimeout(() => resolve('nothing'), ms)));
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const finished = (event: JobEvent) => event.status === 'succeeded' || event.status === 'failed';

/**
 * A job's events: its current state first (a late subscriber catches up), then every change until
 * it succeeds or fails. `state` reads the job's row (and checks who may see it) whenever no message
 * came for a while. The caller checks ownership before following.
 */
export async function* followJob(events: EventBus, jobId: string, state: () => Promise<JobEvent>, signal?: AbortSignal): AsyncGenerator<JobEvent> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  // Subscribe (and wait until the subscription holds) before reading the state, so no event
  // published between the two is lost.
  const live = (await events.subscribe(jobChannel(jobId), controller.signal))[Symbol.asyncIterator]();
  try {
    const first = await state();
    yield first;
    if (finished(first)) return;
    let last = first;
    let pending = live.next();
    for (;;) {
      // A message can be lost (Redis restarted, a publish failed): without one for a while, the
      // job's state is read from the database, where every stage is written before it is told.
      const next = await nextOrNothing(pending, RECHECK_MS);
      let event: JobEvent;
      if (next === 'nothing') event = await state();
      else {
        if (next.done) return;
        pending = live.next();
        event = next.value as JobEvent;
      }
      if (event.status === last.status && event.stage === last.stage) continue;
      // Progress never goes back: a late message, or a retried job running its stages again.
      if (event.status === 'running' && last.status === 'running' && event.stage < last.stage) continue;
      last = event;
      yield event;
      if (finished(event)) return;
    }
  } finally {
    controller.abort();
  }
}

/** The last event of a followed job, once it succeeded or failed; a timeout (or an end without one) is an error. */
export async function waitForJob(follow: (signal: AbortSignal) => AsyncGenerator<JobEvent>, timeoutMs: number): Promise<JobEvent> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let last: JobEvent | undefined;
    for await (const event of follow(controller.signal)) last = event;
    if (!last || !finished(last)) throw new DomainError('INTERNAL_SERVER_ERROR', 'Generation timed out. Please try again.');
    return last;
  } finally {
    clearTimeout(timer);
  }
}
