import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** What a generation, regeneration, full beat or section edit was. */
export type GenerationAction = 'generate' | 'regenerate' | 'full' | 'edit';

/**
 * Why a run ended without a beat, as the client saw it. Each cause maps to one text of requirements §L8.
 *
 * - `timeout`: the whole run took longer than its deadline (the client gave up).
 * - `disconnected`: the progress stream broke after it had started answering.
 * - `network`: the request or the stream never reached the api.
 * - `stalled`: no progress for a long time while the job was running.
 * - `no-audio`: the job said it succeeded but brought no playable beat.
 * - `server`: the api refused the request or the job failed; `message` is the api's text for people.
 * - `unexpected`: anything else (a bug, a malformed answer).
 */
export type GenerationFailure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'disconnected' }
  | { readonly kind: 'network' }
  | { readonly kind: 'stalled' }
  | { readonly kind: 'no-audio' }
  | { readonly kind: 'server'; readonly code: string | null; readonly message: string | null }
  | { readonly kind: 'unexpected'; readonly error: unknown };

export const GENERATION_MESSAGES = {
  loggedOut: 'You must be logged in to generate a beat.',
  noAudio: 'No audio URL received from server',
  timeout: 'Generation timed out. Please try again.',
  disconnected: 'Connection was interrupted. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  stalled: 'Progress updates stalled. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  generateFallback: 'Failed to generate beat. Please try again.',
  regenerateFallback: 'Failed to regenerate beat. Please try again.',
  fullTimeout: 'Request timed out after 5 minutes. Please try again.',
  fullError: 'An error occurred during full beat generation.',
  fullFallback: 'Failed to create full beat. Please try again.',
  /** Requirements §L8: a beat's structure could not be fetched (opening a saved beat, or reading a finished job's beat). */
  structureFetch: 'Failed to fetch beat structure.',
  /** Not in the spec, which only logs edit failures: see docs/decisions.md. */
  editFallback: 'Failed to apply your changes. Please try again.',
} as const;

/** Codes whose message the api writes for people (docs/architecture.md, Errors); any other code hides its message. */
const USER_FACING_CODES = new Set([
  'BAD_USER_INPUT',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_CREDITS',
  'PAYMENT_REQUIRED',
  'TOO_MANY_REQUESTS',
]);

const INSUFFICIENT_CREDITS = 'Insufficient credits';

/** After these the page reloads (requirements §L4), so a broken connection or a stuck job starts clean. */
export const reloadsAfter = (failure: GenerationFailure): boolean => failure.kind === 'timeout' || failure.kind === 'disconnected';

/** The api's own words when it has some for people; null when only a fallback will do. */
function serverText(failure: Extract<GenerationFailure, { kind: 'server' }>, fromJob: boolean): string | null {
  const message = failure.message?.trim();
  if (!message) return null;
  // A failed job's error is always written for people; a refused request only with a known code.
  if (fromJob || (failure.code !== null && USER_FACING_CODES.has(failure.code))) return message;
  return null;
}

/** Requirements §L8's text for a failure of an action, word for word. */
export function generationErrorMessage(action: GenerationAction, failure: GenerationFailure, { fromJob = false } = {}): string {
  switch (failure.kind) {
    case 'timeout':
      return action === 'full' || action === 'edit' ? GENERATION_MESSAGES.fullTimeout : GENERATION_MESSAGES.timeout;
    case 'disconnected':
      return GENERATION_MESSAGES.disconnected;
    case 'network':
      return GENERATION_MESSAGES.network;
    case 'stalled':
      return GENERATION_MESSAGES.stalled;
    case 'no-audio':
      return GENERATION_MESSAGES.noAudio;
    case 'server': {
      // "Message contains Insufficient credits: shown as is".
      if (failure.message?.includes(INSUFFICIENT_CREDITS)) return failure.message;
      const text = serverText(failure, fromJob);
      if (text) return text;
      if (action === 'full') return fromJob ? GENERATION_MESSAGES.fullError : GENERATION_MESSAGES.fullFallback;
      if (action === 'regenerate') return GENERATION_MESSAGES.regenerateFallback;
      if (action === 'edit') return GENERATION_MESSAGES.editFallback;
      return GENERATION_MESSAGES.generateFallback;
    }
    case 'unexpected':
      if (action === 'full') return GENERATION_MESSAGES.fullFallback;
      if (action === 'regenerate') return GENERATION_MESSAGES.regenerateFallback;
      if (action === 'edit') return GENERATION_MESSAGES.editFallback;
      return GENERATION_MESSAGES.unexpected;
    default:
      return GENERATION_MESSAGES.unexpected;
  }
}

/** A fetch that never got an answer: browsers throw a TypeError ("Failed to fetch", "Load failed"). */
const isFetchFailure = (error: unknown): boolean => error instanceof TypeError;

/** What a failed mutation (the request that starts a job) means. */
export function failureOfRequest(error: unknown): GenerationFailure {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    return { kind: 'server', code: typeof code === 'string' ? code : null, message: first?.message ?? null };
  }
  if (ServerError.is(error)) {
    // An HTTP error status with a GraphQL body (a refused token) still carries the api's code.
    try {
      const body = JSON.parse(error.bodyText) as { errors?: Array<{ message?: string; extensions?: { code?: string } }> };
      const first = body.errors?.[0];
      if (first) return { kind: 'server', code: first.extensions?.code ?? null, message: first.message ?? null };
    } catch {
      /* not JSON: a proxy's error page */
    }
    return { kind: 'server', code: null, message: null };
  }
  if (isFetchFailure(error)) return { kind: 'network' };
  return { kind: 'unexpected', error };
}

/**
 * What an error of the progress stream means. A GraphQL error (the api refused the subscription) is
 * the server's; a broken socket is a disconnection once events had arrived, else a network failure.
 */
export function failureOfStream(error: unknown, heardFromJob: boolean): GenerationFailure {
  if (CombinedGraphQLErrors.is(error)) return failureOfRequest(error);
  if (isFetchFailure(error)) return { kind: 'network' };
  if (error instanceof Error && /socket|websocket|connection/i.test(error.message)) {
    return heardFromJob ? { kind: 'disconnected' } : { kind: 'network' };
  }
  return { kind: 'unexpected', error };
}
