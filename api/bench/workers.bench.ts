import { uploadSmallCatalogue } from '../test/support/small-catalogue';
import { registerAndSignIn } from '../test/support/users';
import { generateBeat } from '../test/topology/clients';
import { sleep } from '../test/topology/processes';
import { Topology } from '../test/topology/topology';
import type { BenchResult } from './harness';
import { CpuWindow, pidsNamed } from './proc-stats';

/**
 * Beats timed per configuration (after each worker's warm-up), alternating the prompts. With 8 the
 * ratio swung from 1.3x to 2.2x between runs (a few slow beats at either end weigh a quarter of
 * the time); 24 evens that out.
 */
const JOBS = Number(process.env.BENCH_WORKER_JOBS ?? 24);
/** Listeners the jobs are spread over: two jobs each (one may have at most 3 in flight). */
const LISTENERS = Math.max(4, Math.ceil(JOBS / 2));
const WARMUP_PER_WORKER = Number(process.env.BENCH_WORKER_WARMUP ?? 2);
const PROMPTS = ['dark trap with heavy 808s', 'country road trip'];

/** Waits until every job is finished; throws if one failed. */
async function finished(topology: Topology, jobIds: readonly string[]): Promise<void> {
  for (;;) {
    const rows = await topology.sql<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM generation_jobs WHERE id = ANY($1::uuid[]) GROUP BY status',
      [jobIds],
    );
    const failed = rows.find((r) => r.status === 'failed');
    if (failed) {
      const errors = await topology.sql<{ error: string }>("SELECT DISTINCT error FROM generation_jobs WHERE id = ANY($1::uuid[]) AND status = 'failed'", [jobIds]);
      throw new Error(`${failed.n} bench job(s) failed: ${errors.map((e) => e.error).join('; ')}`);
    }
    if (rows.find((r) => r.status === 'succeeded')?.n === jobIds.length) return;
    await sleep(100);
  }
}

/**
 * Renders per minute of the real topology (two apis, N workers as processes, Redis, PostgreSQL)
 * with each worker pinned to its own core by `taskset -c`: first beats enqueued all at once
 * through the apis, timed from the first request to the last beat stored.
 */
type CacheCounters = Record<string, { hits: number; misses: number }>;

/** The workers' cache counters, summed (from each worker's health server). */
async function workerCaches(topology: Topology): Promise<CacheCounters> {
  const sum: CacheCounters = {};
  for (const url of topology.workerHealthUrls.values()) {
    const caches = (await (await fetch(`${url}/caches`)).json()) as CacheCounters;
    for (const [name, { hits, misses }] of Object.entries(caches)) {
      sum[name] = { hits: (sum[name]?.hits ?? 0) + hits, misses: (sum[name]?.misses ?? 0) + misses };
    }
  }
  return sum;
}

/** Hit rates of the lookups between two readings of the counters, e.g. "warpedLoops 62 % of 480". */
function hitRates(before: CacheCounters, after: CacheCounters): string {
  return Object.entries(after)
    .map(([name, { hits, misses }]) => {
      const h = hits - (before[name]?.hits ?? 0);
      const total = h + misses - (before[name]?.misses ?? 0);
      return `${name} ${total ? Math.round((100 * h) / total) : 0} % of ${total}`;
    })
    .join(', ');
}

async function rendersPerMinute(cpus: readonly string[]): Promise<{ perMinute: number; ms: number; cpuPerBeat: Record<string, number>; cacheHits: string }> {
  const topology = await Topology.start({ workers: cpus.length, workerCpus: cpus });
  try {
    await uploadSmallCatalogue(topology.apiB);
    const warmJobs = WARMUP_PER_WORKER * cpus.length;
    // The warm-up has listeners of its own (two jobs each), so the timed jobs meet no rate limit.
    const listeners = LISTENERS + Math.ceil(warmJobs / 2);
    const users = await Promise.all(Array.from({ length: listeners }, (_, i) => registerAndSignIn(topology.apiA, `bench${i}`)));
    const apis = [topology.apiA, topology.apiB];
    const start = (i: number, user: number) => generateBeat(apis[i % 2].url, users[user].accessToken, PROMPTS[i % PROMPTS.length]);
    // Warm-up: each worker reads the word vectors and caches the catalogue's loops at these tempos.
    const warm = await Promise.all(Array.from({ length: warmJobs }, (_, i) => start(i, LISTENERS + (i % Math.ceil(warmJobs / 2)))));
    await finished(topology, warm);
    // Where the CPU of the timed beats went: the workers, the apis, PostgreSQL, Redis and this process.
    const cpu = new CpuWindow(() => ({
      workers: topology.workers.map((w) => w.pid),
      apis: [topology.apiA.process.pid, topology.apiB.process.pid],
      postgres: pidsNamed('postgres'),
      redis: pidsNamed('redis-server'),
      bench: [process.pid],
    }));
    cpu.start();
    const cachesBefore = await workerCaches(topology);
    const began = performance.now();
    const jobs = await Promise.all(Array.from({ length: JOBS }, (_, i) => start(i, i % LISTENERS)));
    await finished(topology, jobs);
    const ms = performance.now() - began;
    const cpuPerBeat = Object.fromEntries(Object.entries(cpu.stop()).map(([group, seconds]) => [group, seconds / JOBS]));
    return { perMinute: (JOBS * 60_000) / ms, ms, cpuPerBeat, cacheHits: hitRates(cachesBefore, await workerCaches(topology)) };
  } finally {
    await topology.stop();
  }
}

/** `npm run bench -- workers`: one worker on one core against two workers on two cores (target >= 1.8x). */
export async function benchWorkers(): Promise<BenchResult[]> {
  const one = await rendersPerMinute(['0']);
  const two = await rendersPerMinute(['0', '1']);
  const ratio = two.perMinute / one.perMinute;
  const note = (r: { perMinute: number; cpuPerBeat: Record<string, number>; cacheHits: string }) =>
    `${r.perMinute.toFixed(1)} renders/min; CPU-s per beat: ${Object.entries(r.cpuPerBeat).map(([group, s]) => `${group} ${s.toFixed(2)}`).join(', ')}; cache hits: ${r.cacheHits}`;
  return [
    { name: `1 worker (taskset -c 0): ${JOBS} first beats`, medianMs: one.ms, runs: 1, note: note(one) },
    { name: `2 workers (taskset -c 0, -c 1): ${JOBS} first beats`, medianMs: two.ms, runs: 1, note: note(two) },
    { name: 'two workers against one: throughput ratio', medianMs: 0, runs: 1, target: 'target >= 1.8x', note: `${ratio.toFixed(2)}x` },
  ];
}
