import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { pageNavigation } from '../../../app/browser/page-navigation';
import {
  BeatDocument,
  ChangeDrumsDocument,
  GenerateBeatDocument,
  MakeFullBeatDocument,
  MeDocument,
  RegenerateBeatDocument,
  RemoveDrumsDocument,
  SetGlobalDrumsDocument,
  SetSectionEnergyDocument,
  type BeatFieldsFragment,
  type GenerationJobFieldsFragment,
  type SectionDrumsInput,
  type SectionEnergyInput,
} from '../../../generated/graphql';
import type { EditMode } from '../../editor/section-selection';
import { followJob, type JobOutcome } from '../follow-job';
import {
  failureOfRequest,
  GENERATION_MESSAGES,
  generationErrorMessage,
  reloadsAfter,
  type GenerationAction,
  type GenerationFailure,
} from '../generation-errors';

/** How long the client waits for a whole run (requirements §L9: a full beat times out after 5 minutes). */
export const GENERATION_DEADLINE_MS = 3 * 60_000;
export const FULL_BEAT_DEADLINE_MS = 5 * 60_000;
/** Quiet time on the progress stream after which the job is checked (and reported stalled if stuck). */
export const PROGRESS_STALL_MS = 90_000;
/** Requirements §L4: after a timeout or a disconnect the page reloads after 3 seconds. */
export const RELOAD_AFTER_MS = 3_000;

export interface GenerationState {
  readonly loading: boolean;
  readonly action: GenerationAction | null;
  /** The current step, from the api's progress events (null before the first one). */
  readonly stage: number;
  readonly message: string | null;
  readonly error: string | null;
  /** Increases with every new error, so its banner restarts its timers. */
  readonly errorCount: number;
}

const IDLE: GenerationState = { loading: false, action: null, stage: 0, message: null, error: null, errorCount: 0 };

const EDIT_MUTATIONS = { swap: ChangeDrumsDocument, remove: RemoveDrumsDocument, global: SetGlobalDrumsDocument } as const;

/** Actions that spend a token when they start (edits are free: docs/decisions.md "Beats"). */
const CHARGED: ReadonlySet<GenerationAction> = new Set(['generate', 'regenerate', 'full']);

export interface BeatGenerationOptions {
  /** A refused session (requirements §L8 "Profile 401"): alert the api's message, then log out. */
  readonly onUnauthenticated: (error: Error) => void;
}

/**
 * The generator's one place of work: starts a job (generate, regenerate, full beat, section edit),
 * follows its progress, keeps the header's balance current, and turns every failure into the
 * spec's words. One run at a time.
 */
export function useBeatGeneration({ onUnauthenticated }: BeatGenerationOptions) {
  const client = useApolloClient();
  const [state, setState] = useState<GenerationState>(IDLE);
  const [beat, setBeat] = useState<BeatFieldsFragment | null>(null);
  const running = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      abortRef.current?.abort();
      clearTimeout(reloadTimer.current);
    },
    [],
  );

  const writeTokens = useCallback(
    (tokensRemaining: number) => {
      client.cache.updateQuery({ query: MeDocument }, (data) => (data ? { me: { ...data.me, tokensRemaining } } : data));
    },
    [client],
  );

  const showFailure = useCallback(
    (action: GenerationAction, failure: GenerationFailure, fromJob: boolean) => {
      if (failure.kind === 'server' && failure.code === 'UNAUTHENTICATED') {
        setState(IDLE);
        onUnauthenticated(new Error(failure.message ?? 'Your session has ended. Please log in again.'));
        return;
      }
      const message = generationErrorMessage(action, failure, { fromJob });
      console.error(`The ${action} request failed: ${message}`, failure);
      setState((previous) => ({ ...IDLE, error: message, errorCount: previous.errorCount + 1 }));
      if (reloadsAfter(failure)) {
        clearTimeout(reloadTimer.current);
        reloadTimer.current = setTimeout(() => pageNavigation.reload(), RELOAD_AFTER_MS);
      }
    },
    [onUnauthenticated],
  );

  const run = useCallback(
    async (action: GenerationAction, start: () => Promise<GenerationJobFieldsFragment | undefined>): Promise<BeatFieldsFragment | null> => {
      if (running.current) return null;
      running.current = true;
      const controller = new AbortController();
      abortRef.current = controller;
      setState((previous) => ({ ...IDLE, loading: true, action, errorCount: previous.errorCount }));

      let outcome: JobOutcome;
      try {
        const job = await start();
        if (!job) throw new Error('The api answered without a job.');
        // The token was spent when the job was accepted: show it now, not when the beat is ready.
        if (CHARGED.has(action)) void client.query({ query: MeDocument, fetchPolicy: 'network-only' }).catch(() => undefined);
        outcome = await followJob({
          client,
          jobId: job.id,
          deadlineMs: action === 'full' || action === 'edit' ? FULL_BEAT_DEADLINE_MS : GENERATION_DEADLINE_MS,
          stallMs: PROGRESS_STALL_MS,
          signal: controller.signal,
          onProgress: (progress) => setState((previous) => ({ ...previous, stage: progress.stage, message: progress.message })),
          onTokens: writeTokens,
        });
      } catch (error) {
        outcome = { ok: false, failure: failureOfRequest(error), fromJob: false };
      } finally {
        running.current = false;
      }

      if (controller.signal.aborted || 'aborted' in outcome) return null;
      if (!outcome.ok) {
        showFailure(action, outcome.failure, outcome.fromJob);
        return null;
      }
      setBeat(outcome.beat);
      // A new beat is in My Account's list: drop the cached list so it is not shown stale there.
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myBeats' });
      client.cache.gc();
      setState((previous) => ({ ...IDLE, errorCount: previous.errorCount }));
      return outcome.beat;
    },
    [client, writeTokens, showFailure],
  );

  const mutateJob = useCallback(
    async <T extends Record<string, GenerationJobFieldsFragment>>(promise: Promise<{ data?: T | null }>) => {
      const { data } = await promise;
      return data ? Object.values(data)[0] : undefined;
    },
    [],
  );

  const generate = useCallback(
    (prompt: string) => run('generate', () => mutateJob(client.mutate({ mutation: GenerateBeatDocument, variables: { prompt } }))),
    [run, mutateJob, client],
  );

  const regenerate = useCallback(
    (beatId: string) => run('regenerate', () => mutateJob(client.mutate({ mutation: RegenerateBeatDocument, variables: { beatId } }))),
    [run, mutateJob, client],
  );

  const makeFullBeat = useCallback(
    (beatId: string) => run('full', () => mutateJob(client.mutate({ mutation: MakeFullBeatDocument, variables: { beatId } }))),
    [run, mutateJob, client],
  );

  const applyEdit = useCallback(
    (beatId: string, mode: EditMode, sections: SectionDrumsInput[]) =>
      run('edit', () => mutateJob(client.mutate({ mutation: EDIT_MUTATIONS[mode], variables: { beatId, sections } }))),
    [run, mutateJob, client],
  );

  /** Sets sections' energy (free, like the drum edits): the api re-plans their layers and transitions. */
  const applyEnergy = useCallback(
    (beatId: string, sections: SectionEnergyInput[]) =>
      run('edit', () => mutateJob(client.mutate({ mutation: SetSectionEnergyDocument, variables: { beatId, sections } }))),
    [run, mutateJob, client],
  );

  /**
   * Opens one of the user's saved beats (a row of My Account's Generated Beats): loads it, with its
   * structure and fresh media addresses. A failure reads "Failed to fetch beat structure." (requirements §L8).
   */
  const openBeat = useCallback(
    async (beatId: string): Promise<BeatFieldsFragment | null> => {
      if (running.current) return null;
      running.current = true;
      setState((previous) => ({ ...IDLE, loading: true, action: null, errorCount: previous.errorCount }));
      try {
        const { data } = await client.query({ query: BeatDocument, variables: { id: beatId }, fetchPolicy: 'network-only' });
        if (!data?.beat.audioUrl) throw new Error('The beat came without an audio address.');
        setBeat(data.beat);
        setState((previous) => ({ ...IDLE, errorCount: previous.errorCount }));
        return data.beat;
      } catch (error) {
        const failure = failureOfRequest(error);
        if (failure.kind === 'server' && failure.code === 'UNAUTHENTICATED') {
          showFailure('regenerate', failure, false);
        } else {
          console.error(GENERATION_MESSAGES.structureFetch, error);
          setState((previous) => ({ ...IDLE, error: GENERATION_MESSAGES.structureFetch, errorCount: previous.errorCount + 1 }));
        }
        return null;
      } finally {
        running.current = false;
      }
    },
    [client, showFailure],
  );

  /** Shows an error that did not come from a run. */
  const showError = useCallback((message: string) => {
    setState((previous) => ({ ...previous, error: message, errorCount: previous.errorCount + 1 }));
  }, []);
  const clearError = useCallback(() => setState((previous) => ({ ...previous, error: null })), []);

  return { state, beat, setBeat, generate, regenerate, makeFullBeat, applyEdit, applyEnergy, openBeat, showError, clearError };
}
