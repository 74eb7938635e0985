import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import type { BlobStore } from '../../platform/storage/blob-store';
import { TaskPool, parseSampleOnsets } from '../../audio';
import { User } from '../accounts';
import { AudioFacts } from './audio-facts.embeddable';
import type { DemoLibraryTask } from './demo-library.worker';
import { demoItemFingerprint, readCacheMeta, type DemoCachedFile, type DemoCacheMeta } from './demo-library/cache-meta';
import { DEMO_LIBRARY_VERSION, DEMO_PRODUCERS, planDemoLibrary, type CompositionPlan, type DemoItemPlan, type DemoLibraryPlan, type DemoProducer, type DrumLoopPlan } from './demo-library/plan';
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
  /** Called (and awaited) after each batch is committed, before the next is stored. */
  readonly onBatchStored?: (batch: DemoBatchStored) => void | Promise<void>;
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
  /** Batches stored, each in its own transaction. */
  readonly batches: number;
  /** From the start to the first batch stored (every genre playable). */
  readonly firstBatchMs: number;
  readonly ms: number;
}

/** A batch of the library just stored: what a listener of the seeder (a test, a log) learns. */
export interface DemoBatchStored {
  readonly index: number;
  readonly of: number;
  readonly items: number;
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
 * The library in batches that serve every genre early: the first holds, for each genre, its first
 * composition and one loop of each of its drum types (a whole beat of every genre); each later one a
 * further composition of every genre and an even share of its remaining loops (round robin).
 * Compositions lead each batch, so both threads finish a batch together.
 */
export function demoBatches(plan: DemoLibraryPlan): DemoItemPlan[][] {
  const genres = [...new Set([...plan.compositions, ...plan.drumLoops].map((item) => item.genre))];
  const rounds = Math.max(1, ...genres.map((genre) => plan.compositions.filter((c) => c.genre === genre).length));
  const batches: { compositions: DemoItemPlan[]; loops: DemoItemPlan[] }[] = Array.from({ length: rounds }, () => ({ compositions: [], loops: [] }));
  for (const genre of genres) {
    plan.compositions.filter((c) => c.genre === genre).forEach((c, r) => batches[r].compositions.push(c));
    const loops = plan.drumLoops.filter((d) => d.genre === genre);
    const first = loops.filter((d, i) => loops.findIndex((x) => x.drumType === d.drumType) === i);
    const rest = loops.filter((d) => !first.includes(d));
    batches[0].loops.push(...first);
    const later = Math.max(1, rounds - 1);
    const share = Math.ceil(rest.length / later);
    rest.forEach((d, i) => batches[Math.min(rounds - 1, (rounds > 1 ? 1 : 0) + Math.floor(i / share))].loops.push(d));
  }
  return batches.map((b) => [...b.compositions, ...b.loops]).filter((b) => b.length > 0);
}

/** Called with each batch once all its items are in the cache, one batch at a time, in order. */
type OnBatch = (batch: DemoItemPlan[], index: number, of: number, metas: ReadonlyMap<string, DemoCacheMeta>) => Promise<void>;

/**
 * Brings every batch into the cache: items the cache lacks are rendered on worker threads (all
 * queued at once, batch after batch, so the threads never wait for a batch to be stored), cached
 * items without onsets have them measured, and `onBatch` runs for each batch as soon as it and every
 * earlier batch are ready. Returns how many items were rendered.
 */
async function renderBatches(batches: DemoItemPlan[][], cacheRoot: string, options: DemoCacheOptions, metas: Map<string, DemoCacheMeta>, onBatch?: OnBatch): Promise<number> {
  const items = batches.flat();
  const missing = items.filter((item) => !metas.has(item.id));
  const lacking = items.filter((item) => metas.has(item.id) && lacksOnsets(metas.get(item.id)!));
  const started = performance.now();
  if (missing.length) options.logger.info({ items: missing.length, cached: items.length - missing.length, batches: batches.length }, 'demo library: synthesising');
  if (lacking.length) options.logger.info({ items: lacking.length }, 'demo library: measuring the onsets of cached items');
  const pool = missing.length || lacking.length ? new TaskPool<DemoLibraryTask, DemoCacheMeta>(join(__dirname, 'demo-library.worker'), options.threads) : null;
  let done = 0;
  let nextReport = 0.25;
  const ready = (item: DemoItemPlan): Promise<void> => {
    if (!pool) return Promise.resolve();
    if (!metas.has(item.id)) {
      return pool.run({ kind: 'render', item, dir: join(cacheRoot, item.id) }).then((meta) => {
        metas.set(item.id, meta);
        done++;
        if (done / missing.length >= nextReport && done < missing.length) {
          options.logger.info({ done, of: missing.length, seconds: Math.round((performance.now() - started) / 100) / 10 }, 'demo library: synthesising');
          nextReport += 0.25;
        }
      });
    }
    if (lacksOnsets(metas.get(item.id)!)) {
      return pool.run({ kind: 'onsets', meta: metas.get(item.id)!, dir: join(cacheRoot, item.id) }).then((meta) => void metas.set(item.id, meta));
    }
    return Promise.resolve();
  };
  // Every task is queued now, in batch order; a batch is handed on when all of it is ready.
  const batchesReady = batches.map((batch) => Promise.all(batch.map(ready)));
  // A failure anywhere is reported once, by the loop below; the rest must not go unhandled.
  for (const p of batchesReady) p.catch(() => undefined);
  try {
    for (let k = 0; k < batches.length; k++) {
      await batchesReady[k];
      if (onBatch) await onBatch(batches[k], k, batches.length, metas);
    }
  } finally {
    await pool?.close();
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
export async function fillDemoCache(options: DemoCacheOptions, onBatch?: OnBatch): Promise<DemoCache> {
  const plan = options.plan ?? planDemoLibrary();
  const root = demoCacheDir(options.dataDir);
  dropOtherVersions(options.dataDir);
  const batches = demoBatches(plan);
  const metas = new Map<string, DemoCacheMeta>();
  for (const item of batches.flat()) {
    const meta = cachedMeta(root, item);
    if (meta) metas.set(item.id, meta);
  }
  const rendered = await renderBatches(batches, root, options, metas, onBatch);
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

/** The row id of a demo item: it follows the item's sound, so it is known before anything is rendered. */
const rowIdOf = (item: DemoItemPlan): string => nameUuid(`${item.id}:${demoItemFingerprint(item)}`);

/**
 * Stores one batch's rows, in the caller's transaction under the seeding lock: the rows of its items
 * that are not stored yet (a resumed seeding, or another api seeding at once, may have stored some),
 * credited to the demo producers. Rows already stored, and beats made from them, are left alone.
 */
async function storeDemoBatch(em: EntityManager, batch: DemoItemPlan[], metas: ReadonlyMap<string, DemoCacheMeta>, options: SeedDemoOptions, first: boolean): Promise<number> {
  await em.getConnection().execute('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
  const compositions = batch.filter((item): item is CompositionPlan => item.kind === 'composition');
  const loops = batch.filter((item): item is DrumLoopPlan => item.kind === 'drums');
  const storedCompositions = compositions.length ? await em.find(MelodyComposition, { id: { $in: compositions.map(rowIdOf) } }, { fields: ['id'] }) : [];
  const storedLoops = loops.length ? await em.find(DrumLoop, { id: { $in: loops.map(rowIdOf) } }, { fields: ['id'] }) : [];
  const stored = new Set([...storedCompositions, ...storedLoops].map((row) => row.id));
  const producers = await ensureProducers(em);
  if (first && options.ensureProducers) {
    await em.flush();
    await options.ensureProducers(em, DEMO_PRODUCERS.map((p) => demoProducerEntry(p, producers.get(p.key)!)));
  }
  let added = 0;
  for (const c of compositions) {
    const meta = metas.get(c.id)!;
    const mix = meta.mix;
    if (stored.has(rowIdOf(c))) continue;
    added++;
    const composition = em.create(MelodyComposition, {
      id: rowIdOf(c),
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
  for (const d of loops) {
    const meta = metas.get(d.id)!;
    const file = meta.files[0];
    if (stored.has(rowIdOf(d))) continue;
    added++;
    em.create(DrumLoop, {
      id: rowIdOf(d),
      contributor: producers.get(d.producerKey)!,
      drumType: d.drumType,
      tags: tagLists(d.tags),
      tagKeys: tagKeysOf(d.tags),
      bpm: d.bpm,
      key: d.key,
      mode: d.mode,
      bars: d.bars ?? 8,
      isDemo: true,
      audio: factsOf(file, blobKeyOf(d, meta, file)),
      onsets: file.facts.onsets ?? null,
    });
  }
  return added;
}

/**
 * Once every batch is stored: removes the demo rows that are not the plan's (an older version of the
 * library, or a larger one), in one transaction under the seeding lock; returns their blob keys.
 */
async function removeOtherDemoRows(em: EntityManager, plan: DemoLibraryPlan): Promise<Set<string>> {
  await em.getConnection().execute('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
  const compositionIds = plan.compositions.map(rowIdOf);
  const loopIds = plan.drumLoops.map(rowIdOf);
  const keep = new Set([...compositionIds, ...loopIds]);
  // Every demo row's id and file (a few hundred rows), the plan's filtered out here.
  const rows = await em.getConnection().execute<{ id: string; key: string }[]>(
    `select c.id, s.audio_blob_key as key from melody_stems s join melody_compositions c on c.id = s.composition_id where c.is_demo
     union all select id, audio_blob_key from drum_loops where is_demo`,
  );
  const oldKeys = rows.filter((row) => !keep.has(row.id));
  await em.nativeDelete(MelodyComposition, { isDemo: true, id: { $nin: compositionIds } });
  await em.nativeDelete(DrumLoop, { isDemo: true, id: { $nin: loopIds } });
  return new Set(oldKeys.map((r) => r.key));
}

/** How much of this plan's demo library the catalogue holds. */
export interface DemoLibraryState {
  /** Rows (compositions and drum loops) of the plan. */
  readonly expected: number;
  /** Of those, the rows stored. */
  readonly stored: number;
}

export async function demoLibraryState(orm: MikroORM, plan: DemoLibraryPlan = planDemoLibrary()): Promise<DemoLibraryState> {
  const em = orm.em.fork();
  const [compositions, loops] = await Promise.all([
    em.count(MelodyComposition, { id: { $in: plan.compositions.map(rowIdOf) } }),
    em.fork().count(DrumLoop, { id: { $in: plan.drumLoops.map(rowIdOf) } }),
  ]);
  return { expected: plan.compositions.length + plan.drumLoops.length, stored: compositions + loops };
}

/**
 * What an api starting up does about the demo library: seed it into an empty catalogue, resume a
 * seeding of this version that stopped part-way (some of its batches stored, not all), or nothing
 * (a complete library, or a catalogue of uploads or of an older library, which `npm run seed:demo`
 * replaces).
 */
export async function demoSeedingNeeded(orm: MikroORM, plan?: DemoLibraryPlan): Promise<'seed' | 'resume' | null> {
  if (await catalogueIsEmpty(orm)) return 'seed';
  const state = await demoLibraryState(orm, plan);
  return state.stored > 0 && state.stored < state.expected ? 'resume' : null;
}

/**
 * Synthesises the demo library (or takes it from the cache under <dataDir>/demo-library/v<version>)
 * and stores it batch by batch as each is rendered, each batch's files in the blob store and its rows
 * in its own transaction, so every genre can be generated from the first batch on while the rest
 * render. Once all are stored, demo rows of other versions go, with their files. Uploads by real
 * producers are never touched. Interrupted, it resumes: what is cached is not rendered again and
 * rows already stored are kept.
 */
export async function seedDemoLibrary(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const plan = options.plan ?? planDemoLibrary();
  let firstBatchMs = 0;
  let files = 0;
  const current = new Set<string>();
  const { rendered } = await fillDemoCache({ ...options, plan }, async (batch, index, of, metas) => {
    // Files first, under keys that change with the sound: a re-seed of the same sound rewrites the same keys.
    const puts = batch.flatMap((item) => metas.get(item.id)!.files.map((file) => ({ item, file, key: blobKeyOf(item, metas.get(item.id)!, file) })));
    for (let i = 0; i < puts.length; i += 16) {
      await Promise.all(
        // The cache's files are never rewritten in place (new ones are renamed over them), so the local store may link them.
        puts.slice(i, i + 16).map(({ item, file, key }) => options.blobs.putFile(key, join(demoCacheDir(options.dataDir), item.id, file.file), { contentType: 'audio/wav' })),
      );
    }
    for (const p of puts) current.add(p.key);
    files += puts.length;
    const added = await options.orm.em.fork().transactional((em) => storeDemoBatch(em, batch, metas, options, index === 0));
    if (index === 0) firstBatchMs = Math.round(performance.now() - started);
    options.logger.info({ batch: index + 1, of, items: batch.length, added, seconds: Math.round((performance.now() - started) / 100) / 10 }, 'demo library: batch stored');
    await options.onBatchStored?.({ index, of, items: batch.length });
  });
  // Files only the replaced rows used go too (a library whose sound changed).
  const oldKeys = await options.orm.em.fork().transactional((em) => removeOtherDemoRows(em, plan));
  const stale = [...oldKeys].filter((key) => !current.has(key));
  if (stale.length) await options.blobs.deleteMany(stale);

  const result: SeedDemoResult = {
    compositions: plan.compositions.length,
    stems: files - plan.drumLoops.length,
    drumLoops: plan.drumLoops.length,
    rendered,
    batches: demoBatches(plan).length,
    firstBatchMs,
    ms: Math.round(performance.now() - started),
  };
  options.logger.info({ ...result, seconds: Math.round(result.ms / 100) / 10 }, 'demo library: stored');
  return result;
}
