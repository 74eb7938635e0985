import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import { beatRow } from '../support/beat-factories';
import type { JsonObject } from '../support/json';
import { decodeWav, landmarksOf } from '../../src/audio';
import { matchLandmarks } from '../../src/modules/content-id/landmark-matcher';

let test: TestApp;
let listener: SignedInUser;
const beatIds: string[] = [];

const sql = <T>(query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

const rest = async (path: string, body: unknown) => {
  const response = await fetch(`${test.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) }, body: JSON.stringify(body) });
  const json = (await response.json()) as JsonObject;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

const landmarkSet = async (beatId: string) =>
  (await sql<{ id: number; hash_count: number; seconds: number; rows: number }>(
    'select s.id, s.hash_count, s.seconds, (select count(*)::int from beat_landmarks l where l.set_id = s.id) as rows from beat_landmark_sets s where s.beat_id = ?', [beatId],
  ))[0];

beforeAll(async () => {
  test = await startTestApp();
  await uploadSmallCatalogue(test);
  listener = await registerAndSignIn(test, 'listener');
  await sql('insert into billing_accounts (user_id, level, updated_at) select id, 2, now() from users where email = ? on conflict (user_id) do update set level = excluded.level', [listener.email]);
  const first = await rest('/generate_beat', { prompt: 'dark trap type beat' });
  const full = await rest('/generate_full_beat', { beat_id: first.beat_id });
  beatIds.push(first.beat_id as string, full.beat_id as string);
}, 480_000);
afterAll(() => test?.close());

describe('landmark fingerprints of stored beats', () => {
  it('stores every new beat (first and full) with its landmarks, the ones its WAV gives', async () => {
    for (const id of beatIds) {
      const set = await landmarkSet(id);
      expect(set).toBeDefined();
      expect(set.hash_count).toBeGreaterThan(1000);
      expect(set.rows).toBe(set.hash_count);
      const [beat] = await sql<{ wav_blob_key: string; duration_seconds: number }>('select wav_blob_key, duration_seconds from beats where id = ?', [id]);
      expect(set.seconds).toBeCloseTo(beat.duration_seconds, 3);
      // The render worker's landmarks are those of the stored master.
      const { audio } = decodeWav(new Uint8Array(await test.app.blobs.get(beat.wav_blob_key)));
      const again = landmarksOf(audio);
      const stored = await sql<{ hash: number; frame: number }>('select hash, frame from beat_landmarks where set_id = ? order by frame, hash', [set.id]);
      const fromWav = new Set(Array.from(again.hashes, (h, i) => `${again.frames[i]}:${h}`));
      const same = stored.filter((row) => fromWav.has(`${row.frame}:${row.hash}`)).length;
      // The WAV is 24-bit: a rounding of the master can move a rare near-tie between two peaks.
      expect(same / stored.length).toBeGreaterThan(0.97);
    }
  });

  it('finds a stored beat from a 10-second excerpt, at the right place in the beat, through PostgreSQL', async () => {
    const [beat] = await sql<{ wav_blob_key: string }>('select wav_blob_key from beats where id = ?', [beatIds[1]]);
    const { audio } = decodeWav(new Uint8Array(await test.app.blobs.get(beat.wav_blob_key)));
    const from = 12 * audio.sampleRate;
    const excerpt = { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.slice(from, from + 10 * audio.sampleRate).map((x) => x * 0.5)) };
    const matches = await matchLandmarks(test.app.orm.em.fork(), landmarksOf(excerpt));
    // The full beat, and its first beat wherever the two share bars (listed too, never dropped).
    const full = matches.find((m) => m.beatId === beatIds[1])!;
    expect(full).toBeDefined();
    expect(matches[0].hits).toBe(full.hits);
    // A full beat repeats its sections: the excerpt's bars may play again later in the beat, and each
    // place is a span of its own; the one it was cut from is among them.
    const cut = full.spans.find((s) => Math.abs(s.beatStart - s.recordingStart - 12) < 0.5);
    expect(cut).toBeDefined();
    expect(cut!.recordingEnd - cut!.recordingStart).toBeGreaterThan(8);
    // Silence and a recording of nothing stored find nothing.
    expect(await matchLandmarks(test.app.orm.em.fork(), landmarksOf({ sampleRate: 44_100, channels: [new Float32Array(441_000)] }))).toEqual([]);
  });

  it('backfills beats made before fingerprints, resumably and once even with two runs at once', async () => {
    const before = await Promise.all(beatIds.map(landmarkSet));
    await sql('delete from beat_landmark_sets where beat_id = any(?::uuid[])', [`{${beatIds.join(',')}}`]);
    expect(await sql('select 1 from beat_landmarks where set_id = any(?::int[])', [`{${before.map((s) => s.id).join(',')}}`])).toHaveLength(0);
    const service = test.app.services.contentId;
    expect(await service.unfingerprinted()).toBe(2);
    // A run stopped after one beat leaves the other for the next run.
    const stopped = await service.backfill({ limit: 1 });
    expect(stopped).toEqual({ fingerprinted: 1, failed: 0, remaining: 1 });
    const [a, b] = await Promise.all([service.backfill({ batch: 1 }), service.backfill({ batch: 1 })]);
    expect(a.fingerprinted + b.fingerprinted).toBe(1);
    expect(a.remaining).toBe(0);
    for (const [i, id] of beatIds.entries()) {
      const set = await landmarkSet(id);
      expect(set.rows).toBe(set.hash_count);
      expect(Math.abs(set.hash_count - before[i].hash_count)).toBeLessThan(before[i].hash_count * 0.03);
    }
    expect(await service.backfill()).toEqual({ fingerprinted: 0, failed: 0, remaining: 0 });
  });

  it('skips a beat whose file is missing, reports it, and goes on with the others', async () => {
    const em = test.app.orm.em.fork();
    const [{ id: ownerId }] = await sql<{ id: string }>('select id from users where email = ?', [listener.email]);
    const broken = beatRow(em, ownerId);
    await em.flush();
    const report = await test.app.services.contentId.backfill();
    expect(report).toEqual({ fingerprinted: 0, failed: 1, remaining: 1 });
    expect(await landmarkSet(broken.id)).toBeUndefined();
    await sql('delete from beats where id = ?', [broken.id]);
  });

  it('drops a beat\'s landmarks with the beat', async () => {
    const em = test.app.orm.em.fork();
    const [{ id: ownerId }] = await sql<{ id: string }>('select id from users where email = ?', [listener.email]);
    const doomed = beatRow(em, ownerId);
    await em.flush();
    await em.transactional((tx) => test.app.services.contentId.store(tx, doomed.id, { hashes: Int32Array.of(5, 6, 7), frames: Int32Array.of(0, 1, 2) }, 1));
    const set = await landmarkSet(doomed.id);
    expect(set.rows).toBe(3);
    await sql('delete from beats where id = ?', [doomed.id]);
    expect(await sql('select 1 from beat_landmarks where set_id = ?', [set.id])).toHaveLength(0);
  });
});
