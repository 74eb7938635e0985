import 'reflect-metadata';
import { benchAdmin } from './admin.bench';
import { benchCatalog } from './catalog.bench';
import { benchDecode } from './decode.bench';
import { benchGeneration } from './generation.bench';
import { benchIdentify } from './identify.bench';
import { benchLicence } from './licence.bench';
import { benchLoad } from './load.bench';
import { benchSoak } from './soak.bench';
import { printResults, type BenchResult } from './harness';
import { benchPrompt } from './prompt.bench';
import { benchRender } from './render.bench';
import { benchWarp } from './warp.bench';
import { benchWorkers } from './workers.bench';

/**
 * `npm run bench`: prints every figure beside its target. `npm run bench -- render generation` runs
 * only the named groups. The catalogue and generation groups use TEST_DATABASE_URL (or
 * BENCH_DATABASE_URL) when set, else a temporary embedded PostgreSQL; generation also measures
 * Redis workers when REDIS_URL is set. `load` and `soak` run the api as a child process and load it
 * with autocannon; `soak` (10 minutes) runs only when named.
 * `workers` starts the scale-out topology as processes from the built api (npm run build -w api
 * first), on the machine's PostgreSQL and a private redis-server.
 */
const GROUPS: Record<string, { title: string; run: () => Promise<BenchResult[]>; onlyWhenNamed?: boolean }> = {
  decode: { title: 'decode (sound engine)', run: benchDecode },
  warp: { title: 'warp (sound engine)', run: benchWarp },
  render: { title: 'render (sound engine)', run: benchRender },
  catalog: { title: 'catalogue queries', run: benchCatalog },
  prompt: { title: 'reading prompts (word vectors, valence, artists)', run: benchPrompt },
  admin: { title: 'admin dashboard lists (100,000 users and orders) and charts (a million beats, 100,000 licence orders)', run: benchAdmin },
  generation: { title: 'generation end to end (GraphQL + subscription + MP3)', run: benchGeneration },
  load: { title: 'load: me, /tokens_remaining and generations by 8 users (api in its own process, autocannon)', run: benchLoad },
  soak: { title: 'soak: mixed traffic with the api RSS sampled every 10 s (BENCH_SOAK_MINUTES, default 10)', run: benchSoak, onlyWhenNamed: true },
  workers: { title: 'worker scaling: the topology with 1 worker on 1 core, then 2 on 2 (renders per minute)', run: benchWorkers },
  licence: { title: 'licence files from paid to downloadable (MP3 320, WAV, stems zip, PDF)', run: benchLicence },
  identify: { title: 'identify a recording: 200 beats indexed, 10 s excerpts (MP3, overdubbed, +-6 dB), never-indexed audio, 10M rows (issue 35)', run: benchIdentify },
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  for (const name of wanted) if (!GROUPS[name]) throw new Error(`Unknown bench group "${name}"; groups: ${Object.keys(GROUPS).join(', ')}`);
  for (const [name, group] of Object.entries(GROUPS)) {
    if (wanted.length ? !wanted.includes(name) : group.onlyWhenNamed) continue;
    printResults(group.title, await group.run());
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
