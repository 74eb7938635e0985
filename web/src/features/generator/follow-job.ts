import type { ApolloClient } from '@apollo/client';
import {
  BeatDocument,
  GenerationJobDocument,
  GenerationProgressDocument,
  type BeatFieldsFragment,
  type GenerationProgressSubscription,
} from '../../generated/graphql';
import { failureOfStream, GENERATION_MESSAGES, type GenerationFailure } from './generation-errors';

type ProgressEvent = GenerationProgressSubscription['generationProgress'];

/** A job's stage as the progress panel shows it. */
export interface JobProgress {
  readonly status: string;
  readonly stage: number;
  readonly message: string | null;
}

export type JobOutcome =
  | { readonly ok: true; readonly beat: BeatFieldsFragment }
  | { readonly ok: false; readonly failure: GenerationFailure; readonly fromJob: boolean }
  | { readonly ok: false; readonly aborted: true };

export interface FollowJobOptions {
  readonly client: ApolloClient;
  readonly jobId: string;
  /** The client gives up after this long in all (a full beat: 5 minutes). */
  readonly deadlineMs: number;
  /** With no event for this long while the job runs, the client asks the api where the job is. */
  readonly stallMs: number;
  readonly signal: AbortSignal;
  readonly onProgress: (progress: JobProgress) => void;
  /** The balance after the job (it carries the refund of a failed one). */
  readonly onTokens: (tokensRemaining: number) => void;
}

const isFinished = (status: string) => status === 'succeeded' || status === 'failed';

/**
 * Follows a generation job on the `generationProgress` subscription until it succeeds or fails.
 * Stage messages come from the api as the job reaches them; nothing here runs on a timer except the
 * two guards: the overall deadline and the stall check. When the stream is quiet for `stallMs`, the
 * job is read once over HTTP: a job that finished or moved on (an event lost with a dropped socket)
 * is taken from there, a job still waiting in the queue is waited for, and a running job that has
 * not moved is reported stalled.
 */
export function followJob(options: FollowJobOptions): Promise<JobOutcome> {
  const { client, jobId, signal } = options;
  return new Promise<JobOutcome>((resolve) => {
    let settled = false;
    let heard = false;
    let last: JobProgress = { status: 'queued', stage: 0, message: null };
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    // Assigned once below, but `let`: finish() may run (synchronously from the subscription) before
    // they are assigned, where a const would throw.
    // eslint-disable-next-line prefer-const -- read before assignment by finish()
    let deadline: ReturnType<typeof setTimeout> | undefined;
    // eslint-disable-next-line prefer-const -- read before assignment by finish()
    let subscription: { unsubscribe: () => void } | undefined;

    const finish = (outcome: JobOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(stallTimer);
      clearTimeout(deadline);
      subscription?.unsubscribe();
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish({ ok: false, aborted: true });

    const armStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => void checkJob(), options.stallMs);
    };

    const onEvent = (event: Omit<ProgressEvent, '__typename'>) => {
      if (settled) return;
      heard = true;
      if (typeof event.tokensRemaining === 'number') options.onTokens(event.tokensRemaining);
      if (event.status === 'succeeded') {
        if (!event.beat?.audioUrl) return finish({ ok: false, failure: { kind: 'no-audio' }, fromJob: true });
        return finish({ ok: true, beat: event.beat });
      }
      if (event.status === 'failed') {
        return finish({ ok: false, failure: { kind: 'server', code: event.errorCode ?? null, message: event.error ?? null }, fromJob: true });
      }
      last = { status: event.status, stage: event.stage, message: event.message ?? null };
      options.onProgress(last);
      armStall();
      return undefined;
    };

    const checkJob = async () => {
      if (settled) return;
      try {
        const { data } = await client.query({ query: GenerationJobDocument, variables: { id: jobId }, fetchPolicy: 'network-only' });
        const job = data?.generationJob;
        if (!job) return finish({ ok: false, failure: { kind: 'stalled' }, fromJob: false });
        if (job.status === 'succeeded') {
          if (!job.beatId) return finish({ ok: false, failure: { kind: 'no-audio' }, fromJob: true });
          const { data: found } = await client
            .query({ query: BeatDocument, variables: { id: job.beatId }, fetchPolicy: 'network-only' })
            .catch((error: unknown) => {
              console.error(GENERATION_MESSAGES.structureFetch, error);
              throw error;
            });
          return onEvent({ ...job, beat: found?.beat ?? null, tokensRemaining: null });
        }
        if (job.status === 'failed') return onEvent({ ...job, beat: null, tokensRemaining: null });
        const moved = job.status !== last.status || job.stage !== last.stage;
        // Waiting for a free worker is not a stall: the deadline still bounds the wait.
        if (moved || job.status === 'queued') return onEvent({ ...job, beat: null, tokensRemaining: null });
        return finish({ ok: false, failure: { kind: 'stalled' }, fromJob: false });
      } catch {
        return finish({ ok: false, failure: { kind: 'stalled' }, fromJob: false });
      }
    };

    subscription = client.subscribe({ query: GenerationProgressDocument, variables: { jobId } }).subscribe({
      next: (result) => {
        if (result.error) return finish({ ok: false, failure: failureOfStream(result.error, heard), fromJob: false });
        if (result.data) onEvent(result.data.generationProgress);
        return undefined;
      },
      error: (error: unknown) => finish({ ok: false, failure: failureOfStream(error, heard), fromJob: false }),
      // The api ends the stream after the last event; an end without one means we missed it.
      complete: () => {
        if (!settled && !isFinished(last.status)) void checkJob();
      },
    });
    // An answer that arrived while subscribing already settled the outcome.
    if (settled) subscription.unsubscribe();
    if (settled) return;
    deadline = setTimeout(() => finish({ ok: false, failure: { kind: 'timeout' }, fromJob: false }), options.deadlineMs);
    armStall();
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort);
  });
}
