import autocannon, { type Result } from 'autocannon';
import { percentile, type BenchResult } from './harness';
import { withLoadServer, type BenchUser, type LoadServer } from './load-server';

/**
 * Throughput of the requests every page makes, against the api in its own process: GraphQL `me`
 * and REST GET /tokens_remaining with autocannon (BENCH_LOAD_SECONDS each, default 10, and
 * BENCH_LOAD_CONNECTIONS, default 32, spread over 8 users' tokens), then generations by 8 users at
 * once over REST (each user starts the next beat when its last one is ready).
 */

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
const GENERATION_SECONDS = Number(process.env.BENCH_LOAD_GENERATION_SECONDS ?? 40);
/** BENCH_LOAD_PARTS=me,tokens runs only those parts (me, tokens, generations). */
const PARTS = new Set((process.env.BENCH_LOAD_PARTS ?? 'me,tokens,generations').split(',').map((s) => s.trim()));

export const PROMPTS = [
  'trap type beat with country drums', 'sad piano 85 bpm in A minor', 'dark drill beat', 'lofi chill beat',
  'boom bap with jazzy keys', 'happy pop beat', 'afrobeats dance', 'r&b love song slow', 'country guitar beat', 'hard trap like metro boomin',
];

/** The web app's Me query (web/src/features/account/graphql/me.graphql). */
export const ME_QUERY = JSON.stringify({
  operationName: 'Me',
  query: 'query Me { me { id username email userType creatorName fname lname country imageUrl subscriptionType subscriptionLevel tokensRemaining isAdmin createdAt } }',
});

/** One autocannon request per user (connections take them in turn), so tokens vary as with real users. */
export function meRequests(users: readonly BenchUser[]): autocannon.Request[] {
  return users.map((u) => ({
    method: 'POST', path: '/graphql', body: ME_QUERY,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.accessToken}` },
  }));
}

export function tokensRequests(users: readonly BenchUser[]): autocannon.Request[] {
  return users.map((u) => ({ method: 'GET', path: '/tokens_remaining', headers: { authorization: `Bearer ${u.accessToken}` } }));
}

/** Runs autocannon and resolves with its result. */
export function cannon(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error: unknown, result) => (error ? reject(error instanceof Error ? error : new Error("autocannon failed", { cause: error })) : resolve(result)));
  });
}

/** 5xx responses in an autocannon result. */
export const serverErrors = (result: Result) =>
  Object.entries(result.statusCodeStats ?? {}).reduce((sum, [code, stat]) => sum + (code.startsWith('5') ? (stat.count ?? 0) : 0), 0);

/** Runs autocannon and measures the api's CPU time per request meanwhile (a figure other load on the machine barely moves). */
async function measured(server: LoadServer, options: autocannon.Options): Promise<{ result: Result; cpuUsPerRequest: number }> {
  const before = server.cpuMs();
  const result = await cannon(options);
  return { result, cpuUsPerRequest: ((server.cpuMs() - before) * 1000) / Math.max(1, result.requests.total) };
}

function figures(name: string, { result, cpuUsPerRequest }: { result: Result; cpuUsPerRequest: number }, targets: { rps?: number; p99Ms?: number }): BenchResult[] {
  const note = `${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`;
  return [
    {
      name: `${name}: requests/s`, medianMs: result.requests.average, runs: 1, unit: 'req/s',
      target: targets.rps ? `target >= ${targets.rps} req/s` : undefined, note,
    },
    { name: `${name}: p50 latency`, medianMs: result.latency.p50, runs: result.requests.total },
    { name: `${name}: p99 latency`, medianMs: result.latency.p99, runs: result.requests.total, target: targets.p99Ms ? `target < ${targets.p99Ms} ms` : undefined },
    { name: `${name}: api CPU per request`, medianMs: cpuUsPerRequest, runs: result.requests.total, unit: 'µs', note: 'api process CPU (all threads) / requests' },
  ];
}

/** A user's beat over REST (the answer comes when it is ready): its milliseconds and status. */
export async function generateOverRest(server: LoadServer, user: BenchUser, prompt: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/generate_beat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
    body: JSON.stringify({ prompt }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}


async function generations(server: LoadServer, users: readonly BenchUser[]): Promise<BenchResult[]> {
  const until = performance.now() + GENERATION_SECONDS * 1000;
  const times: number[] = [];
  const statuses = new Map<number, number>();
  // The per-user limit is 10 a minute: each user waits so it never passes it.
  const minGapMs = 6_500;
  await Promise.all(
    users.map(async (user, i) => {
      let n = i;
      while (performance.now() < until) {
        const started = performance.now();
        const { ms, status } = await generateOverRest(server, user, PROMPTS[n++ % PROMPTS.length]);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 200) times.push(ms);
        const wait = minGapMs - (performance.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  const sorted = times.sort((a, b) => a - b);
  const note = `statuses ${[...statuses].map(([s, n]) => `${s}x${n}`).join(' ')}, ${((sorted.length / GENERATION_SECONDS) * 60).toFixed(0)} beats/min`;
  return [
    { name: `generations, ${users.length} users at once: p50`, medianMs: percentile(sorted, 50), runs: sorted.length, note },
    { name: `generations, ${users.length} users at once: p95`, medianMs: percentile(sorted, 95), runs: sorted.length },
  ];
}

export async function benchLoad(): Promise<BenchResult[]> {
  return withLoadServer({ seedCatalogue: PARTS.has('generations') }, async (server) => {
    const users: BenchUser[] = [];
    for (let i = 0; i < 8; i++) users.push(await server.user());
    const results: BenchResult[] = [];
    const common = { url: server.url, connections: CONNECTIONS, pipelining: 1 };
    // Warm-up: JIT, the pool's connections, caches.
    await cannon({ ...common, duration: 2, requests: meRequests(users) });
    await cannon({ ...common, duration: 2, requests: tokensRequests(users) });
    if (PARTS.has('me')) results.push(...figures('GraphQL me', await measured(server, { ...common, duration: SECONDS, requests: meRequests(users) }), { rps: 2000, p99Ms: 50 }));
    if (PARTS.has('tokens')) {
      results.push(...figures('GET /tokens_remaining', await measured(server, { ...common, duration: SECONDS, requests: tokensRequests(users) }), { rps: 3000, p99Ms: 50 }));
    }
    if (PARTS.has('generations')) {
      // Generation warm-up (the render pool, vocabulary), then 8 users at once.
      await generateOverRest(server, users[0], PROMPTS[0]);
      results.push(...(await generations(server, users)));
    }
    results.push({ name: 'api RSS after the load', medianMs: server.rssBytes() / 2 ** 20, runs: 1, unit: 'MiB' });
    return results;
  });
}
