import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import type { BlobStore } from '../../platform/storage/blob-store';
import { TaskPool } from '../../audio/workers/task-pool';
import { parseSampleOnsets } from '../../audio/warp/sample-onsets';
import { User } from '../accounts';
import { AudioFacts } from './audio-facts.embeddable';
import type { DemoLibraryTask } from './demo-library.worker';
import { readCacheMeta, type DemoCachedFile, type DemoCacheMeta } from './demo-library/cache-meta';
import { DEMO_LIBRARY_VERSION, DEMO_PRODUCERS, planDemoLibrary, type DemoItemPlan, type DemoLibraryPlan, type DemoProducer } from './demo-library/plan';
import { DrumLoop } from './drum-loop.entity';
import { MelodyComposition } from './melody-composition.entity';
import { MelodyStem } from './melody-stem.entity';
import { bpmDisagrees } from './sample-measurement';
import { SampleTagLists } from './sample-tags.embeddable';
import { tagKeysOf, type SampleTags } from './tags';

export interface SeedDemoOptions extends DemoCacheOptions {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  /**
   * Makes the demo producers' accounts producers (producers.ensureSystemProducers, passed in by the
   * caller), in the seeding transaction.
   */
  readonly ensureProducers?: EnsureDemoProducers;
}

/** producers.ensureSystemProducers, as the seeder calls it: each demo producer with the exclusive prices it sells at. */
export type EnsureDemoProducers = (
  em: EntityManager,
  producers: { userId: string; producerName: string; email: string; exclusivePricesCents: { excindie: number; exclabel: number } }[],
) => Promise<void>;

export interface SeedDemoResult {
  readonly compositions: number;
  readonly stems: number;
  readonly drumLoops: number;
  /** Items synthesised now (the rest came from the cache). */
  readonly rendered: number;
  readonly ms: number;
}

/** Serialises seeding across api processes sharing one database. */
const SEED_LOCK = 0x5eed_de30;

/** The cache of this version of the library: <dataDir>/demo-library/v<version>. */
export const demoCacheDir = (dataDir: string): string => join(dataDir, 'demo-library', `v${DEMO_LIBRARY_VERSION}`);

/** True when nobody has uploaded anything and no demo library is stored. */
export async function catalogueIsEmpty(orm: MikroORM): Promise<boolean> {
  const em = orm.em.fork();
  const [compositions, loops] = await Promise.all([em.count(MelodyComposition, {}), em.fork().count(DrumLoop, {})]);
  return compositions === 0 && loops === 0;
}

/**
 * A UUID derived from a name (the layout of a version-5 UUID over SHA-256): a demo item keeps its row
 * id for as long as its sound is unchanged, so beats made from it still find their samples after a
 * re-seed, and a changed sound gets a new id (the renderer's loop cache is keyed by sample id).
 */
function nameUuid(name: string): string {
  const h = createHash('sha256').update(`ysm-demo-library:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const producerSubject = (key: string) => `demo-producer:${key}`;

/** Removes the caches of other library versions (they are never read again). */
function dropOtherVersions(dataDir: string): void {
  const root = join(dataDir, 'demo-library');
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return;
  }
  for (const entry of entries) if (/^v\d+$/.test(entry) && entry !== `v${DEMO_LIBRARY_VERSION}`) rmSync(join(root, entry), { recursive: true, force: true });
}

function cachedMeta(cacheRoot: string, item: DemoItemPlan): DemoCacheMeta | null {
  try {
    return readCacheMeta(readFileSync(join(cacheRoot, item.id, 'meta.json'), 'utf8'), item);
  } catch {
    return null;
  }
}

/** An item cached before onsets were stored with samples (or with unreadable ones): its files' onsets are measured again. */
const lacksOnsets = (meta: DemoCacheMeta): boolean => meta.files.some((f) => !parseSampleOnsets(f.facts.onsets));

/**
 * Renders what the cache lacks on worker threads, logging progress, and measures the onsets of
 * cached items that have none (from their cached files: no item is rendered again for them).
 */
async function renderMissing(items: DemoItemPlan[], cacheRoot: string, options: DemoCacheOptions, metas: Map<string, DemoCacheMeta>): Promise<number> {
  const missing = items.filter((item) => !metas.has(item.id));
  const lacking = items.filter((item) => metas.has(item.id) && lacksOnsets(metas.get(item.id)!));
  if (!missing.length && !lacking.length) return 0;
  const started = performance.now();
  if (missing.length) options.logger.info({ items: missing.length, cached: items.length - missing.length }, 'demo library: synthesising');
  if (lacking.length) options.logger.info({ items: lacking.length }, 'demo library: measuring the onsets of cached items');
  const pool = new TaskPool<DemoLibraryTask, DemoCacheMeta>(join(__dirname, 'demo-library.worker'), options.threads);
  let done = 0;
  let nextReport = 0.25;
  try {
    // Compositions (the longest items) are queued first, so the threads finish together.
    await Promise.all([
      ...missing.map(async (item) => {
        metas.set(item.id, await pool.run({ kind: 'render', item, dir: join(cacheRoot, item.id) }));
        done++;
        if (done / missing.length >= nextReport && done < missing.length) {
          options.logger.info({ done, of: missing.length, seconds: Math.round((performance.now() - started) / 100) / 10 }, 'demo library: synthesising');
          nextReport += 0.25;
        }
      }),
      ...lacking.map(async (item) => {
        metas.set(item.id, await pool.run({ kind: 'onsets', meta: metas.get(item.id)!, dir: join(cacheRoot, item.id) }));
      }),
    ]);
  } finally {
    await pool.close();
  }
  return missing.length;
}

export interface DemoCacheOptions {
  readonly logger: Logger;
  readonly dataDir: string;
  /** Worker threads rendering (default: one per core). */
  readonly threads?: number;
  /** A part of the library (tests); the whole library by default. */
  readonly plan?: DemoLibraryPlan;
}

export interface DemoCache {
  /** The cache directory of this library version. */
  readonly root: string;
  /** Every item's files and measurements, by item id. */
  readonly metas: ReadonlyMap<string, DemoCacheMeta>;
  /** Items rendered now (the rest were cached). */
  readonly rendered: number;
}

/**
 * Brings the on-disk cache of this library version up to the plan: renders (on worker threads) the
 * items it lacks, measures the onsets of cached items stored without them, and drops the caches of
 * other versions. Touches no database.
 */
export async function fillDemoCache(options: DemoCacheOptions): Promise<DemoCache> {
  const plan = options.plan ?? planDemoLibrary();
  const root = demoCacheDir(options.dataDir);
  dropOtherVersions(options.dataDir);
  const items: DemoItemPlan[] = [...plan.compositions, ...plan.drumLoops];
  const metas = new Map<string, DemoCacheMeta>();
  for (const item of items) {
    const meta = cachedMeta(root, item);
    if (meta) metas.set(item.id, meta);
  }
  const rendered = await renderMissing(items, root, options, metas);
  return { root, metas, rendered };
}

const blobKeyOf = (item: DemoItemPlan, meta: DemoCacheMeta, file: DemoCachedFile) => `demo/v${DEMO_LIBRARY_VERSION}/${item.id}-${meta.fingerprint}/${file.file}`;

const factsOf = (file: DemoCachedFile, blobKey: string): AudioFacts =>
  Object.assign(new AudioFacts(), {
    blobKey,
    fileName: file.fileName,
    byteSize: file.facts.byteSize,
    durationSeconds: file.facts.durationSeconds,
    sourceSampleRate: file.facts.sourceSampleRate,
    sourceChannels: file.facts.sourceChannels,
    sourceBitDepth: file.facts.sourceBitDepth,
    loudnessLufs: file.facts.loudnessLufs,
    truePeakDbtp: file.facts.truePeakDbtp,
    peaks: file.facts.peaks,
  });

const tagLists = (tags: SampleTags) => Object.assign(new SampleTagLists(), tags);

/** The demo producers as accounts without a password (they cannot sign in), created when missing. */
async function ensureProducers(em: EntityManager): Promise<Map<string, User>> {
  const users = new Map<string, User>();
  const existing = await em.find(User, { subject: { $in: DEMO_PRODUCERS.map((p) => producerSubject(p.key)) } });
  for (const producer of DEMO_PRODUCERS) {
    const user =
      existing.find((u) => u.subject === producerSubject(producer.key)) ??
      em.create(User, {
        subject: producerSubject(producer.key),
        email: `${producer.username}@demo.invalid`,
        username: producer.username,
        usernameKey: producer.username.toLowerCase(),
        creatorName: producer.displayName,
        userType: 'producer',
        passwordHash: null,
      });
    users.set(producer.key, user);
  }
  return users;
}

const demoProducerEntry = (producer: DemoProducer, user: User) => ({
  userId: user.id,
  producerName: producer.displayName,
  email: user.email,
  exclusivePricesCents: producer.exclusivePricesCents,
});

/**
 * Brings the producer records of demo producers seeded before up to today's (an install seeded
 * before the demo producers sold exclusives gets them without a re-seed): at most one conditional
 * update per demo producer, nothing written once they agree, so every start may run it.
 */
export async function refreshDemoProducers(orm: MikroORM, ensure: EnsureDemoProducers): Promise<number> {
  return orm.em.fork().transactional(async (em) => {
    const users = await em.find(User, { subject: { $in: DEMO_PRODUCERS.map((p) => producerSubject(p.key)) } });
    const entries = DEMO_PRODUCERS.flatMap((p) => {
      const user = users.find((u) => u.subject === producerSubject(p.key));
      return user ? [demoProducerEntry(p, user)] : [];
    });
    if (entries.length) await ensure(em, entries);
    return entries.length;
  });
}

/** Replaces every demo row with the plan's, in the caller's transaction; returns the blob keys the old rows used. */
async function replaceDemoRows(em: EntityManager, plan: DemoLibraryPlan, metas: ReadonlyMap<string, DemoCacheMeta>, options: SeedDemoOptions): Promise<Set<string>> {
  await em.getConnection().execute('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
  const connection = em.getConnection();
  const oldKeys = await connection.execute<{ key: string }[]>(
    `select s.audio_blob_key as key from melody_stems s join melody_compositions c on c.id = s.composition_id where c.is_demo
     union all select audio_blob_key from drum_loops where is_demo`,
  );
  await em.nativeDelete(MelodyComposition, { isDemo: true });
  await em.nativeDelete(DrumLoop, { isDemo: true });
  const producers = await ensureProducers(em);
  if (options.ensureProducers) {
    await em.flush();
    await options.ensureProducers(em, DEMO_PRODUCERS.map((p) => demoProducerEntry(p, producers.get(p.key)!)));
  }

  for (const c of plan.compositions) {
    const meta = metas.get(c.id)!;
    const mix = meta.mix;
    const composition = em.create(MelodyComposition, {
      id: nameUuid(`${c.id}:${meta.fingerprint}`),
      contributor: producers.get(c.producerKey)!,
      tags: tagLists(c.tags),
      tagKeys: tagKeysOf(c.tags),
      bpm: c.bpm,
      key: c.key,
      mode: c.mode,
      detectedBpm: mix?.detectedBpm ?? null,
      detectedKey: mix?.detectedKey ?? null,
      detectedMode: mix?.detectedMode ?? null,
      bpmMismatch: mix ? bpmDisagrees(c.bpm, mix.detectedBpm) : false,
      keyMismatch: mix ? mix.detectedKey !== c.key || mix.detectedMode !== c.mode : false,
      bars: 8,
      isDemo: true,
    });
    meta.files.forEach((file, position) => {
      composition.stems.add(
        em.create(MelodyStem, {
          id: nameUuid(`${c.id}:${meta.fingerprint}:${position}`),
          composition,
          position,
          instrument: file.instrument,
          audio: factsOf(file, blobKeyOf(c, meta, file)),
          onsets: file.facts.onsets ?? null,
        }),
      );
    });
  }
  for (const d of plan.drumLoops) {
    const meta = metas.get(d.id)!;
    const file = meta.files[0];
    em.create(DrumLoop, {
      id: nameUuid(`${d.id}:${meta.fingerprint}`),
      contributor: producers.get(d.producerKey)!,
      drumType: d.drumType,
      tags: tagLists(d.tags),
      tagKeys: tagKeysOf(d.tags),
      bpm: d.bpm,
      key: d.key,
      mode: d.mode,
      bars: 8,
      isDemo: true,
      audio: factsOf(file, blobKeyOf(d, meta, file)),
      onsets: file.facts.onsets ?? null,
    });
  }
  return new Set(oldKeys.map((r) => r.key));
}

/**
 * Synthesises the demo library (or takes it from the cache under <dataDir>/demo-library/v<version>),
 * stores its files in the blob store, and replaces the catalogue's demo rows and producers in one
 * transaction. Uploads by real producers are never touched.
 */
export async function seedDemoLibrary(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const plan = options.plan ?? planDemoLibrary();
  const { root: cacheRoot, metas, rendered } = await fillDemoCache({ ...options, plan });
  const items: DemoItemPlan[] = [...plan.compositions, ...plan.drumLoops];

  // Files first, under keys that change with the sound: a re-seed of the same sound rewrites the same keys.
  const puts = items.flatMap((item) => metas.get(item.id)!.files.map((file) => ({ item, file, key: blobKeyOf(item, metas.get(item.id)!, file) })));
  for (let i = 0; i < puts.length; i += 16) {
    await Promise.all(
      // The cache's files are never rewritten in place (new ones are renamed over them), so the local store may link them.
      puts.slice(i, i + 16).map(({ item, file, key }) => options.blobs.putFile(key, join(cacheRoot, item.id, file.file), { contentType: 'audio/wav' })),
    );
  }
  const oldKeys = await options.orm.em.fork().transactional((em) => replaceDemoRows(em, plan, metas, options));
  // Files only the replaced rows used go too (a library whose sound changed).
  const current = new Set(puts.map((p) => p.key));
  const stale = [...oldKeys].filter((key) => !current.has(key));
  if (stale.length) await options.blobs.deleteMany(stale);

  const result: SeedDemoResult = {
    compositions: plan.compositions.length,
    stems: puts.length - plan.drumLoops.length,
    drumLoops: plan.drumLoops.length,
    rendered,
    ms: Math.round(performance.now() - started),
  };
  options.logger.info({ ...result, seconds: Math.round(result.ms / 100) / 10 }, 'demo library: stored');
  return result;
}
