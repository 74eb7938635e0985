import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { uploadSmallCatalogue } from '../support/small-catalogue';
import type { JsonObject } from '../support/json';
import { parseArrangement, type Arrangement, decodeWav, dbToGain } from '../../src/audio';
import { parseMp3Frames, prepareLoops, mixArrangement, renderPrepared, stemsSumErrorDb } from '../../src/audio/testing';
import { createSampleFileLoader } from '../../src/modules/catalog/sample-source';
import { stemEntryNames } from '../../src/modules/licence-files/stems-zip';
import type { LicenceDocument, LicenceFileSet } from '../../src/modules/licence-files/licence-files.types';
import { licenceDocument } from './licence-document.fixture';
import { zipEntries } from './zip-entries';

let test: TestApp;
let listener: SignedInUser;
let beat: { id: string; title: string; key: string; mode: string; bpm: number; structure: string; arrangement: Arrangement; wavBlobKey: string };

const rest = async (path: string, body: unknown) => {
  const response = await fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(listener.accessToken) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as JsonObject;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

beforeAll(async () => {
  test = await startTestApp();
  await uploadSmallCatalogue(test);
  listener = await registerAndSignIn(test, 'buyer');
  await test.app.orm.em.fork().getConnection().execute(`insert into billing_accounts (user_id, level, updated_at) select id, 2, now() from users where email = ? on conflict (user_id) do update set level = excluded.level`, [listener.email]);
  const first = await rest('/generate_beat', { prompt: 'dark trap type beat' });
  const full = await rest('/generate_full_beat', { beat_id: first.beat_id });
  const [row] = await test.app.orm.em.fork().getConnection().execute<{ id: string; title: string; key: string; mode: string; bpm: number; structure: string; arrangement: Arrangement; wav_blob_key: string }[]>(
    'select id, title, key, mode, bpm, structure, arrangement, wav_blob_key from beats where id = ?', [full.beat_id],
  );
  beat = { ...row, wavBlobKey: row.wav_blob_key };
}, 240_000);
afterAll(() => test?.close());

const service = () => test.app.services.licenceFiles;
const blobs = () => test.app.blobs;
const docFor = (over: Partial<LicenceDocument> = {}) =>
  licenceDocument({ beat: { id: beat.id, title: beat.title, key: beat.key, mode: beat.mode, bpm: beat.bpm, structure: beat.structure }, ...over });

describe('licence files of a full beat', () => {
  const advancedId = randomUUID();

  it('stores MP3, WAV and the PDF for a standard lease, and no stems', async () => {
    const doc = docFor({ tier: 'standard', tierTitle: 'Standard Lease', priceCents: 2999 });
    const files = await service().prepare(doc);
    expect(files.stems).toBeNull();
    expect(files.mp3).toEqual({ key: `licences/${doc.licenceId}/beat.mp3`, fileName: `${beat.title}.mp3`, contentType: 'audio/mpeg', bytes: expect.any(Number) });
    expect(files.wav.key).toBe(`licences/${doc.licenceId}/beat.wav`);
    expect(files.document.key).toBe(`licences/${doc.licenceId}/licence.pdf`);
    expect(await blobs().exists(`licences/${doc.licenceId}/stems.zip`)).toBe(false);
    expect((await blobs().get(files.document.key)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  describe('an advanced lease', () => {
    const doc = () => docFor({ licenceId: advancedId });
    let files: LicenceFileSet;

    beforeAll(async () => {
      files = await service().prepare(doc());
    }, 120_000);

    it('delivers the WAV master of exactly the purchased beat', async () => {
      expect((await blobs().get(files.wav.key)).equals(await blobs().get(beat.wavBlobKey))).toBe(true);
    });

    it('delivers an MP3 whose every frame is 320 kbps, as long as the beat', async () => {
      const mp3 = await blobs().get(files.mp3.key);
      const frames = parseMp3Frames(mp3);
      expect(frames.every((frame) => frame.bitrateKbps === 320 && frame.sampleRate === 44_100 && frame.channels === 2)).toBe(true);
      const seconds = ((frames.length - 1) * 1152) / 44_100;
      const wavSeconds = decodeWav(await blobs().get(files.wav.key)).audio.channels[0].length / 44_100;
      expect(Math.abs(seconds - wavSeconds)).toBeLessThan(0.1);
      expect(files.mp3.bytes).toBe(mp3.length);
    });

    it('zips one stored (not deflated) WAV per layer, named after the layer, all as long as the master', async () => {
      const arrangement = parseArrangement(beat.arrangement);
      const entries = await zipEntries(await blobs().get(files.stems!.key));
      expect(entries.map((e) => e.name)).toEqual(stemEntryNames(arrangement.layers.map((l) => l.name)));
      expect(entries.map((e) => e.method)).toEqual(entries.map(() => 0));
      const masterFrames = decodeWav(await blobs().get(files.wav.key)).audio.channels[0].length;
      for (const entry of entries) {
        const stem = decodeWav(entry.bytes).audio;
        expect(stem.channels).toHaveLength(2);
        expect(stem.channels[0].length).toBe(masterFrames);
      }
      expect(files.stems!.fileName).toBe(`${beat.title} - stems.zip`);
    });

    it('has stems that sum to the mix before the master bus within -60 dB', async () => {
      const arrangement = parseArrangement(beat.arrangement);
      const sampleFile = createSampleFileLoader(test.app.orm, blobs());
      const loops = await prepareLoops(arrangement, async (id) => decodeWav((await sampleFile(id)).file).audio);
      const reference = renderPrepared(arrangement, loops, { stems: true });
      const mixed = mixArrangement(arrangement, loops);
      const gain = dbToGain(reference.masterReport.gainDb + (reference.stemsTrimDb ?? 0));
      const stems = (await zipEntries(await blobs().get(files.stems!.key))).map((entry) => decodeWav(entry.bytes).audio);
      expect(stemsSumErrorDb(stems, mixed.mix, gain)).toBeLessThan(-60);
    }, 120_000);

    it('is idempotent: a second prepare finds every file and renders nothing', async () => {
      const renders = service().renders;
      const before = await blobs().stat(files.stems!.key);
      expect(await service().prepare(doc())).toEqual(files);
      expect(service().renders).toBe(renders);
      expect((await blobs().stat(files.stems!.key))!.lastModified).toEqual(before!.lastModified);
    });

    it('after a crash half-way, makes only what is missing', async () => {
      const mp3Before = await blobs().stat(files.mp3.key);
      await blobs().deleteMany([files.stems!.key, files.document.key]);
      const renders = service().renders;
      const again = await service().prepare(doc());
      expect(again).toEqual({ ...files, stems: { ...files.stems!, bytes: expect.any(Number) }, document: { ...files.document, bytes: expect.any(Number) } });
      expect(service().renders).toBe(renders + 1);
      expect(await blobs().exists(files.stems!.key)).toBe(true);
      expect(await blobs().exists(files.document.key)).toBe(true);
      expect((await blobs().stat(files.mp3.key))!.lastModified).toEqual(mp3Before!.lastModified);
      // The same stems, byte for byte: the render is deterministic and the entries carry the licence's date.
      expect(again.stems!.bytes).toBe(files.stems!.bytes);
    }, 120_000);
  });

  it('runs concurrent prepares of one licence once', async () => {
    const doc = docFor({ tier: 'exclabel', tierTitle: 'Exclusive Rights (Label)', priceCents: 99999, terms: { kind: 'exclusive', exclusive: { sell_exclusives: 'Yes' } } });
    const renders = service().renders;
    const [a, b] = await Promise.all([service().prepare(doc), service().prepare(doc)]);
    expect(a).toEqual(b);
    expect(a.stems).not.toBeNull();
    expect(service().renders).toBe(renders + 1);
  }, 120_000);

  it('refuses a beat that does not exist, and stores nothing', async () => {
    const doc = licenceDocument();
    await expect(service().prepare(doc)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const name of ['beat.mp3', 'beat.wav', 'stems.zip', 'licence.pdf']) expect(await blobs().exists(`licences/${doc.licenceId}/${name}`)).toBe(false);
  });
});
