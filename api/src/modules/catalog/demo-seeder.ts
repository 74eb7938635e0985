import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import type { BlobStore } from '../../platform/storage/blob-store';
import { TaskPool } from '../../platform/workers/task-pool';
import { User } from '../accounts/user.entity';
import { AudioFacts } from './audio-facts.embeddable';
import type { DemoCacheMeta, DemoRenderTask } from './demo-library.worker';
import { DEMO_LIBRARY_VERSION, DEMO_PRODUCERS, planDemoLibrary, type DemoLibraryPlan } from './demo-library/plan';
import { DEMO_SAMPLE_RATE } from './demo-library/render';
import { DrumLoop } from './drum-loop.entity';
import { MelodyComposition } from './melody-composition.entity';
import { MelodyStem } from './melody-stem.entity';
import { SampleTagLists } from './sample-tags.embeddable';
import { tagKeysOf } from './tags';

export interface SeedDemoOptions {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  readonly logger: Logger;
  readonly dataDir: string;
  /** Worker threads rendering (default: one per core). */
  readonly threads?: number;
  /** A smaller plan (tests); the full library by default. */
  readonly plan?: DemoLibraryPlan;
}

export interface SeedDemoResult {
  readonly compositions: number;
  readonly drumLoops: number;
  /** Items rendered now (the rest came from the cache). */
  readonly rendered: number;
  readonly ms: number;
}

/** Serialises seeding across api processes sharing one database. */
const SEED_LOCK = 0x5eed_de30;

/** True when nobody has uploaded anything and no demo library is stored. */
export async function catalogueIsEmpty(orm: MikroORM): Promise<boolean> {
  const em = orm.em.fork();
  return (await em.count(MelodyComposition, {})) === 0 && (await em.count(DrumLoop, {})) === 0;
}

const producerSubject = (key: string) => `demo-producer:${key}`;

/** The demo producers as accounts without a password (they cannot sign in), created once. */
async function ensureProducers(orm: MikroORM): Promise<Map<string, string>> {
  const em = orm.em.fork();
  const ids = new Map<string, string>();
  for (const producer of DEMO_PRODUCERS) {
    let user = await em.findOne(User, { subject: producerSubject(producer.key) });
    if (!user) {
      user = em.create(User, {
        subject: producerSubject(producer.key),
        email: `${producer.username}@demo.invalid`,
        username: producer.username,
        usernameKey: producer.username.toLowerCase(),
        creatorName: producer.displayName,
        userType: 'producer',
      });
    }
    ids.set(producer.key, user.id);
  }
  await em.flush();
  return ids;
}

const facts = (file: DemoCacheMeta['files'][number], blobKey: string): AudioFacts =>
  Object.assign(new AudioFacts(), {
    blobKey,
    fileName: file.fileName,
    byteSize: file.facts.byteSize,
    durationSeconds: file.facts.durationSeconds,
    sourceSampleRate: DEMO_SAMPLE_RATE,
    sourceChannels: 2,
    sourceBitDepth: 16,
    loudnessLufs: file.facts.loudnessLufs,
    truePeakDbtp: file.facts.truePeakDbtp,
    peaks: file.facts.peaks,
  });

/**
 * Synthesises the demo library (or takes it from the cache under <dataDir>/demo-library/v<version>),
 * stores its files, and replaces the demo rows of the catalogue in one transaction. Uploads by real
 * producers are never touched.
 */
export async function seedDemoLibrary(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const plan = options.plan ?? planDemoLibrary();
  const cacheRoot = join(options.dataDir, 'demo-library', `v${DEMO_LIBRARY_VERSION}`);
  const items = [...plan.compositions, ...plan.drumLoops];
  const missing = items.filter((item) => !existsSync(join(cacheRoot, item.id, 'meta.json')));
  const metas = new Map<string, DemoCacheMeta>();
  if (missing.length) {
    options.logger.info({ items: missing.length }, 'demo library: synthesising');
    const pool = new TaskPool<DemoRenderTask, DemoCacheMeta>(join(__dirname, 'demo-library.worker'), options.threads);
    try {
      // Longest first (compositions), so the two cores finish together.
      await Promise.all(missing.map(async (item) => metas.set(item.id, await pool.run({ item, dir: join(cacheRoot, item.id) }))));
    } finally {
      await pool.close();
    }
  }
  for (const item of items) {
    if (!metas.has(item.id)) metas.set(item.id, JSON.parse(readFileSync(join(cacheRoot, item.id, 'meta.json'), 'utf8')) as DemoCacheMeta);
  }

  // Blobs first, under keys of this version: re-seeding overwrites the same keys.
  const blobKey = (id: string, file: string) => `demo/v${DEMO_LIBRARY_VERSION}/${id}/${file}`;
  const puts = items.flatMap((item) => metas.get(item.id)!.files.map((file) => ({ item, file })));
  for (let i = 0; i < puts.length; i += 16) {
    await Promise.all(
      puts.slice(i, i + 16).map(async ({ item, file }) =>
        options.blobs.put(blobKey(item.id, file.file), await readFile(join(cacheRoot, item.id, file.file)), { contentType: 'audio/wav' }),
      ),
    );
  }

  const producers = await ensureProducers(options.orm);
  await options.orm.em.fork().transactional(async (em) => {
    await em.getConnection().execute('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    await em.nativeDelete(MelodyComposition, { isDemo: true });
    await em.nativeDelete(DrumLoop, { isDemo: true });
    const tagLists = (tags: DemoLibraryPlan['compositions'][number]['tags']) => Object.assign(new SampleTagLists(), tags);
    for (const c of plan.compositions) {
      const composition = em.create(MelodyComposition, {
        contributor: em.getReference(User, producers.get(c.producerKey)!),
        tags: tagLists(c.tags),
        tagKeys: tagKeysOf(c.tags),
        bpm: c.bpm,
        key: c.key,
        mode: c.mode,
        bars: 8,
        isDemo: true,
      });
      metas.get(c.id)!.files.forEach((file, position) => {
        composition.stems.add(em.create(MelodyStem, { composition, position, instrument: file.instrument, audio: facts(file, blobKey(c.id, file.file)) }));
      });
    }
    for (const d of plan.drumLoops) {
      const file = metas.get(d.id)!.files[0];
      em.create(DrumLoop, {
        contributor: em.getReference(User, producers.get(d.producerKey)!),
        drumType: d.drumType,
        tags: tagLists(d.tags),
        tagKeys: tagKeysOf(d.tags),
        bpm: d.bpm,
        key: d.key,
        mode: d.mode,
        bars: 8,
        isDemo: true,
        audio: facts(file, blobKey(d.id, file.file)),
      });
    }
  });
  const result = {
    compositions: plan.compositions.length,
    drumLoops: plan.drumLoops.length,
    rendered: missing.length,
    ms: Math.round(performance.now() - started),
  };
  options.logger.info(result, 'demo library: stored');
  return result;
}
