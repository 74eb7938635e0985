/** One benchmark figure: the median of several timed runs, with the floor it is compared to. */
export interface BenchResult {
  readonly name: string;
  readonly medianMs: number;
  readonly runs: number;
  /** The target or physical floor this figure is judged against, in words (e.g. "target <= 2000 ms"). */
  readonly target?: string;
  readonly note?: string;
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
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  const medianMs = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return { name, medianMs, runs, target: options.target, note: options.note };
}

/** Prints results as an aligned table. */
export function printResults(title: string, results: readonly BenchResult[]): void {
  console.log(`\n== ${title}`);
  for (const r of results) {
    const figure = `${r.medianMs.toFixed(1)} ms`.padStart(12);
    console.log(`${r.name.padEnd(52)} ${figure}  (median of ${r.runs})${r.target ? `  ${r.target}` : ''}${r.note ? `  ${r.note}` : ''}`);
  }
}
