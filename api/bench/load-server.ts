import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { withScratchDatabase } from '../src/platform/db/scratch-database';
import { signInThroughProvider } from '../test/support/oidc-login';
import { freePort } from '../src/platform/net/free-port';
import type { LoopCacheStats } from '../src/audio';
import { cpuMsOf, rssOf } from './proc-stats';

/**
 * The api in a child process (bench/api-process.ts) on a scratch database, for benches that load it
 * over HTTP from this process: the load generator and the api each have their own event loop, as
 * they would on two machines. BENCH_API_LOG_LEVEL (default info, as in production) sets the child's
 * log level; its logs go to /dev/null, so what is measured is the cost of writing them. BENCH_CPU_PROF
 * (a directory) runs the child with --cpu-prof there.
 */

export interface BenchUser {
  readonly accessToken: string;
  readonly email: string;
}

export interface LoadServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Registers a user through the sign-in form and gives it 1,000 tokens and `level`. */
  user(level?: number): Promise<BenchUser>;
  /** The child's resident set size now, in bytes (/proc). */
  rssBytes(): number;
  /** CPU time the child has used so far (every thread), in ms (/proc). */
  cpuMs(): number;
  /**
   * The child's `process.memoryUsage()` (its main thread's V8 heap, and memory outside it) and the
   * bytes its caches hold (samples' files, warped loops, MP3 chunks).
   */
  memory(): Promise<ChildMemory>;
}

export interface ChildMemory {
  readonly usage: NodeJS.MemoryUsage;
  readonly caches: Record<string, LoopCacheStats>;
}


/** Starts the api child on a scratch database, runs `fn`, and stops it (SIGTERM, then waits). */
export async function withLoadServer<T>(options: { extraEnv?: Record<string, string>; seedCatalogue?: boolean }, fn: (server: LoadServer) => Promise<T>): Promise<T> {
  return withScratchDatabase(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, async (databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ysm-bench-load-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_API_URL: url,
      WEB_ORIGIN: 'http://localhost:5173',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Kept between runs, like the demo library's render cache.
      WORD_VECTORS_DIR: process.env.BENCH_WORD_VECTORS_DIR ?? join(tmpdir(), 'ysm-bench-word-vectors'),
      ...(options.seedCatalogue ? { BENCH_SEED_CACHE_DIR: process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'ysm-bench-demo-cache') } : {}),
      // glibc's allocator as the Docker image sets it (a fixed mmap threshold: docs/decisions.md);
      // BENCH_GLIBC_DEFAULTS=1 leaves glibc's own, and MALLOC_* variables are passed on for experiments.
      ...(process.env.BENCH_GLIBC_DEFAULTS === '1' ? {} : { MALLOC_MMAP_THRESHOLD_: '131072' }),
      ...Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('MALLOC_') && entry[1] !== undefined)),
      ...options.extraEnv,
    };
    const execArgv = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = fork(join(__dirname, 'api-process.js'), [], { env, execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const pg = new Client({ connectionString: databaseUrl });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('message', (message: { ready?: boolean }) => (message.ready ? resolve() : reject(new Error('api child did not start'))));
        child.once('exit', (code) => reject(new Error(`api child exited with ${code} before listening`)));
      });
      await pg.connect();
      const server: LoadServer = {
        url,
        child,
        rssBytes: () => rssOf(child.pid!),
        cpuMs: () => cpuMsOf(child.pid!),
        memory: () =>
          new Promise<ChildMemory>((resolve) => {
            const onMessage = (message: { memory?: NodeJS.MemoryUsage; caches?: ChildMemory['caches'] }) => {
              if (!message.memory) return;
              child.off('message', onMessage);
              resolve({ usage: message.memory, caches: message.caches ?? {} });
            };
            child.on('message', onMessage);
            child.send('memory');
          }),
        async user(level = 1) {
          const name = `load_${randomUUID().slice(0, 8)}`;
          const email = `${name}@example.com`;
          const tokens = await signInThroughProvider({
            issuer: `${url}/oidc`, clientId: 'ysm-web', redirectUri: env.WEB_ORIGIN,
            login: email, password: `pw-${randomUUID()}`, register: { email, username: name },
          });
          // Level and tokens set directly: the benches measure serving, not billing.
          await pg.query(`insert into billing_accounts (user_id, level, credits, cycle_end, updated_at) select id, $1, 1000, $2, now() from users where email = $3 on conflict (user_id) do update set level = excluded.level, credits = excluded.credits, cycle_end = excluded.cycle_end`, [
            level, new Date(Date.now() + 86_400_000), email,
          ]);
          return { accessToken: tokens.accessToken, email };
        },
      };
      return await fn(server);
    } finally {
      await pg.end().catch(() => undefined);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
