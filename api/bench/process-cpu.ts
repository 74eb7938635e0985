import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU-seconds (user + system) a process has used so far, or 0 once it has gone. Linux only. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
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
