import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ManagedProcess, freePort, sleep } from './processes';

/**
 * A redis-server of the topology's own, on a free port of 127.0.0.1, so a test can really restart
 * it (the machine's Redis serves other processes and is never touched). Its data is saved on
 * SHUTDOWN and loaded at the next start, as a Redis with persistence would do.
 */
export class PrivateRedis {
  private process?: ManagedProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'ysm-topology-redis-'));

  private constructor(
    readonly port: number,
    private readonly logDir: string,
  ) {}

  static async start(logDir: string, binary = process.env.TOPOLOGY_REDIS_SERVER ?? 'redis-server'): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), logDir);
    await redis.launch(binary);
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A client of this server (the caller quits it). */
  client(): Redis {
    // No reconnecting: a client of a server being shut down just ends.
    const client = new Redis(this.url, { maxRetriesPerRequest: 1, lazyConnect: false, retryStrategy: () => null });
    client.on('error', () => undefined);
    return client;
  }

  /** Shuts the server down (saving its data), keeps it down for `downMs`, then starts it again. */
  async restart(downMs: number): Promise<void> {
    await this.down();
    await sleep(downMs);
    await this.up();
  }

  /** Shuts the server down, saving its data (SHUTDOWN SAVE). */
  async down(): Promise<void> {
    await this.shutdown();
  }

  /** Starts the server again on its port, with the data it saved. */
  async up(binary = process.env.TOPOLOGY_REDIS_SERVER ?? 'redis-server'): Promise<void> {
    await this.launch(binary);
  }

  async stop(): Promise<void> {
    await this.shutdown();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async shutdown(): Promise<void> {
    if (!this.process?.running) return;
    const client = this.client();
    await client.call('SHUTDOWN', 'SAVE').catch(() => undefined); // the connection ends with the server
    client.disconnect();
    await this.process.exited;
  }

  private async launch(binary: string): Promise<void> {
    this.process = new ManagedProcess(
      'redis',
      binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
      process.env,
      join(this.logDir, 'redis.log'),
    );
    await this.process.waitFor((e) => /Ready to accept connections/.test(e.msg), 10_000, 'ready line');
  }
}
