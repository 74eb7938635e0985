import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** One line of a process's output: pino's JSON when it is JSON, else the raw text as `msg`. */
export interface LogEntry {
  readonly msg: string;
  readonly [field: string]: unknown;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * A real child process of the topology: its output is kept (parsed) for the tests to look into and
 * written to a log file, and its exit is awaitable.
 */
export class ManagedProcess {
  readonly entries: LogEntry[] = [];
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcess;
  private readonly log: WriteStream;
  private readonly waiters = new Set<{ test: (e: LogEntry) => boolean; resolve: (e: LogEntry) => void }>();
  private exit?: Exit;

  constructor(
    readonly name: string,
    command: string,
    args: readonly string[],
    env: NodeJS.ProcessEnv,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
    this.child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => this.take(line));
    }
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        this.log.end(`-- exited: code ${code} signal ${signal}\n`);
        resolve(this.exit);
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return !this.exit;
  }

  /** The first entry (already logged or still to come) that passes `test`. */
  waitFor(test: (entry: LogEntry) => boolean, timeoutMs: number, what = 'log line'): Promise<LogEntry> {
    const found = this.entries.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { test, resolve: (entry: LogEntry) => (clearTimeout(timer), this.waiters.delete(waiter), resolve(entry)) };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`${this.name}: no ${what} within ${timeoutMs} ms${this.exit ? ` (exited ${JSON.stringify(this.exit)})` : ''}`));
      }, timeoutMs);
      this.waiters.add(waiter);
      void this.exited.then(() => {
        if (!this.waiters.has(waiter)) return;
        this.waiters.delete(waiter);
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${JSON.stringify(this.exit)}) before its ${what}`));
      });
    });
  }

  /** Entries whose message is `msg`. */
  messages(msg: string): LogEntry[] {
    return this.entries.filter((e) => e.msg === msg);
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  async stop(graceMs = 20_000): Promise<Exit> {
    if (!this.running) return this.exit!;
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return exit;
  }

  private take(line: string): void {
    this.log.write(`${line}\n`);
    let entry: LogEntry;
    try {
      const parsed = JSON.parse(line) as unknown;
      entry = parsed && typeof parsed === 'object' && 'msg' in parsed ? (parsed as LogEntry) : { msg: line };
    } catch {
      entry = { msg: line };
    }
    this.entries.push(entry);
    for (const waiter of [...this.waiters]) if (waiter.test(entry)) waiter.resolve(entry);
  }
}

export { freePort } from '../../src/platform/net/free-port';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
