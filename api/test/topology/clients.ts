import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { graphql } from '../support/graphql-client';

/** One `generationProgress` event as the client reads it. */
export interface ProgressEvent {
  readonly status: 'queued' | 'running' | 'succeeded' | 'failed';
  readonly stage: number;
  readonly error: string | null;
  readonly tokensRemaining: number | null;
  readonly beat: { readonly id: string } | null;
}

/** How a followed subscription ended: completed by the server, failed, or its socket closed. */
export interface Followed {
  readonly events: ProgressEvent[];
  readonly ending: 'complete' | 'error' | 'closed';
  readonly error?: unknown;
  /** The socket's close code, when it closed. */
  readonly closeCode?: number;
}

/**
 * Subscribes to a job's progress on one api instance (graphql-ws, no retries: a dropped socket
 * is an outcome the tests look at) and resolves when the subscription ends.
 */
export function followJob(apiUrl: string, token: string, jobId: string, onEvent?: (event: ProgressEvent) => void): Promise<Followed> {
  return new Promise((resolve) => {
    const events: ProgressEvent[] = [];
    let closeCode: number | undefined;
    let settled = false;
    const client = createClient({
      url: `${apiUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: true,
      on: { closed: (event) => (closeCode = (event as { code?: number }).code) },
    });
    const finish = (ending: Followed['ending'], error?: unknown) => {
      if (settled) return;
      settled = true;
      // Let the close event (if any) arrive before reporting.
      setTimeout(() => {
        void client.dispose();
        resolve({ events, ending, error, closeCode });
      }, 50);
    };
    client.subscribe<{ generationProgress: ProgressEvent }>(
      {
        query: 'subscription($id: ID!) { generationProgress(jobId: $id) { status stage error tokensRemaining beat { id } } }',
        variables: { id: jobId },
      },
      {
        next: (value) => {
          const event = value.data?.generationProgress;
          if (!event) return;
          events.push(event);
          onEvent?.(event);
        },
        error: (error) => finish(closeCode === undefined ? 'error' : 'closed', error),
        complete: () => finish('complete'),
      },
    );
  });
}

const check = <T>(result: { data?: T; errors?: { message: string }[] }, what: string): T => {
  if (!result.data || result.errors?.length) throw new Error(`${what}: ${JSON.stringify(result.errors)}`);
  return result.data;
};

/** Starts a first beat from a prompt; the job's id. */
export async function generateBeat(apiUrl: string, token: string, prompt: string): Promise<string> {
  const result = await graphql<{ generateBeat: { id: string } }>(apiUrl, 'mutation($p: String!) { generateBeat(prompt: $p) { id } }', { p: prompt }, token);
  return check(result, 'generateBeat').generateBeat.id;
}

/** Starts the full version of a beat; the job's id. */
export async function makeFullBeat(apiUrl: string, token: string, beatId: string): Promise<string> {
  const result = await graphql<{ makeFullBeat: { id: string } }>(apiUrl, 'mutation($b: ID!) { makeFullBeat(beatId: $b) { id } }', { b: beatId }, token);
  return check(result, 'makeFullBeat').makeFullBeat.id;
}

export async function tokensRemaining(apiUrl: string, token: string): Promise<number> {
  const result = await graphql<{ me: { tokensRemaining: number } }>(apiUrl, '{ me { tokensRemaining } }', {}, token);
  return check(result, 'me').me.tokensRemaining;
}

/** Subscribes the user to Early Access Premium through the local checkout (full beats need it; 100 tokens). */
export async function subscribeEarlyAccess(apiUrl: string, token: string): Promise<void> {
  const session = await fetch(`${apiUrl}/subscription-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ price_id: 'early_access' }),
  });
  if (session.status !== 200) throw new Error(`checkout session: ${session.status} ${await session.text()}`);
  const { checkoutUrl } = (await session.json()) as { checkoutUrl: string };
  const paid = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`local checkout: ${paid.status}`);
}
