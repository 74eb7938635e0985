import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { loadConfig } from '../src/config';
import { createApp, type App } from '../src/app';
import { createCore, type Core } from '../src/core';
import { createLogger } from '../src/platform/logging/logger';
import { withScratchDatabase } from '../src/platform/db/scratch-database';
import { signInThroughProvider } from '../test/support/oidc-login';
import { seedBenchCatalogue } from './bench-catalogue';
import { percentile, processCpuMs, type BenchResult } from './harness';
import { freePort } from '../src/platform/net/free-port';

/**
 * End to end, as a browser does it: generateBeat over HTTP, generationProgress over graphql-ws
 * until the job succeeds, then the MP3 downloaded. p50 and p95 for 1 and 8 concurrent users, a full
 * beat and an edit of it; in-process, and with a Redis worker when REDIS_URL is set.
 */

/** BENCH_LOG_LEVEL=info prints each job's timings ("generation: beat ready"). */
const BENCH_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'silent';

const PROMPTS = [
  'trap type beat with country drums', 'sad piano 85 bpm in A minor', 'dark drill beat', 'lofi chill beat',
  'boom bap with jazzy keys', 'happy pop beat', 'afrobeats dance', 'r&b love song slow', 'country guitar beat', 'hard trap like metro boomin',
];

interface User { readonly accessToken: string; readonly email: string }


class Harness {
  private readonly clients: Client[] = [];
  constructor(readonly url: string, readonly app: App, private readonly env: Record<string, string>) {}

  async user(level = 1): Promise<User> {
    const name = `bench_${randomUUID().slice(0, 8)}`;
    const email = `${name}@example.com`;
    const config = loadConfig(this.env);
    const tokens = await signInThroughProvider({
      issuer: config.auth.issuer, clientId: config.auth.clientId, redirectUri: config.webOrigin,
      login: email, password: `pw-${randomUUID()}`, register: { email, username: name },
    });
    // Tokens and level set directly: the bench measures generation, not billing.
    await this.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, credits, cycle_end, updated_at) select id, ?, 1000, ?, now() from users where email = ? on conflict (user_id) do update set level = excluded.level, credits = excluded.credits, cycle_end = excluded.cycle_end`, [
      level, new Date(Date.now() + 86_400_000), email,
    ]);
    return { accessToken: tokens.accessToken, email };
  }

  private async graphql<T>(user: User, query: string, variables: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
    return body.data!;
  }

  private client(user: User): Client {
    const client = createClient({
      url: `${this.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${user.accessToken}` },
    });
    this.clients.push(client);
    return client;
  }

  /** One job from mutation to downloaded MP3: returns the beat id and the milliseconds it took. */
  async timed(user: User, mutation: string, variables: Record<string, unknown>): Promise<{ beatId: string; ms: number }> {
    const started = performance.now();
    const data = await this.graphql<Record<string, { id: string }>>(user, mutation, variables);
    const jobId = Object.values(data)[0].id;
    const client = this.client(user);
    const beat = await new Promise<{ id: string; audioUrl: string }>((resolve, reject) => {
      client.subscribe<{ generationProgress: { status: string; error: string | null; beat: { id: string; audioUrl: string } | null } }>(
        { query: 'subscription($id: ID!) { generationProgress(jobId: $id) { status error beat { id audioUrl } } }', variables: { id: jobId } },
        {
          next: ({ data: event }) => {
            const progress = event!.generationProgress;
            if (progress.status === 'succeeded') resolve(progress.beat!);
            if (progress.status === 'failed') reject(new Error(progress.error ?? 'generation failed'));
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
    await client.dispose();
    const audio = await fetch(beat.audioUrl);
    if (!audio.ok) throw new Error(`audio ${audio.status}`);
    await audio.arrayBuffer();
    return { beatId: beat.id, ms: performance.now() - started };
  }

  generate(user: User, prompt: string) {
    return this.timed(user, 'mutation($p: String!) { generateBeat(prompt: $p) { id } }', { p: prompt });
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map(async (c) => c.dispose()));
  }
}

/**
 * p50 and p95 of a scenario's jobs, and the process's CPU time per job (every thread of this
 * process: the api's event loop, its render workers, the Redis worker's when it runs here, and the
 * bench's own HTTP and WebSocket clients; PostgreSQL and Redis run elsewhere and are not counted).
 */
function summary(name: string, times: number[], targets: { p50?: string; p95?: string; cpu?: string }, cpuMs: number): BenchResult[] {
  const sorted = [...times].sort((a, b) => a - b);
  return [
    { name: `${name} p50`, medianMs: percentile(sorted, 50), runs: sorted.length, target: targets.p50 },
    { name: `${name} p95`, medianMs: percentile(sorted, 95), runs: sorted.length, target: targets.p95 },
    { name: `${name}: CPU per beat`, medianMs: cpuMs / sorted.length, runs: sorted.length, target: targets.cpu, note: 'process CPU (all threads) / beats' },
  ];
}

/** Runs `fn` and returns its result with the process CPU time it took (ms). */
async function withCpu<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const before = processCpuMs();
  const result = await fn();
  return [result, processCpuMs() - before];
}

async function scenario(h: Harness, label: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  // Warm-up: the vocabulary cache, the worker pool, the loop cache for the first loops.
  const warm = await h.user();
  await h.generate(warm, PROMPTS[0]);

  // 1 user: 12 beats, one after another (two users, so the per-minute limit is never the figure).
  const soloUsers = [await h.user(), await h.user()];
  const [solo, soloCpu] = await withCpu(async () => {
    const times: number[] = [];
    for (let i = 0; i < 12; i++) times.push((await h.generate(soloUsers[i % 2], PROMPTS[i % PROMPTS.length])).ms);
    return times;
  });
  results.push(...summary(`${label}: first beat, 1 user`, solo, { p50: 'target <= 800 ms', p95: 'target <= 1500 ms' }, soloCpu));

  // 8 users at once, 3 rounds each.
  const crowd = await Promise.all(Array.from({ length: 8 }, () => h.user()));
  const [many, manyCpu] = await withCpu(async () => {
    const all: number[] = [];
    for (let round = 0; round < 3; round++) {
      const times = await Promise.all(crowd.map((u, i) => h.generate(u, PROMPTS[(round * 8 + i) % PROMPTS.length])));
      all.push(...times.map((t) => t.ms));
    }
    return all;
  });
  results.push(...summary(`${label}: first beat, 8 users`, many, { p50: 'target <= 2000 ms', p95: 'target <= 3000 ms', cpu: 'target <= 600 ms' }, manyCpu));

  // Full beats, and an edit of a full beat, one user at a time.
  const full: number[] = [];
  const edits: number[] = [];
  let fullCpu = 0;
  let editCpu = 0;
  const premium = [await h.user(2), await h.user(2)];
  for (let i = 0; i < 6; i++) {
    const user = premium[i % 2];
    const first = await h.generate(user, PROMPTS[(i + 3) % PROMPTS.length]);
    const [whole, wholeCpu] = await withCpu(() => h.timed(user, 'mutation($b: ID!) { makeFullBeat(beatId: $b) { id } }', { b: first.beatId }));
    full.push(whole.ms);
    fullCpu += wholeCpu;
    const [edit, thisEditCpu] = await withCpu(() => h.timed(
      user,
      'mutation($b: ID!, $s: [SectionDrumsInput!]!) { removeDrums(beatId: $b, sections: $s) { id } }',
      { b: whole.beatId, s: [{ section: 1, drums: ['Hihats'] }] },
    ));
    edits.push(edit.ms);
    editCpu += thisEditCpu;
  }
  results.push(...summary(`${label}: full beat`, full, { p50: 'target <= 1800 ms' }, fullCpu));
  results.push(...summary(`${label}: edit of a full beat`, edits, { p50: 'target <= 1000 ms' }, editCpu));
  return results;
}

async function withApp<T>(databaseUrl: string, dataDir: string, extra: Record<string, string>, fn: (h: Harness) => Promise<T>): Promise<T> {
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'test', LOG_LEVEL: BENCH_LOG_LEVEL, HOST: '127.0.0.1', PORT: String(port), PUBLIC_API_URL: `http://127.0.0.1:${port}`,
    WEB_ORIGIN: 'http://localhost:5173', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...extra,
  };
  const config = loadConfig(env);
  const app = await createApp({ config, logger: createLogger(BENCH_LOG_LEVEL), databaseUrl });
  await app.listen();
  let worker: Core | undefined;
  if (extra.REDIS_URL) worker = await createCore({ config, logger: createLogger(BENCH_LOG_LEVEL), databaseUrl, processJobs: true });
  const h = new Harness(`http://127.0.0.1:${port}`, app, env);
  try {
    return await fn(h);
  } finally {
    await h.close();
    await worker?.close();
    await app.close();
  }
}

export async function benchGeneration(): Promise<BenchResult[]> {
  return withScratchDatabase(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, async (databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ysm-bench-gen-'));
    // The demo library's render cache is kept between bench runs (BENCH_CACHE_DIR), so the figure
    // after the first run is generation, not synthesis.
    const cacheDir = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'ysm-bench-demo-cache');
    try {
      const results: BenchResult[] = [];
      const seeded = await withApp(databaseUrl, dataDir, {}, async (h) => {
        const started = performance.now();
        const size = await seedBenchCatalogue(h.app, cacheDir);
        const seedMs = performance.now() - started;
        results.push(...(await scenario(h, 'in-process')));
        return { size, seedMs };
      });
      results.unshift({ name: `catalogue seeded (${seeded.size})`, medianMs: seeded.seedMs, runs: 1 });
      const redisUrl = process.env.REDIS_URL;
      if (redisUrl) {
        const redis = { REDIS_URL: redisUrl, QUEUE_PREFIX: `bench-${randomUUID()}`, PROCESS_JOBS_IN_API: 'false' };
        results.push(...(await withApp(databaseUrl, dataDir, redis, (h) => scenario(h, 'Redis worker'))));
      } else {
        results.push({ name: 'Redis worker: skipped (REDIS_URL not set)', medianMs: 0, runs: 0 });
      }
      return results;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
