import { loadavg } from 'node:os';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  createRandom, createRenderPool, decodeWav, encodeMp3, ENGINE_SAMPLE_RATE, landmarksOf,
  type Arrangement, type ArrangementPart, type AudioData, type Landmarks, type SectionLabel,
} from '../src/audio';
import { chordProgression, decodeMp3, drumLoop, mapSampleSource, noise, PROGRESSIONS, synthDrumLoop } from '../src/audio/testing';
import { ENTITIES } from '../src/entities';
import { ormConfig } from '../src/platform/db/orm';
import { withScratchDatabase } from '../src/platform/db/scratch-database';
import { matchLandmarks, type BeatMatch } from '../src/modules/content-id/landmark-matcher';
import { storeBeatLandmarks } from '../src/modules/content-id/landmark-store';
import { median, percentile, processCpuMs, type BenchResult } from './harness';

/**
 * `npm run bench -w api -- identify` (issue 35): indexes INDEXED generated beats (rendered by the
 * engine's pool from a synthesised catalogue: beats share drum loops, each melody plays at its own
 * key and tempo) and queries 10-second excerpts of 100 of them, (a) through MP3 at 128 kbps, (b) under
 * an unrelated melody stem plus noise at equal loudness, (c) 6 dB quieter or louder (clipped at full
 * scale, as a file would be), and 100 excerpts of beats never indexed. Accuracy, false matches, query
 * latency through PostgreSQL (p95) at the corpus and with the landmark table filled to ~10 million
 * rows (transposed copies of the real rows), the fingerprint's share of a first beat's CPU, and index
 * bytes per minute. BENCH_IDENTIFY_RUNS (3) query rounds; BENCH_IDENTIFY_BEATS (200); BENCH_IDENTIFY_QUERIES (100); BENCH_IDENTIFY_ROWS (10,000,000).
 */

const RATE = ENGINE_SAMPLE_RATE;
const EXCERPT_SECONDS = 10;
const PITCHES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const RHYTHMS = ['sustained', 'stabs', 'arpeggio'] as const;
const PATTERNS = ['basic', 'fourOnTheFloor', 'boomBap'] as const;
const SOURCE_BPM = 120;

interface Catalogue {
  readonly samples: Map<string, AudioData>;
  readonly melodies: string[];
  readonly drums: string[];
  readonly bass: string[];
}

function melodyLoop(seed: number): AudioData {
  const mode = seed % 2 ? 'Major' : 'Minor';
  return chordProgression({
    key: PITCHES[seed % 12], mode, progression: PROGRESSIONS[mode][seed % 5], bpm: SOURCE_BPM, beatsPerChord: 4,
    rhythm: RHYTHMS[seed % 3], seed, sampleRate: RATE,
  }).audio;
}

/** Loops of one catalogue: `seedBase` keeps the never-indexed catalogue apart from the indexed one. */
function catalogue(seedBase: number, melodies: number, drums: number): Catalogue {
  const samples = new Map<string, AudioData>();
  const add = (id: string, audio: AudioData) => (samples.set(id, audio), id);
  return {
    samples,
    melodies: Array.from({ length: melodies }, (_, i) => add(`m${seedBase + i}`, melodyLoop(seedBase + i))),
    drums: Array.from({ length: drums }, (_, i) => add(`d${seedBase + i}`, drumLoop({ bpm: SOURCE_BPM, bars: 2, pattern: PATTERNS[i % 3], seed: seedBase + i, sampleRate: RATE }).audio)),
    bass: Array.from({ length: 4 }, (_, i) => add(`b${seedBase + i}`, synthDrumLoop('808', SOURCE_BPM, 2, seedBase + i))),
  };
}

/** Beat `n` of a catalogue: intro (melody), verse and chorus (melody, drums, 808), 8 bars each. */
function beatArrangement(c: Catalogue, n: number, tempoOffset = 0): Arrangement {
  const melody = c.melodies[n % c.melodies.length];
  const semitones = (Math.floor(n / c.melodies.length) % 12) - 6;
  const bpm = 100 + ((n * 7) % 9) * 5 + tempoOffset;
  const part = (layerId: string, sampleId: string, bars: number, shift = 0): ArrangementPart => ({
    layerId, sample: { sampleId, sourceBpm: SOURCE_BPM, bars }, transform: { toBpm: bpm, semitones: shift, gainDb: 0, muted: false },
  });
  const section = (label: SectionLabel, drums: string | null) => ({
    label, bars: 8,
    parts: [part('melody', melody, 4, semitones), ...(drums ? [part('drums', drums, 2), part('808s', c.bass[n % c.bass.length], 2)] : [])],
  });
  return {
    version: 1, bpm, key: 'A', mode: 'minor',
    layers: [
      { id: 'melody', role: 'melody', name: 'Keys', gainDb: 0 },
      { id: 'drums', role: 'Kicks', name: 'Drums', gainDb: 0, sidechain: 'source' },
      { id: '808s', role: '808s', name: '808s', gainDb: -3, sidechain: 'ducked' },
    ],
    sections: [section('I', null), section('V', c.drums[n % c.drums.length]), section('C', c.drums[(n + 5) % c.drums.length])],
  };
}

const mono = (audio: AudioData): Float32Array => {
  const [l, r = l] = audio.channels;
  return l.map((x, i) => 0.5 * (x + r[i]));
};
const asStereo = (m: Float32Array): AudioData => ({ sampleRate: RATE, channels: [m, m] });
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / Math.max(1, x.length));

function excerptOf(audio: AudioData, random: () => number): Float32Array {
  const m = mono(audio);
  const length = EXCERPT_SECONDS * RATE;
  const from = Math.floor(random() * Math.max(0, m.length - length));
  return m.slice(from, from + length);
}

/** (b): an unrelated melody stem plus noise 10 dB under it, at the excerpt's loudness. */
function overdubbed(excerpt: Float32Array, seed: number): Float32Array {
  const stem = mono(melodyLoop(5000 + seed));
  const hiss = mono(noise({ seconds: EXCERPT_SECONDS, rmsDb: -30, seed, sampleRate: RATE }));
  const hissGain = (0.316 * rms(stem)) / rms(hiss);
  const voice = excerpt.map((_, i) => stem[i % stem.length] + hissGain * hiss[i]);
  const gain = rms(excerpt) / rms(voice);
  return excerpt.map((x, i) => x + gain * voice[i]);
}

const clip = (x: number) => Math.max(-1, Math.min(1, x));

async function viaMp3(excerpt: Float32Array): Promise<Float32Array> {
  const mp3 = await encodeMp3(asStereo(excerpt), { bitrateKbps: 128 });
  const decoded = await decodeMp3(mp3.bytes);
  return mono({ sampleRate: decoded.sampleRate, channels: decoded.channels });
}

/** The package's landmarks (22,050 Hz mono 16-bit, its defaults) of mono audio at RATE. */
type PackageCodegen = new () => { process(chunk: Uint8Array): { tcodes: number[]; hcodes: number[] } };
function packageLandmarks(Codegen: PackageCodegen, m: Float32Array): Landmarks {
  const half = new Int16Array(Math.floor(m.length / 2));
  for (let i = 0; i < half.length; i++) half[i] = Math.round(clip(0.5 * (m[2 * i] + m[2 * i + 1])) * 32767);
  const out = new Codegen().process(new Uint8Array(half.buffer));
  return { hashes: Int32Array.from(out.hcodes), frames: Int32Array.from(out.tcodes) };
}

/** An in-memory landmark index (for comparing fingerprinters on equal terms): best aligned count per beat. */
class MemoryIndex {
  private readonly byHash = new Map<number, { beat: string; frame: number }[]>();
  lastAdded = 0;
  add(beat: string, l: Landmarks): void {
    this.lastAdded = l.hashes.length;
    l.hashes.forEach((h, i) => {
      const list = this.byHash.get(h) ?? [];
      list.push({ beat, frame: l.frames[i] });
      this.byHash.set(h, list);
    });
  }
  /** Beats by their strongest alignment (deltas within one frame joined), strongest first. */
  scores(q: Landmarks): { beat: string; hits: number }[] {
    const votes = new Map<string, number>();
    q.hashes.forEach((h, i) => {
      for (const e of this.byHash.get(h) ?? []) {
        const key = `${e.beat}|${e.frame - q.frames[i]}`;
        votes.set(key, (votes.get(key) ?? 0) + 1);
      }
    });
    const best = new Map<string, number>();
    for (const [key, n] of votes) {
      const [beat, d] = key.split('|');
      const joined = n + (votes.get(`${beat}|${Number(d) + 1}`) ?? 0);
      best.set(beat, Math.max(best.get(beat) ?? 0, joined));
    }
    return [...best].map(([beat, hits]) => ({ beat, hits })).sort((a, b) => b.hits - a.hits);
  }
}

interface QueryOutcome {
  readonly ms: number;
  readonly matches: BeatMatch[];
}

async function identify(em: EntityManager, audio: Float32Array): Promise<QueryOutcome & { fingerprintMs: number }> {
  const started = performance.now();
  const landmarks: Landmarks = landmarksOf(asStereo(audio));
  const fingerprinted = performance.now();
  const matches = await matchLandmarks(em, landmarks);
  return { ms: performance.now() - started, fingerprintMs: fingerprinted - started, matches };
}

/** The true beat is the top match, or ties with it (beats sharing those bars, listed together). */
const correct = (matches: readonly BeatMatch[], beatId: string) => matches.length > 0 && matches.some((m) => m.beatId === beatId && m.hits === matches[0].hits);

export async function benchIdentify(): Promise<BenchResult[]> {
  const beats = Number(process.env.BENCH_IDENTIFY_BEATS ?? 200);
  const runs = Number(process.env.BENCH_IDENTIFY_RUNS ?? 3);
  const syntheticRows = Number(process.env.BENCH_IDENTIFY_ROWS ?? 10_000_000);
  const queryCount = Number(process.env.BENCH_IDENTIFY_QUERIES ?? 100);
  const load = [loadavg()[0]];
  const indexed = catalogue(1, 30, 12);
  const foreign = catalogue(1000, 20, 6);
  const pool = createRenderPool({ loadSample: mapSampleSource(new Map([...indexed.samples, ...foreign.samples])), size: 2, mp3CacheBytes: 1 });
  const random = createRandom(35);
  const results: BenchResult[] = [];
  try {
    return await withScratchDatabase(process.env.SCRATCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, async (url) => {
      const orm = await MikroORM.init(ormConfig(url, ENTITIES));
      try {
        await orm.getMigrator().up();
        const em = orm.em.fork() as EntityManager;
        const [{ id: ownerId }] = await em.execute<{ id: string }[]>(
          `insert into users (id, subject, email, username, username_key, created_at, updated_at) values (gen_random_uuid(), 'bench', 'bench@ysm.local', 'bench', 'bench', now(), now()) returning id`,
        );
        // Index the corpus: each beat rendered as a first beat is (MP3 and WAV), then stored with its landmarks.
        const renderCpu: number[] = [];
        const landmarkMs: number[] = [];
        const excerpts: { beatId: string; audio: Float32Array }[] = [];
        const Codegen = ((await import('@qgustavor/stream-audio-fingerprint')) as unknown as { default: PackageCodegen }).default;
        const ownIndex = new MemoryIndex();
        const packageIndex = new MemoryIndex();
        const ownCpuMs: number[] = [];
        const packageCpuMs: number[] = [];
        let packageRows = 0;
        let seconds = 0;
        const storeStarted = performance.now();
        for (let n = 0; n < beats; n++) {
          const cpu = processCpuMs();
          const rendered = await pool.render({ arrangement: beatArrangement(indexed, n) });
          renderCpu.push(processCpuMs() - cpu);
          landmarkMs.push(rendered.analysis.landmarksMs);
          seconds += rendered.analysis.durationSeconds;
          const [{ id }] = await em.execute<{ id: string }[]>(
            `insert into beats (id, owner_id, prompt, title, bpm, key, mode, structure, kind, arrangement, selection, producer_shares, mp3blob_key, wav_blob_key, duration_seconds, loudness_lufs, true_peak_dbtp, peaks, created_at)
             values (gen_random_uuid(), ?, 'bench', 'Bench', ?, 'A', 'Minor', 'IVC', 'first', '{}', '{}', '[]', 'x.mp3', 'x.wav', ?, -14, -1, '[]', now()) returning id`,
            [ownerId, 100, rendered.analysis.durationSeconds],
          );
          await em.transactional((tx) => storeBeatLandmarks(tx, id, rendered.analysis.landmarks, rendered.analysis.durationSeconds));
          const master = decodeWav(rendered.wav).audio;
          // CPU of the fingerprint alone, on this thread while the pool is idle (the worker's wall time counts other processes' turns).
          const ownCpu = processCpuMs();
          const own = landmarksOf(master);
          ownCpuMs.push(processCpuMs() - ownCpu);
          ownIndex.add(id, own);
          const m = mono(master);
          const pkgCpu = processCpuMs();
          packageIndex.add(id, packageLandmarks(Codegen, m));
          packageCpuMs.push(processCpuMs() - pkgCpu);
          packageRows += packageIndex.lastAdded;
          if (n % Math.max(1, Math.floor(beats / queryCount)) === 0 && excerpts.length < queryCount) excerpts.push({ beatId: id, audio: excerptOf(master, () => random.next()) });
        }
        const indexMinutes = (performance.now() - storeStarted) / 60_000;
        const strangers: Float32Array[] = [];
        for (let n = 0; strangers.length < queryCount; n++) {
          const { wav } = await pool.render({ arrangement: beatArrangement(foreign, n, 2) });
          const audio = decodeWav(wav).audio;
          for (let k = 0; k < 5 && strangers.length < queryCount; k++) strangers.push(excerptOf(audio, () => random.next()));
        }
        await em.execute('vacuum analyze beat_landmarks');
        await em.execute('vacuum analyze beat_landmark_sets');
        const [{ rows, bytes }] = await em.execute<{ rows: number; bytes: string }[]>(
          `select (select count(*)::int from beat_landmarks) as rows, pg_total_relation_size('beat_landmarks') + pg_total_relation_size('beat_landmark_sets') as bytes`,
        );
        const bytesPerMinute = Number(bytes) / (seconds / 60);
        load.push(loadavg()[0]);

        // Queries, prepared once (MP3 round trips, overdubs, gains); each round runs them all.
        const queries = {
          a: await Promise.all(excerpts.map(async (e) => ({ beatId: e.beatId, audio: await viaMp3(e.audio) }))),
          b: excerpts.map((e, i) => ({ beatId: e.beatId, audio: overdubbed(e.audio, i) })),
          c: excerpts.map((e, i) => ({ beatId: e.beatId, audio: e.audio.map((x) => clip(x * (i % 2 ? 2 : 0.5))) })),
        };
        // Package against own fingerprints, in memory, on the same corpus and queries: each at the
        // lowest threshold that no never-indexed excerpt reaches (so both have 0 false matches).
        for (const [name, index, fingerprint, cpu, rowsOf] of [
          ['own (engine FFT)', ownIndex, (m: Float32Array) => landmarksOf(asStereo(m)), ownCpuMs, rows],
          ['@qgustavor/stream-audio-fingerprint 2.0.6', packageIndex, (m: Float32Array) => packageLandmarks(Codegen, m), packageCpuMs, packageRows],
        ] as const) {
          const threshold = 1 + Math.max(0, ...strangers.map((m) => index.scores(fingerprint(m))[0]?.hits ?? 0));
          const accuracy = (list: { beatId: string; audio: Float32Array }[]) =>
            list.filter((q) => {
              const top = index.scores(fingerprint(q.audio));
              return top.length > 0 && top[0].hits >= threshold && top.some((t) => t.beat === q.beatId && t.hits === top[0].hits);
            }).length;
          results.push({
            name: `compare ${name}: (a) / (b) / (c) correct`, medianMs: accuracy(queries.a), runs: 1, unit: `of ${queries.a.length} (a)`,
            note: `(b) ${accuracy(queries.b)}, (c) ${accuracy(queries.c)}; threshold ${threshold} pairs; ${(median(cpu) / (seconds / beats / 60)).toFixed(0)} ms CPU per minute of audio; ${(rowsOf / (seconds / 60)).toFixed(0)} hashes per minute`,
          });
        }
        const round = async () => {
          const outcome: Record<string, { correct: number; ties: number; ms: number[]; sqlMs: number[] }> = {};
          for (const [name, list] of Object.entries(queries)) {
            const o = { correct: 0, ties: 0, ms: [] as number[], sqlMs: [] as number[] };
            for (const q of list) {
              const { ms, fingerprintMs, matches } = await identify(em, q.audio);
              o.ms.push(ms);
              o.sqlMs.push(ms - fingerprintMs);
              if (correct(matches, q.beatId)) o.correct++;
              if (matches.length > 1 && matches[1].hits === matches[0].hits) o.ties++;
            }
            outcome[name] = o;
          }
          let falseMatches = 0;
          let strongestFalse = 0;
          for (const audio of strangers) {
            const { matches } = await identify(em, audio);
            if (matches.length) falseMatches++;
            // What the nearest stranger reached (below the threshold unless it is a false match).
            const raw = await em.execute<{ hits: number }[]>(
              `with q(hash, qframe) as (select * from unnest(?::int[], ?::int[])) select count(*)::int as hits from q join beat_landmarks l on l.hash = q.hash group by l.set_id, l.frame - q.qframe order by hits desc limit 1`,
              ((l) => [`{${l.hashes.join(',')}}`, `{${l.frames.join(',')}}`])(landmarksOf(asStereo(audio))),
            );
            strongestFalse = Math.max(strongestFalse, raw[0]?.hits ?? 0);
          }
          return { outcome, falseMatches, strongestFalse };
        };
        const rounds: Awaited<ReturnType<typeof round>>[] = [];
        for (let r = 0; r < runs; r++) rounds.push(await round());
        load.push(loadavg()[0]);
        const med = (f: (r: (typeof rounds)[number]) => number) => median(rounds.map(f));
        const p95 = (r: (typeof rounds)[number]) => percentile([...r.outcome.a.ms, ...r.outcome.b.ms, ...r.outcome.c.ms].sort((x, y) => x - y), 95);
        for (const [name, label, target] of [['a', '(a) MP3 128 kbps', '>= 95'], ['b', '(b) melody + noise over it, equal loudness', '>= 90'], ['c', '(c) 6 dB quieter or louder', '>= 95']] as const) {
          results.push({ name: `correct top match ${label}`, medianMs: med((r) => r.outcome[name].correct), runs, unit: `of ${queries[name].length}`, target: `target ${target}%`, note: `ties listed together: ${med((r) => r.outcome[name].ties)}` });
        }
        results.push({ name: 'false matches on never-indexed excerpts', medianMs: med((r) => r.falseMatches), runs, unit: `of ${strangers.length}`, target: 'target 0', note: `strongest alignment a stranger reached: ${med((r) => r.strongestFalse)} pairs` });
        results.push({ name: `10 s query p95 (fingerprint + SQL), ${beats} beats, ${rows} rows`, medianMs: med(p95), runs, target: 'target <= 300 ms', note: `of which SQL p95 ${med((r) => percentile([...r.outcome.a.sqlMs, ...r.outcome.b.sqlMs, ...r.outcome.c.sqlMs].sort((x, y) => x - y), 95)).toFixed(0)} ms` });
        results.push({ name: 'fingerprint share of a first beat\'s CPU', medianMs: (100 * median(ownCpuMs)) / median(renderCpu), runs: beats, unit: '%', target: 'target <= 5%', note: `landmarks ${median(ownCpuMs).toFixed(0)} ms CPU of ${median(renderCpu).toFixed(0)} ms CPU per render (MP3 + WAV, both workers; the render includes the landmarks); in-worker wall ${median(landmarkMs).toFixed(0)} ms` });
        results.push({ name: 'index bytes per minute of audio', medianMs: bytesPerMinute / 1024, runs: 1, unit: 'KiB', note: `${(rows / (seconds / 60)).toFixed(0)} rows/min; a million 3-minute beats: ${((bytesPerMinute * 3 * 1e6) / 1024 ** 4).toFixed(2)} TiB; indexing took ${indexMinutes.toFixed(1)} min` });

        // Scale: copies of the real rows, transposed by k bins (the hashes keep their spread over
        // frequency and time), to about `syntheticRows`. Their set ids name no landmark set (the
        // foreign key is dropped in this scratch database): they cost the index lookups and the
        // grouping, the bulk of a query; only the final join of at most 400 alignments skips them.
        const copies = Math.ceil(syntheticRows / Math.max(1, rows)) - 1;
        const filled = performance.now();
        await em.execute('alter table beat_landmarks drop constraint beat_landmarks_set_id_foreign');
        for (let k = 1; k <= copies; k++) {
          await em.execute(
            `insert into beat_landmarks (hash, set_id, frame)
             select ((((hash >> 15) + ?) % 512) << 15) | (((((hash >> 6) & 511) + ?) % 512) << 6) | (hash & 63), set_id + ? * 100000, frame from beat_landmarks where set_id < 100000
             on conflict do nothing`, [k % 509, k % 509, k]);
        }
        await em.execute('vacuum analyze beat_landmarks');
        const [{ total }] = await em.execute<{ total: number }[]>('select count(*)::int as total from beat_landmarks');
        const fillMinutes = (performance.now() - filled) / 60_000;
        const scaleP95: number[] = [];
        const sqlMs: number[] = [];
        for (let r = 0; r < runs; r++) {
          const ms: number[] = [];
          for (const q of queries.a) {
            const o = await identify(em, q.audio);
            ms.push(o.ms);
            sqlMs.push(o.ms - o.fingerprintMs);
          }
          scaleP95.push(percentile(ms.sort((x, y) => x - y), 95));
        }
        load.push(loadavg()[0]);
        results.push({ name: `10 s query p95 at ${(total / 1e6).toFixed(1)} M rows (synthetic copies)`, medianMs: median(scaleP95), runs, target: 'target <= 1000 ms', note: `SQL alone p95 ${percentile(sqlMs.sort((x, y) => x - y), 95).toFixed(0)} ms; filled in ${fillMinutes.toFixed(1)} min; load average ${load.map((x) => x.toFixed(1)).join(' / ')}` });
        return results;
      } finally {
        await orm.close(true);
      }
    });
  } finally {
    await pool.close();
  }
}
