import type autocannon from 'autocannon';
import { median, type BenchResult } from './harness';
import { withLoadServer, type BenchUser } from './load-server';
import { cannon, generateOverRest, meRequests, PROMPTS, serverErrors, tokensRequests } from './load.bench';

/**
 * A soak of mixed traffic against the api in its own process: me, /tokens_remaining and the beats
 * list at a steady rate (BENCH_SOAK_RATE requests/s, default 150) and a generation every
 * BENCH_SOAK_GENERATION_EVERY_S seconds (default 10), for BENCH_SOAK_MINUTES (default 10). The
 * api's RSS is sampled every 10 s and printed. Growth compares RSS levels (the median of a minute's
 * samples): the last minute's against the first minute's after the warm-up (the first fifth of the
 * run, at least a minute); the peak, a beat's buffers in flight, is reported beside. Beside RSS: the
 * main thread's V8 heap, the buffers V8 knows of, and the bytes each memory cache holds, so that
 * growth can be told apart from caches filling towards their configured bounds ("RSS less caches").
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
    const samples: { s: number; rssMiB: number; heapMiB?: number; outsideMiB?: number; cachesMiB?: Record<string, number> }[] = [];
    const started = performance.now();
    const mib = (bytes: number) => bytes / 2 ** 20;
    // RSS, and how much of it is the main thread's V8 heap and memory V8 knows of outside it
    // (ArrayBuffers, SharedArrayBuffers): what is left is worker threads' heaps, code and the allocator.
    const sample = () => {
      const entry: (typeof samples)[number] = { s: Math.round((performance.now() - started) / 1000), rssMiB: mib(server.rssBytes()) };
      samples.push(entry);
      return server.memory().then(({ usage, caches }) => {
        const cachesMiB = Object.fromEntries(Object.entries(caches).map(([name, stats]) => [name, mib(stats.bytes)]));
        Object.assign(entry, { heapMiB: mib(usage.heapUsed), outsideMiB: mib(usage.external), cachesMiB });
      });
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
    // Growth is a rising level, not a beat's buffers in flight: the level is the median of a minute's
    // samples, and growth compares the last minute's level with the first minute's after the warm-up.
    const lastS = afterWarmup.length ? afterWarmup[afterWarmup.length - 1].s : warmupS;
    const firstMinute = afterWarmup.filter((s) => s.s < warmupS + 60);
    const lastMinute = afterWarmup.filter((s) => s.s > lastS - 60);
    const cachedMiB = (s: (typeof samples)[number]) => Object.values(s.cachesMiB ?? {}).reduce((a, b) => a + b, 0);
    const level = (of: readonly (typeof samples)[number][], value: (s: (typeof samples)[number]) => number) => median(of.map(value));
    const rss = (s: (typeof samples)[number]) => s.rssMiB;
    const rest = (s: (typeof samples)[number]) => s.rssMiB - cachedMiB(s);
    const base = level(firstMinute, rss);
    const end = level(lastMinute, rss);
    const growthPct = ((end - base) / base) * 100;
    const peakAfter = Math.max(...afterWarmup.map(rss), base);
    const restBase = level(firstMinute, rest);
    const restEnd = level(lastMinute, rest);
    const generationErrors = [...generationStatuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.log(`\nRSS every ${SAMPLE_MS / 1000} s (s: MiB): ${samples.map((s) => `${s.s}:${s.rssMiB.toFixed(0)}`).join(' ')}`);
    console.log(`V8 heap used / external (buffers) in MiB: ${samples.map((s) => `${s.s}:${s.heapMiB?.toFixed(0) ?? '?'}/${s.outsideMiB?.toFixed(0) ?? '?'}`).join(' ')}`);
    const cacheNames = Object.keys(samples[samples.length - 1].cachesMiB ?? {});
    console.log(`caches in MiB (${cacheNames.join(' / ')}): ${samples.map((s) => `${s.s}:${cacheNames.map((n) => s.cachesMiB?.[n]?.toFixed(0) ?? '-').join('/')}`).join(' ')}`);
    console.log(`RSS less the caches' bytes, in MiB: ${samples.map((s) => `${s.s}:${(s.rssMiB - cachedMiB(s)).toFixed(0)}`).join(' ')}`);
    return [
      { name: `soak ${MINUTES} min: requests/s (me, tokens, beats list)`, medianMs: traffic.requests.average, runs: traffic.requests.total, unit: 'req/s', note: `target rate ${RATE}` },
      { name: 'soak: p99 latency', medianMs: traffic.latency.p99, runs: traffic.requests.total },
      { name: 'soak: generations', medianMs: [...generationStatuses.values()].reduce((a, b) => a + b, 0), runs: 1, unit: 'beats', note: `statuses ${[...generationStatuses].map(([s, n]) => `${s}x${n}`).join(' ')}` },
      { name: 'soak: 5xx responses', medianMs: serverErrors(traffic) + generationErrors, runs: 1, unit: '', target: 'target 0', note: `non-2xx ${traffic.non2xx}, errors ${traffic.errors}, timeouts ${traffic.timeouts}` },
      { name: `soak: RSS level in the first minute after the warm-up (${warmupS} s)`, medianMs: base, runs: firstMinute.length, unit: 'MiB' },
      { name: 'soak: RSS level in the last minute', medianMs: end, runs: lastMinute.length, unit: 'MiB' },
      { name: 'soak: RSS growth after the warm-up', medianMs: growthPct, runs: lastMinute.length, unit: '%', target: 'target <= 10 %', note: 'last minute against the first after the warm-up (medians)' },
      { name: 'soak: RSS peak after the warm-up', medianMs: peakAfter, runs: afterWarmup.length, unit: 'MiB', note: `${(((peakAfter - base) / base) * 100).toFixed(1)} % above the first level (a beat in flight)` },
      { name: 'soak: RSS less the caches, growth after the warm-up', medianMs: ((restEnd - restBase) / restBase) * 100, runs: lastMinute.length, unit: '%', note: `${restBase.toFixed(0)} -> ${restEnd.toFixed(0)} MiB` },
    ];
  });
}
