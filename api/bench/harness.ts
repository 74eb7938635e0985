/** One benchmark figure: the median of several timed runs, with the floor it is compared to. */
export interface BenchResult {
  readonly name: string;
  readonly medianMs: number;
  readonly runs: number;
  /** The target or physical floor this figure is judged against, in words (e.g. "target <= 2000 ms"). */
  readonly target?: string;
  readonly note?: string;
  /**
   * CPU time of the whole process (every thread: the event loop and the render workers) per timed
   * run, in ms: what one run costs the machine, which wall time hides when runs use several cores.
   */
  readonly cpuMsPerRun?: number;
  /** What `medianMs` counts when it is not milliseconds (req/s, MiB, count). */
  readonly unit?: string;
}

/** CPU time the process (all its threads) has used, in ms. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs `fn` `warmup` times untimed, then `runs` times timed, and returns the median in ms. */
export async function measure(
  name: string,
  fn: () => unknown,
  options: { runs?: number; warmup?: number; target?: string; note?: string } = {},
): Promise<BenchResult> {
  const runs = options.runs ?? 5;
  for (let i = 0; i < (options.warmup ?? 1); i++) await fn();
  const times: number[] = [];
  const cpuBefore = processCpuMs();
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const cpuMsPerRun = (processCpuMs() - cpuBefore) / runs;
  return { name, medianMs: median(times), runs, target: options.target, note: options.note, cpuMsPerRun };
}

/** The p-th percentile (nearest rank) of numbers sorted ascending; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The median of some numbers (NaN for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Prints results as an aligned table. */
export function printResults(title: string, results: readonly BenchResult[]): void {
  console.log(`\n== ${title}`);
  for (const r of results) {
    const figure = `${r.medianMs.toFixed(1)} ${r.unit ?? 'ms'}`.padStart(14);
    const cpu = r.cpuMsPerRun === undefined ? '' : `  cpu ${(r.cpuMsPerRun / 1000).toFixed(2)} s/run`;
    console.log(`${r.name.padEnd(52)} ${figure}  (median of ${r.runs})${cpu}${r.target ? `  ${r.target}` : ''}${r.note ? `  ${r.note}` : ''}`);
  }
}
