import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: clock ticks per second of /proc's utime and stime, 100 on every Linux the project runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

/** Resident set size of a process (Linux /proc), in bytes. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

/** CPU time (user + system, every thread) a process has used, in ms (Linux /proc). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** CPU-seconds a process has used so far, or 0 once it has gone. */
export function processCpuSeconds(pid: number): number {
  try {
    return cpuMsOf(pid) / 1000;
  } catch {
    return 0;
  }
}

/** The pids of every running process whose command name is `name` (e.g. every PostgreSQL backend). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids;
}

/**
 * CPU-seconds spent by groups of processes between `start()` and `stop()`. Processes that start in
 * between (a PostgreSQL backend) count from zero; ones that end in between are lost, so groups should
 * hold long-lived processes.
 */
export class CpuWindow {
  private readonly before = new Map<number, number>();

  constructor(private readonly groups: () => Record<string, readonly number[]>) {}

  start(): void {
    for (const pids of Object.values(this.groups())) for (const pid of pids) this.before.set(pid, processCpuSeconds(pid));
  }

  /** Seconds per group since `start()`. */
  stop(): Record<string, number> {
    const spent: Record<string, number> = {};
    for (const [group, pids] of Object.entries(this.groups())) {
      spent[group] = pids.reduce((sum, pid) => sum + processCpuSeconds(pid) - (this.before.get(pid) ?? 0), 0);
    }
    return spent;
  }
}
