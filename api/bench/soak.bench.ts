import type autocannon from 'autocannon';
import type { BenchResult } from './harness';
import { withLoadServer, type BenchUser } from './load-server';
import { cannon, generateOverRest, meRequests, PROMPTS, serverErrors, tokensRequests } from './load.bench';

/**
 * A soak of mixed traffic against the api in its own process: me, /tokens_remaining and the beats
 * list at a steady rate (BENCH_SOAK_RATE requests/s, default 150) and a generation every
 * BENCH_SOAK_GENERATION_EVERY_S seconds (default 10), for BENCH_SOAK_MINUTES (default 10). The
 * api's RSS is sampled every 10 s and printed; growth is measured from the end of the warm-up
 * (the first fifth of the run, at least a minute) to the largest sample after it.
 */

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 150);
const GENERATION_EVERY_S = Number(process.env.BENCH_SOAK_GENERATION_EVERY_S ?? 10);
const SAMPLE_MS = 10_000;

const MY_BEATS = JSON.stringify({ operationName: 'MyBeats', query: 'query MyBeats { myBeats { id prompt kind createdAt producers { name percent } } }' });

function beatsListRequests(users: readonly BenchUser[]): autocannon.Request[] {
  return users.map((u) => ({
    method: 'POST', path: '/graphql', body: MY_BEATS,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.accessToken}` },
  }));
}

export async function benchSoak(): Promise<BenchResult[]> {
  return withLoadServer({ seedCatalogue: true }, async (server) => {
    const users: BenchUser[] = [];
    for (let i = 0; i < 8; i++) users.push(await server.user());
    await generateOverRest(server, users[0], PROMPTS[0]);
    const durationS = Math.round(MINUTES * 60);
    const samples: { s: number; rssMiB: number; heapMiB?: number; outsideMiB?: number }[] = [];
    const started = performance.now();
    const mib = (bytes: number) => bytes / 2 ** 20;
    // RSS, and how much of it is the main thread's V8 heap and memory V8 knows of outside it
    // (ArrayBuffers, SharedArrayBuffers): what is left is worker threads' heaps, code and the allocator.
    const sample = () => {
      const entry: (typeof samples)[number] = { s: Math.round((performance.now() - started) / 1000), rssMiB: mib(server.rssBytes()) };
      samples.push(entry);
      return server.memory().then((m) => void Object.assign(entry, { heapMiB: mib(m.heapUsed), outsideMiB: mib(m.external) }));
    };
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_MS);
    const generationStatuses = new Map<number, number>();
    let stop = false;
    const generator = (async () => {
      for (let n = 0; !stop; n++) {
        const tick = performance.now();
        const { status } = await generateOverRest(server, users[n % users.length], PROMPTS[n % PROMPTS.length]).catch(() => ({ status: 599 }));
        generationStatuses.set(status, (generationStatuses.get(status) ?? 0) + 1);
        const wait = GENERATION_EVERY_S * 1000 - (performance.now() - tick);
        if (wait > 0 && !stop) await new Promise((r) => setTimeout(r, wait));
      }
    })();
    const traffic = await cannon({
      url: server.url, connections: 8, duration: durationS, overallRate: RATE,
      requests: [...meRequests(users), ...tokensRequests(users), ...beatsListRequests(users)],
    });
    stop = true;
    await generator;
    clearInterval(sampler);
    await sample();

    const warmupS = Math.max(60, durationS / 5);
    const afterWarmup = samples.filter((s) => s.s >= warmupS);
    const base = afterWarmup[0]?.rssMiB ?? samples[samples.length - 1].rssMiB;
    const peakAfter = Math.max(...afterWarmup.map((s) => s.rssMiB), base);
    const growthPct = ((peakAfter - base) / base) * 100;
    const generationErrors = [...generationStatuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.log(`\nRSS every ${SAMPLE_MS / 1000} s (s: MiB): ${samples.map((s) => `${s.s}:${s.rssMiB.toFixed(0)}`).join(' ')}`);
    console.log(`V8 heap used / external (buffers) in MiB: ${samples.map((s) => `${s.s}:${s.heapMiB?.toFixed(0) ?? '?'}/${s.outsideMiB?.toFixed(0) ?? '?'}`).join(' ')}`);
    return [
      { name: `soak ${MINUTES} min: requests/s (me, tokens, beats list)`, medianMs: traffic.requests.average, runs: traffic.requests.total, unit: 'req/s', note: `target rate ${RATE}` },
      { name: 'soak: p99 latency', medianMs: traffic.latency.p99, runs: traffic.requests.total },
      { name: 'soak: generations', medianMs: [...generationStatuses.values()].reduce((a, b) => a + b, 0), runs: 1, unit: 'beats', note: `statuses ${[...generationStatuses].map(([s, n]) => `${s}x${n}`).join(' ')}` },
      { name: 'soak: 5xx responses', medianMs: serverErrors(traffic) + generationErrors, runs: 1, unit: '', target: 'target 0', note: `non-2xx ${traffic.non2xx}, errors ${traffic.errors}, timeouts ${traffic.timeouts}` },
      { name: `soak: RSS at the end of the warm-up (${warmupS} s)`, medianMs: base, runs: 1, unit: 'MiB' },
      { name: 'soak: RSS peak after the warm-up', medianMs: peakAfter, runs: afterWarmup.length, unit: 'MiB' },
      { name: 'soak: RSS growth after the warm-up', medianMs: growthPct, runs: afterWarmup.length, unit: '%', target: 'target <= 10 %' },
    ];
  });
}
