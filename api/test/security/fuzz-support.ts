import { startTestApp, type TestApp } from '../support/test-app';
import { signUpProducer } from '../support/producers';
import { signInAdmin, sqlOf } from '../admin/admin-support';
import { createRandom, type SeededRandom } from '../../src/audio/testing';

export { createRandom, type SeededRandom };

/** No request may take longer: a hang fails the input, not jest's timeout. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface Reply {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
}

/** Sends one request; a missing answer within the timeout is reported as status 0. */
export async function send(url: string, init: RequestInit = {}): Promise<Reply> {
  try {
    const response = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the check below reports it.
    }
    return { status: response.status, text, json };
  } catch (error) {
    return { status: 0, text: `no answer: ${(error as Error).message}`, json: undefined };
  }
}

const message = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** The message of an error answer: REST's `{ error }` / `{ message }`, or GraphQL's first error. */
export function errorMessage(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const body = json as { error?: unknown; message?: unknown; errors?: { message?: unknown }[] };
  return message(body.error) ?? message(body.message) ?? message(body.errors?.[0]?.message);
}

/**
 * What every hostile input must get: an answer (no hang), never a 5xx, JSON, and, unless it is a
 * success, a message saying what was wrong. GraphQL answers 200 with errors for a refusal made by a
 * resolver: that is a refusal too, and its code must not be INTERNAL_SERVER_ERROR (a masked 500).
 * Returns a description of what is wrong, or null.
 */
export function problemWith(reply: Reply): string | null {
  if (reply.status === 0) return reply.text;
  if (reply.status >= 500) return `status ${reply.status}: ${reply.text.slice(0, 200)}`;
  const success = reply.status >= 200 && reply.status < 300;
  // A success may be a file (a PDF, audio); a refusal is always JSON.
  if (reply.json === undefined && !success) return `status ${reply.status}, not JSON: ${reply.text.slice(0, 120)}`;
  if (reply.json === undefined) return null;
  const errors = (reply.json as { errors?: { extensions?: { code?: unknown } }[] }).errors;
  if (errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR')) return `an internal error: ${reply.text.slice(reply.text.indexOf('INTERNAL_SERVER_ERROR') - 200, reply.text.indexOf('INTERNAL_SERVER_ERROR') + 30)}`;
  const refused = reply.status >= 400 || (Array.isArray(errors) && errors.length > 0);
  if (refused && !errorMessage(reply.json)) return `status ${reply.status} without a message: ${reply.text.slice(0, 120)}`;
  if (reply.status >= 300 && reply.status < 400) return `status ${reply.status}: a redirect`;
  return null;
}

/** The API answers its health check (after every batch: a hostile input must not have broken it). */
export async function healthy(base: string): Promise<boolean> {
  const reply = await send(`${base}/healthz`);
  return reply.status === 200 && (reply.json as { status?: string } | undefined)?.status === 'ok';
}

/** Runs inputs in batches: each answered as `problemWith` requires, and /healthz after each batch. */
export async function fuzz<T>(
  base: string,
  inputs: readonly T[],
  run: (input: T) => Promise<Reply>,
  describe: (input: T) => string,
  batchSize = 50,
): Promise<{ tried: number; problems: string[]; statuses: Record<number, number> }> {
  const problems: string[] = [];
  const statuses: Record<number, number> = {};
  let tried = 0;
  for (let start = 0; start < inputs.length; start += batchSize) {
    for (const input of inputs.slice(start, start + batchSize)) {
      const reply = await run(input);
      tried++;
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      const problem = problemWith(reply);
      if (problem) problems.push(`${describe(input)}: ${problem}`);
    }
    if (!(await healthy(base))) problems.push(`/healthz failed after the batch starting at input ${start}`);
  }
  return { tried, problems, statuses };
}

/** Hostile values for a JSON field: wrong types, extremes, long and odd text. */
export function hostileValue(random: SeededRandom): unknown {
  const pool: (() => unknown)[] = [
    () => null,
    () => true,
    () => 0,
    () => -1,
    () => -2_147_483_649,
    () => 1.5,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => -1e308,
    () => '',
    () => ' ',
    () => '-1',
    () => 'NaN',
    () => 'x'.repeat(1 + random.int(300)),
    () => '\u202e\u0301\ufeff🎵',
    () => '<script>alert(1)</script>',
    () => "' OR 1=1 --",
    () => '../../etc/passwd',
    () => '00000000-0000-4000-8000-000000000000',
    () => [],
    () => [1, 'two', null],
    () => Array.from({ length: 2000 }, (_, i) => i),
    () => ({}),
    () => ({ $ne: null }),
    () => ({ __proto__: { admin: true } }),
    () => JSON.parse('{"__proto__": {"isAdmin": true}}') as unknown,
    () => ({ constructor: { prototype: { isAdmin: true } } }),
  ];
  return random.pick(pool)();
}

/** A megabyte of text (the body limits and field limits must refuse it, not choke on it). */
export const ONE_MB = 'a'.repeat(1024 * 1024);

/** Nested arrays `depth` deep, as JSON text (JSON.parse recursion). */
export const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/**
 * The api the GraphQL and REST fuzzers hit, and their caller: an admin who is also a producer and
 * has no tokens, so every resolver and route is reached and nothing renders.
 */
export async function startFuzzTarget(): Promise<{ test: TestApp; token: string }> {
  const test = await startTestApp();
  const admin = await signInAdmin(test);
  await signUpProducer(test, admin);
  await sqlOf(test)('insert into billing_accounts (user_id, credits, updated_at) values (?, 0, now()) on conflict (user_id) do update set credits = 0', [admin.id]);
  return { test, token: admin.accessToken };
}
