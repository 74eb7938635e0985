import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Client } from 'pg';
import { loadConfig, type Config } from '../../src/config';
import type { ApiUnderTest } from '../support/test-app';
import { ManagedProcess, freePort } from './processes';
import { PrivateRedis } from './private-redis';

/** The api workspace (this file runs from test/topology under jest, or from dist-bench/test/topology in the bench). */
const API_ROOT = resolve(__dirname, '..', '..', ...(basename(resolve(__dirname, '..', '..')) === 'dist-bench' ? ['..'] : []));
const DIST = join(API_ROOT, 'dist');

/** The machine's PostgreSQL (a fresh database is made on it for each topology, and dropped). */
const serverUrl = () => process.env.TOPOLOGY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** An api instance of the topology: its process and the address clients use. */
export interface ApiInstance extends ApiUnderTest {
  readonly name: string;
  readonly process: ManagedProcess;
}

export interface TopologyOptions {
  /** Generation workers to start (default 2). */
  readonly workers?: number;
  /** For each worker, the CPU list `taskset -c` pins it to (none: unpinned). */
  readonly workerCpus?: readonly (string | undefined)[];
  /** Extra environment of every process (QUEUE_LOCK_MS, GENERATION_CONCURRENCY, RENDER_THREADS...); LOG_LEVEL stays info or lower (the harness waits for info lines). */
  readonly env?: Record<string, string>;
  /** Extra environment of the workers only. */
  readonly workerEnv?: Record<string, string>;
  /** The apis' ports (default: free ones); TOPOLOGY_API_PORTS="4141,4142" sets them too. */
  readonly apiPorts?: readonly [number, number];
}

/**
 * The scale-out topology as real processes from the built api (`npm run build -w api`): api A and
 * api B (PROCESS_JOBS_IN_API=false) on two ports, and generation workers (`dist/worker.js`), on a
 * fresh database of the machine's PostgreSQL, a private redis-server, and one shared DATA_DIR (the
 * local blob store). Both apis have one public address (api B's, as a load balancer's would be), so
 * tokens signed by either are valid on both.
 */
export class Topology {
  readonly workers: ManagedProcess[] = [];
  /** Each worker's health server (/healthz, /caches), on a port of its own. */
  readonly workerHealthUrls = new Map<ManagedProcess, string>();
  private workerCount = 0;

  private constructor(
    readonly apiA: ApiInstance,
    readonly apiB: ApiInstance,
    readonly redis: PrivateRedis,
    readonly databaseUrl: string,
    readonly databaseName: string,
    readonly dataDir: string,
    readonly logDir: string,
    private readonly env: Record<string, string>,
    private readonly options: TopologyOptions,
  ) {}

  static async start(options: TopologyOptions = {}): Promise<Topology> {
    for (const file of ['main.js', 'worker.js']) {
      if (!existsSync(join(DIST, file))) throw new Error(`api/dist/${file} is missing: run npm run build -w api first`);
    }
    const name = `ysm_topology_${randomBytes(5).toString('hex')}`;
    await onServer((client) => client.query(`CREATE DATABASE ${name}`));
    const databaseUrl = new URL(serverUrl());
    databaseUrl.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'ysm-topology-data-'));
    const logDir = process.env.TOPOLOGY_LOG_DIR ?? join(dataDir, 'logs');
    mkdirSync(logDir, { recursive: true });
    const redis = await PrivateRedis.start(logDir);
    const fromEnv = process.env.TOPOLOGY_API_PORTS?.split(',').map(Number);
    const [portA, portB] = options.apiPorts ?? (fromEnv?.length === 2 ? fromEnv : [await freePort(), await freePort()]);
    const publicUrl = `http://127.0.0.1:${portB}`;
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PUBLIC_API_URL: publicUrl,
      WEB_ORIGIN: 'http://localhost:5173',
      DATA_DIR: dataDir,
      // The distilled word vectors are shared with the api tests' cache (one distillation per machine).
      WORD_VECTORS_DIR: join(tmpdir(), 'ysm-test-word-vectors'),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `topology-${randomBytes(4).toString('hex')}`,
      PROCESS_JOBS_IN_API: 'false',
      SEED_DEMO_ACCOUNTS: 'false',
      SEED_DEMO_LIBRARY: 'false',
      MEDIA_SIGNING_SECRET: randomBytes(24).toString('hex'),
      // Every test user registers from 127.0.0.1.
      REGISTRATIONS_PER_NETWORK_PER_HOUR: '100000',
      REGISTRATIONS_PER_NETWORK_PER_DAY: '100000',
      ...options.env,
    };
    const startApi = async (label: string, port: number, started: ManagedProcess[]): Promise<ApiInstance> => {
      const apiEnv = { ...env, PORT: String(port) };
      const child = new ManagedProcess(`api-${label}`, process.execPath, ['--enable-source-maps', join(DIST, 'main.js')], { ...process.env, ...apiEnv }, join(logDir, `api-${label}.log`));
      started.push(child);
      await child.waitFor((e) => e.msg === 'api listening', 120_000, '"api listening"');
      const config: Config = loadConfig(apiEnv);
      return { name: `api ${label}`, process: child, url: `http://127.0.0.1:${port}`, config };
    };
    const started: ManagedProcess[] = [];
    const cleanUp = async () => {
      await Promise.all(started.map((p) => p.stop()));
      await redis.stop();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
    try {
      // B first: it applies the migrations to the empty database; then A and the workers together.
      const apiB = await startApi('b', portB, started);
      const topology = new Topology(await startApi('a', portA, started), apiB, redis, databaseUrl.toString(), name, dataDir, logDir, env, options);
      const workers = Promise.all(Array.from({ length: options.workers ?? 2 }, () => topology.startWorker()));
      await workers.catch(async (error: unknown) => {
        started.push(...topology.workers);
        throw error;
      });
      return topology;
    } catch (error) {
      await cleanUp();
      throw error;
    }
  }

  /** Starts one more generation worker (pinned with taskset when its slot has CPUs) and waits until it takes jobs. */
  async startWorker(cpus?: string): Promise<ManagedProcess> {
    const index = ++this.workerCount;
    const pin = cpus ?? this.options.workerCpus?.[index - 1];
    const node = [process.execPath, '--enable-source-maps', join(DIST, 'worker.js')];
    const [command, ...args] = pin ? ['taskset', '-c', pin, ...node] : node;
    const healthPort = await freePort();
    const env = { ...process.env, ...this.env, ...this.options.workerEnv, WORKER_HEALTH_PORT: String(healthPort) };
    const worker = new ManagedProcess(`worker-${index}`, command, args, env, join(this.logDir, `worker-${index}.log`));
    this.workers.push(worker);
    this.workerHealthUrls.set(worker, `http://127.0.0.1:${healthPort}`);
    await worker.waitFor((e) => e.msg === 'generation worker started', 120_000, '"generation worker started"');
    return worker;
  }

  /** The workers that logged the start of an attempt of this job, one per attempt, in the order of the attempts. */
  workersThatStarted(jobId: string): ManagedProcess[] {
    const starts = this.workers.flatMap((worker) =>
      worker.entries.filter((e) => e.msg === 'generation: job started' && e.jobId === jobId).map((e) => ({ worker, attempt: Number(e.attempt) })),
    );
    return starts.sort((a, b) => a.attempt - b.attempt).map((s) => s.worker);
  }

  /** SQL on the topology's database (the test's own connection). */
  async sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** Terminates every connection the apis and workers hold to the database (pg_terminate_backend). */
  async terminateDatabaseConnections(): Promise<number> {
    return onServer(async (client) => {
      const rows = await client.query(
        'SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [this.databaseName],
      );
      return rows.rows.filter((r: { killed: boolean }) => r.killed).length;
    });
  }

  /** Stops every process, drops the database, removes the data directory (logs kept when TOPOLOGY_LOG_DIR names them). */
  async stop(): Promise<void> {
    await Promise.all([this.apiA, this.apiB].map((api) => api.process.stop()));
    await Promise.all(this.workers.map((w) => w.stop()));
    await this.redis.stop();
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${this.databaseName} WITH (FORCE)`));
    if (!process.env.TOPOLOGY_LOG_DIR && !process.env.TOPOLOGY_KEEP_LOGS) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
