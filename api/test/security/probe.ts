import WebSocket from 'ws';
import { ERROR_STATUS } from '../../src/platform/errors';
import type { Outcome } from './authorization-table';
import { uploadArguments, type RootField } from './operations';
import { melodyWav, drumWav } from '../support/wav-fixtures';

/** An answer outside the table's vocabulary (a code it does not know, a closed socket, a timeout). */
export type Unexpected = `unexpected: ${string}`;

/** What one call answered: its outcome in the table's terms and the raw text (for the leak check). */
export interface Answer {
  readonly outcome: Outcome | Unexpected;
  readonly text: string;
}

/** A request that must be answered: a hang fails in 60 s (generation paths wait for their job), not at jest's timeout. */
const TIMEOUT_MS = 60_000;

const codeOutcome = (code: unknown): Outcome | Unexpected => {
  if (typeof code !== 'string') return 'unexpected: no code';
  if (code in ERROR_STATUS) return ERROR_STATUS[code as keyof typeof ERROR_STATUS] as Outcome;
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_REQUEST' || code === 'GRAPHQL_PARSE_FAILED') return 400;
  return `unexpected: ${code}`;
};

interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

function graphqlOutcome(status: number, body: GraphQLBody): Outcome | Unexpected {
  if (status !== 200) return status as Outcome;
  if (body.errors?.length) return codeOutcome(body.errors[0].extensions?.code);
  return body.data ? 'ok' : 'unexpected: no data';
}

const parse = (text: string): GraphQLBody => {
  try {
    return JSON.parse(text) as GraphQLBody;
  } catch {
    return { errors: [{ message: text, extensions: { code: 'NOT_JSON' } }] };
  }
};

/** One GraphQL query or mutation over HTTP, as multipart with a small WAV per Upload argument. */
export async function callGraphql(url: string, root: RootField, operation: { query: string; variables: Record<string, unknown> }, token: string | null): Promise<Answer> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // Only the Upload arguments the operation declares (an optional picture left out sends JSON).
  const uploads = uploadArguments(root).filter(({ name }) => operation.query.includes(`$${name}:`));
  let init: RequestInit;
  if (uploads.length === 0) {
    init = { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(operation) };
  } else {
    const form = new FormData();
    const variables = { ...operation.variables };
    const map: Record<string, string[]> = {};
    const files: Blob[] = [];
    for (const { name, list } of uploads) {
      const bytes = root.field.name === 'uploadDrumSamples' ? drumWav(140, 8, 7) : melodyWav('A', 'Minor', 140, 4);
      variables[name] = list ? [null] : null;
      map[String(files.length)] = [list ? `variables.${name}.0` : `variables.${name}`];
      files.push(new Blob([bytes], { type: 'audio/wav' }));
    }
    form.append('operations', JSON.stringify({ query: operation.query, variables }));
    form.append('map', JSON.stringify(map));
    files.forEach((file, i) => form.append(String(i), file, `probe${i}.wav`));
    init = { method: 'POST', headers: { 'apollo-require-preflight': 'true', ...auth }, body: form };
  }
  const response = await fetch(`${url}/graphql`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  return { outcome: graphqlOutcome(response.status, parse(text)), text };
}

/**
 * One subscription over the graphql-transport-ws protocol, spoken directly on a socket (so that a
 * refused connection is an answer, not an error thrown elsewhere): its first event, its error, or
 * the close code of a refused connection (4403, shown as 401).
 */
export async function callSubscription(url: string, operation: { query: string; variables: Record<string, unknown> }, token: string | null): Promise<Answer> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ outcome: 'unexpected: timeout', text: '' }), TIMEOUT_MS);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} })));
    socket.on('close', (code) => finish({ outcome: code === 4403 ? 401 : `unexpected: closed ${code}`, text: '' }));
    socket.on('error', (error) => finish({ outcome: `unexpected: socket error ${error.message}`, text: '' }));
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString('utf8')) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: operation }));
      else if (message.type === 'next') finish({ outcome: graphqlOutcome(200, message.payload as GraphQLBody), text: JSON.stringify(message.payload) });
      else if (message.type === 'error') finish({ outcome: graphqlOutcome(200, { errors: message.payload as GraphQLBody['errors'] }), text: JSON.stringify(message.payload) });
      else if (message.type === 'complete') finish({ outcome: 'unexpected: completed without an event', text: '' });
    });
  });
}

/** One REST request with a JSON body (or none); 2xx and 3xx are 'ok'. */
export async function callRest(url: string, method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  return { outcome: response.status < 400 ? 'ok' : (response.status as Outcome), text };
}
