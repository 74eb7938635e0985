import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Beat } from '../../src/modules/beats/beat.entity';
import { planDemoLibrary, type DemoLibraryPlan } from '../../src/modules/catalog/demo-library/plan';
import { demoBatches, demoCacheDir, demoLibraryState, demoSeedingNeeded, seedDemoLibrary, type DemoBatchStored } from '../../src/modules/catalog/demo-seeder';
import { DrumLoop } from '../../src/modules/catalog/drum-loop.entity';
import { MelodyComposition } from '../../src/modules/catalog/melody-composition.entity';
import { createLogger } from '../../src/platform/logging/logger';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';

/**
 * The demo library stored in batches, as a fresh install stores it: generation works for a genre once
 * the first batch is stored while later ones still render, a later batch leaves the rows beats were
 * made from alone, and a seeding stopped part-way resumes from the cache.
 */
const full = planDemoLibrary();
/** Two compositions of a genre and two loops of each of its drum types: two batches. */
const partOf = (genres: string[]): DemoLibraryPlan => ({
  compositions: full.compositions.filter((c) => genres.includes(c.genre) && full.compositions.filter((x) => x.genre === c.genre).indexOf(c) < 2),
  drumLoops: full.drumLoops.filter((d) => genres.includes(d.genre) && d.variant < 2),
});

let test: TestApp;
let listener: SignedInUser;
beforeAll(async () => {
  test = await startTestApp();
  listener = await registerAndSignIn(test, 'batches');
  await test.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, credits, cycle_start, cycle_end, updated_at) select id, 2, 100, now(), ?, now() from users where email = ? on conflict (user_id) do update set level = excluded.level, credits = excluded.credits, cycle_start = excluded.cycle_start, cycle_end = excluded.cycle_end`, [new Date(Date.now() + 86_400_000), listener.email]);
}, 60_000);
afterAll(() => test?.close());

async function generate(prompt: string): Promise<Beat> {
  const response = await fetch(`${test.url}/generate_beat`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) }, body: JSON.stringify({ prompt }),
  });
  const body = (await response.json()) as { beat_id?: string; error?: string };
  expect({ status: response.status, error: body.error ?? null }).toEqual({ status: 200, error: null });
  return test.app.orm.em.fork().findOneOrFail(Beat, { id: body.beat_id! });
}

/** The sample rows a beat was made from, with their files. */
async function samplesOf(beat: Beat): Promise<string[]> {
  const em = test.app.orm.em.fork();
  const composition = await em.findOneOrFail(MelodyComposition, { id: beat.selection.composition.id }, { populate: ['stems'] });
  const loops = await em.find(DrumLoop, { id: { $in: beat.selection.drums.map((d) => d.sampleId) } });
  expect(loops).toHaveLength(beat.selection.drums.length);
  const files = [...composition.stems.getItems().map((s) => `${s.id} ${s.audio.blobKey}`), ...loops.map((l) => `${l.id} ${l.audio.blobKey}`)].sort();
  return [`${composition.id} ${composition.tags.genres.join()}`, ...files];
}

describe('seeding the demo library in batches', () => {
  it('generates beats of every genre from the first batch while later ones render, and a later batch leaves them alone', async () => {
    const plan = partOf(['Trap', 'Lo-Fi']);
    const dataDir = mkdtempSync(join(tmpdir(), 'ysm-test-demo-batches-'));
    const batches = demoBatches(plan);
    expect(batches).toHaveLength(2);
    const seen: DemoBatchStored[] = [];
    const made: { beat: Beat; samples: string[] }[] = [];
    const result = await seedDemoLibrary({
      orm: test.app.orm, blobs: test.app.blobs, logger: createLogger('silent'), dataDir, threads: 2, plan,
      onBatchStored: async (batch) => {
        seen.push(batch);
        if (batch.index !== 0) return;
        // Only the first batch is stored; the second is still rendering (or waiting for this listener).
        const state = await demoLibraryState(test.app.orm, plan);
        expect(state).toEqual({ expected: plan.compositions.length + plan.drumLoops.length, stored: batches[0].length });
        for (const [prompt, genre] of [['dark trap type beat', 'Trap'], ['lofi chill beat', 'Lo-Fi']]) {
          const beat = await generate(prompt);
          const samples = await samplesOf(beat);
          expect(samples[0]).toContain(genre);
          made.push({ beat, samples });
        }
      },
    });
    expect(seen).toEqual([{ index: 0, of: 2, items: batches[0].length }, { index: 1, of: 2, items: batches[1].length }]);
    expect(result).toMatchObject({ rendered: batches.flat().length, batches: 2 });
    expect(result.firstBatchMs).toBeLessThan(result.ms);
    expect(await demoLibraryState(test.app.orm, plan)).toEqual({ expected: batches.flat().length, stored: batches.flat().length });
    expect(await demoSeedingNeeded(test.app.orm, plan)).toBeNull();

    // The beats made from the first batch: their rows, ids and files are as they were, and still play.
    expect(made).toHaveLength(2);
    for (const { beat, samples } of made) {
      expect(await samplesOf(beat)).toEqual(samples);
      for (const key of samples.slice(1).map((s) => s.split(' ')[1])) expect((await test.app.blobs.get(key)).subarray(0, 4).toString()).toBe('RIFF');
      expect((await test.app.blobs.get(beat.wavBlobKey)).subarray(0, 4).toString()).toBe('RIFF');
    }
  }, 600_000);

  it('resumes a seeding that stopped part-way: cached items are not rendered again, stored rows are kept', async () => {
    const plan = partOf(['Country']);
    const dataDir = mkdtempSync(join(tmpdir(), 'ysm-test-demo-resume-'));
    const batches = demoBatches(plan);
    const logger = createLogger('silent');
    // The api stops (here: the seeding fails) once the first batch is stored.
    await expect(
      seedDemoLibrary({
        orm: test.app.orm, blobs: test.app.blobs, logger, dataDir, threads: 2, plan,
        onBatchStored: ({ index }) => {
          if (index === 0) throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    expect(await demoLibraryState(test.app.orm, plan)).toEqual({ expected: batches.flat().length, stored: batches[0].length });
    expect(await demoSeedingNeeded(test.app.orm, plan)).toBe('resume');
    const rowsNow = async () => {
      const em = test.app.orm.em.fork();
      const rows = [...(await em.find(MelodyComposition, { isDemo: true })), ...(await em.find(DrumLoop, { isDemo: true }))];
      return rows.filter((r) => r.tags.genres.includes('Country')).map((r) => `${r.id} ${r.createdAt.toISOString()}`).sort();
    };
    const before = await rowsNow();
    expect(before).toHaveLength(batches[0].length);
    const cached = readdirSync(demoCacheDir(dataDir)).filter((item) => existsSync(join(demoCacheDir(dataDir), item, 'meta.json')));
    expect(cached.length).toBeGreaterThanOrEqual(batches[0].length);

    const resumed = await seedDemoLibrary({ orm: test.app.orm, blobs: test.app.blobs, logger, dataDir, threads: 2, plan });
    expect(resumed.rendered).toBe(batches.flat().length - cached.length);
    expect(await demoLibraryState(test.app.orm, plan)).toEqual({ expected: batches.flat().length, stored: batches.flat().length });
    expect(await demoSeedingNeeded(test.app.orm, plan)).toBeNull();
    // The rows stored before the stop are the same rows (ids and creation times), not stored again.
    const after = await rowsNow();
    expect(after).toHaveLength(batches.flat().length);
    expect(after).toEqual(expect.arrayContaining(before));
  }, 600_000);
});
