import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { createApp, type App } from '../src/app';
import { createLogger } from '../src/platform/logging/logger';
import { withScratchDatabase } from '../src/platform/db/scratch-database';
import { DEFAULT_ADVANCED_LEASE } from '../src/modules/producers/contract-terms';
import type { LicenceDocument } from '../src/modules/licence-files/licence-files.types';
import type { Arrangement } from '../src/audio';
import { signInThroughProvider } from '../test/support/oidc-login';
import { seedBenchCatalogue } from './bench-catalogue';
import { measure, type BenchResult } from './harness';
import { freePort } from '../src/platform/net/free-port';

const BENCH_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'silent';
const WARM_RUNS = 3;

interface Beat { id: string; title: string; key: string; mode: string; bpm: number; structure: string; duration_seconds: number; layers: number }

async function startApp(databaseUrl: string, dataDir: string): Promise<{ app: App; url: string; env: Record<string, string> }> {
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'test', LOG_LEVEL: BENCH_LOG_LEVEL, HOST: '127.0.0.1', PORT: String(port), PUBLIC_API_URL: `http://127.0.0.1:${port}`,
    WEB_ORIGIN: 'http://localhost:5173', DATA_DIR: dataDir, DATABASE_URL: databaseUrl,
  };
  const config = loadConfig(env);
  const app = await createApp({ config, logger: createLogger(BENCH_LOG_LEVEL), databaseUrl });
  await app.listen();
  return { app, url: `http://127.0.0.1:${port}`, env };
}

/**
 * A full (whole-song) beat of a level-2 listener, through the REST paths the generator uses, then
 * `copies` 3-minute versions of it (see lengthenTo), one per run.
 */
async function fullBeats(app: App, url: string, env: Record<string, string>, copies: number): Promise<Beat[]> {
  const name = `bench_${randomUUID().slice(0, 8)}`;
  const email = `${name}@example.com`;
  const config = loadConfig(env);
  const { accessToken } = await signInThroughProvider({
    issuer: config.auth.issuer, clientId: config.auth.clientId, redirectUri: config.webOrigin,
    login: email, password: `pw-${randomUUID()}`, register: { email, username: name },
  });
  await app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, credits, updated_at) select id, 2, 100, now() from users where email = ? on conflict (user_id) do update set level = excluded.level, credits = excluded.credits`, [email]);
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { beat_id: string };
  };
  const first = await post('/generate_beat', { prompt: 'dark trap type beat' });
  const full = await post('/generate_full_beat', { beat_id: first.beat_id });
  // The 3-minute version's own master gain, as generating it would have found and stored it.
  const probe = await lengthenTo(app, full.beat_id, 180, null);
  const { masterGainDb } = await (await app.services.beats.renderLicenceAudio(probe, { stems: false })).master;
  const beats: Beat[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    const id = await lengthenTo(app, full.beat_id, 180, masterGainDb + copy / 100);
    const [beat] = await app.orm.em.fork().getConnection().execute<Beat[]>(
      `select id, title, key, mode, bpm, structure, duration_seconds, jsonb_array_length(arrangement->'layers') as layers from beats where id = ?`, [id],
    );
    beats.push(beat);
  }
  return beats;
}

/**
 * The demo library's full beats run 1.5 to 2 minutes; the target is for a 3-minute beat. A copy of
 * the beat whose body sections (all but the intro and the outro) repeat until the song lasts
 * `seconds`: the same loops, layers and transforms, only longer. With `gainDb`, the copy's master
 * starts at that gain and it is stored as the beat's gain, as a generated beat stores the gain it
 * was rendered at (its licence's stems then render beside the master). The bench gives each run's
 * copy its own gain, a hundredth of a dB apart (within the master bus's tolerance, so it stands),
 * so that no run finds the MP3 chunks of another in the pool's cache, as a purchase (at 320 kbps,
 * of a beat played at 192) finds none.
 */
async function lengthenTo(app: App, beatId: string, seconds: number, gainDb: number | null): Promise<string> {
  const db = app.orm.em.fork().getConnection();
  const [row] = await db.execute<{ arrangement: Arrangement }[]>('select arrangement from beats where id = ?', [beatId]);
  const { arrangement } = row;
  const body = arrangement.sections.slice(1, -1);
  const sections = [...arrangement.sections];
  const secondsOf = (list: readonly { bars: number }[]) => (list.reduce((sum, s) => sum + s.bars, 0) * 4 * 60) / arrangement.bpm;
  for (let i = 0; secondsOf(sections) < seconds; i++) sections.splice(sections.length - 1, 0, body[i % body.length]);
  const longer: Arrangement = { ...arrangement, sections, master: gainDb === null ? arrangement.master : { ...arrangement.master, startGainDb: gainDb } };
  const id = randomUUID();
  await db.execute(
    `insert into beats (id, owner_id, prompt, title, bpm, key, mode, structure, kind, arrangement, selection, producer_shares, mp3blob_key, wav_blob_key,
                        duration_seconds, loudness_lufs, true_peak_dbtp, master_gain_db, peaks, parent_id, created_at)
     select ?, owner_id, prompt, title, bpm, key, mode, ?, kind, ?::jsonb, selection, producer_shares, mp3blob_key, wav_blob_key,
            ?, loudness_lufs, true_peak_dbtp, ?, peaks, id, now() from beats where id = ?`,
    [id, sections.map((s) => s.label).join(''), JSON.stringify(longer), secondsOf(sections), gainDb, beatId],
  );
  return id;
}

function advancedLicence(beat: Beat): LicenceDocument {
  const licenceId = randomUUID();
  const { additional_comments: _comments, ...lease } = DEFAULT_ADVANCED_LEASE;
  return {
    licenceId, issuedAt: new Date(), tier: 'advanced', tierTitle: 'Advanced Lease', priceCents: 7999, currency: 'usd',
    buyer: { firstName: 'Bench', lastName: 'Buyer', country: 'France' },
    beat: { id: beat.id, title: beat.title, key: beat.key, mode: beat.mode, bpm: beat.bpm, structure: beat.structure },
    producers: [{ producerId: randomUUID(), producerName: 'Bench', legalName: 'Bench Producer', shareBasisPoints: 10_000, pro: '', proId: '', comments: '' }],
    terms: { kind: 'lease', lease },
    verifyUrl: `http://localhost:5173/licenses/verify/${licenceId}`,
  };
}

/**
 * From paid to downloadable, the licence files' part: `LicenceFilesService.prepare` of an Advanced
 * Lease (MP3 320 kbps, WAV, stems zip, PDF) for a 3-minute beat of the demo library, each run a new
 * licence of a new copy of the beat (so everything is rendered, encoded and stored). Warm: the render pool already holds the beat's
 * warped loops (a purchase soon after generating); cold: a fresh api, loops decoded and warped again.
 */
export async function benchLicence(): Promise<BenchResult[]> {
  return withScratchDatabase(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, async (databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ysm-bench-licence-'));
    const cacheDir = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'ysm-bench-demo-cache');
    const results: BenchResult[] = [];
    try {
      let beats: Beat[];
      {
        const { app, url, env } = await startApp(databaseUrl, dataDir);
        try {
          await seedBenchCatalogue(app, cacheDir);
          beats = await fullBeats(app, url, env, WARM_RUNS + 1);
          const note = `${Math.round(beats[0].duration_seconds)} s, ${beats[0].layers} layers`;
          const files = app.services.licenceFiles;
          let last = files.lastTimings;
          let run = 0;
          results.push(await measure('advanced lease files, warm loops', async () => {
            await files.prepare(advancedLicence(beats[run++]));
            last = files.lastTimings;
          }, { runs: WARM_RUNS, warmup: 0, target: 'target <= 5000 ms', note }));
          if (last) results.push({ name: '  of which render (MP3 320 + WAV + stems)', medianMs: last.renderMs, runs: 1, note: `last run; pool ${JSON.stringify(last.pool)}` });
          if (last) results.push({ name: '  then storing what was left (MP3, WAV, PDF, zip end)', medianMs: last.storeMs, runs: 1, note: 'last run; the stems zip is stored while the stems render' });
        } finally {
          await app.close();
        }
      }
      {
        const { app } = await startApp(databaseUrl, dataDir);
        try {
          const files = app.services.licenceFiles;
          results.push(await measure('advanced lease files, cold (fresh api)', () => files.prepare(advancedLicence(beats[WARM_RUNS])), {
            runs: 1, warmup: 0, target: 'target <= 5000 ms',
          }));
          const last = files.lastTimings;
          if (last) results.push({ name: '  of which render (loops loaded and warped again)', medianMs: last.renderMs, runs: 1, note: `pool ${JSON.stringify(last.pool)}` });
        } finally {
          await app.close();
        }
      }
      return results;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
