import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hostileWavCorpus } from '../../src/audio/testing';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { dataUrl, drumWav, melodyWav } from '../support/wav-fixtures';

let test: TestApp;
let producer: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  producer = await registerAndSignIn(test, 'producer');
});
afterAll(() => test?.close());

const post = async (path: string, body: unknown, token: string | null = producer.accessToken) => {
  const response = await fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

const stored = async () => {
  const root = join(test.dataDir, 'blobs', 'samples');
  const blobs = existsSync(root) ? readdirSync(root).filter((f) => !f.startsWith('.')).length : 0;
  const connection = test.app.orm.em.fork().getConnection();
  const [{ count: compositions }] = await connection.execute('select count(*)::int as count from melody_compositions');
  const [{ count: stems }] = await connection.execute('select count(*)::int as count from melody_stems');
  const [{ count: drums }] = await connection.execute('select count(*)::int as count from drum_loops');
  return { blobs, compositions, stems, drums };
};

const melodyMeta = {
  artists: ['Nujabes', ' nujabes ', 'J Dilla,'],
  instruments: ['Rhodes'],
  genres: ['Lo-Fi'],
  moods: ['Chill'],
  tempo_style: ['laid-back'],
  bpm: '90',
  key: 'A',
  mode: 'Minor',
};

const drumEntry = (name: string, bytes: Buffer, extra: Record<string, unknown> = {}) => ({
  file: { name, data: dataUrl(bytes) },
  drumType: 'Kicks',
  genres: ['Trap'],
  artists: ['Metro Boomin'],
  instruments: [],
  moods: ['Dark'],
  tempoStyle: ['half-time'],
  bpm: '140',
  sequence: { typeIndex: 0, entryIndex: 0, totalInType: 1 },
  ...extra,
});

describe('POST /uploadingmelsamples', () => {
  it('stores one composition of stems with its measured key and tempo', async () => {
    const before = await stored();
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta,
      files: [
        { name: 'keys.wav', data: dataUrl(melodyWav('A', 'Minor', 90, 1)) },
        { name: 'pad.wav', data: dataUrl(melodyWav('A', 'Minor', 90, 2)) },
      ],
    });
    expect(status).toBe(201);
    expect(body.message).toBe('Files uploaded successfully!');
    expect(body.composition).toMatchObject({
      bpm: 90, key: 'A', mode: 'Minor', bars: 8, detected_key: 'A', detected_mode: 'Minor', key_mismatch: false,
      artists: ['Nujabes', 'J Dilla'],
    });
    expect(body.composition.stems.map((s: { file_name: string }) => s.file_name)).toEqual(['keys.wav', 'pad.wav']);
    expect(await stored()).toEqual({ ...before, blobs: before.blobs + 2, compositions: before.compositions + 1, stems: before.stems + 2 });
  });

  it('stores a declared key that disagrees with the audio, flagged rather than changed', async () => {
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta, key: 'D', mode: 'Major',
      files: [{ name: 'a-minor.wav', data: dataUrl(melodyWav('A', 'Minor', 90)) }],
    });
    expect(status).toBe(201);
    expect(body.composition).toMatchObject({ key: 'D', mode: 'Major', detected_key: 'A', key_mismatch: true });
  });

  it.each([
    [{ artists: [] }, 'Add at least one entry to Artists.'],
    [{ tempo_style: [' , '] }, 'Add at least one entry to Tempo Style.'],
    [{ bpm: '300' }, 'BPM must be between 40 and 250.'],
    [{ bpm: 'fast' }, 'BPM must be a number.'],
    [{ key: 'H' }, 'Key must be one of C, C#, D, D#, E, F, F#, G, G#, A, A#, B.'],
    [{ mode: 'Dorian' }, 'Mode must be Major or Minor.'],
    [{ files: [] }, 'Select at least one file to upload.'],
  ])('refuses %o with a clear message and stores nothing', async (change, message) => {
    const before = await stored();
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta, files: [{ name: 'keys.wav', data: dataUrl(melodyWav('A', 'Minor', 90)) }], ...change,
    });
    expect(status).toBe(400);
    expect(body.error).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('rejects the whole batch when one file is not a WAV, naming it', async () => {
    const before = await stored();
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta,
      files: [
        { name: 'good.wav', data: dataUrl(melodyWav('A', 'Minor', 90)) },
        { name: 'song.wav', data: dataUrl(Buffer.from('ID3\u0003 this is an mp3, renamed')) },
      ],
    });
    expect(status).toBe(400);
    expect(body.error).toBe('Only WAV files are allowed. "song.wav" is not a WAV file.');
    expect(await stored()).toEqual(before);
  });

  it('refuses stems that are not whole bars at the declared tempo', async () => {
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta, bpm: '97', files: [{ name: 'keys.wav', data: dataUrl(melodyWav('A', 'Minor', 90)) }],
    });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^"keys.wav" lasts 21.33 s, which is not a whole number of bars at 97 BPM/);
  });

  it('refuses a malformed data URL and an unauthenticated request', async () => {
    const bad = await post('/uploadingmelsamples', { ...melodyMeta, files: [{ name: 'x.wav', data: 'data:audio/wav;base64,@@@' }] });
    expect(bad).toEqual({ status: 400, body: { error: '"x.wav" is not valid base64 data.' } });
    const anonymous = await post('/uploadingmelsamples', { ...melodyMeta, files: [] }, null);
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /uploadingdrumsamples', () => {
  it('stores each entry as a drum loop; key and mode only for 808s', async () => {
    const before = await stored();
    const { status, body } = await post('/uploadingdrumsamples', {
      entries: [
        drumEntry('kick_140.wav', drumWav(140)),
        drumEntry('808_Fmin.wav', drumWav(140, 8, 2), { drumType: '808s', key: 'F', mode: 'Minor' }),
        drumEntry('hats.wav', drumWav(140, 8, 3), { drumType: 'Hihats', key: 'C', mode: 'Major' }),
      ],
      metadata: { totalTypes: 3, typeBreakdown: { Kicks: 1, '808s': 1, Hihats: 1 } },
    });
    expect(status).toBe(201);
    expect(body.message).toBe('Drum samples uploaded successfully!');
    expect(body.drum_loops).toHaveLength(3);
    expect(body.drum_loops[0]).toMatchObject({ drum_type: 'Kicks', bpm: 140, key: null, bars: 8, bpm_mismatch: false });
    expect(Math.abs(body.drum_loops[0].detected_bpm - 140)).toBeLessThanOrEqual(1);
    expect(body.drum_loops[1]).toMatchObject({ drum_type: '808s', key: 'F', mode: 'Minor' });
    expect(body.drum_loops[2]).toMatchObject({ drum_type: 'Hihats', key: null, mode: null });
    expect(await stored()).toEqual({ ...before, blobs: before.blobs + 3, drums: before.drums + 3 });
  });

  it('flags a declared tempo the audio disagrees with', async () => {
    // 16 bars at 140 BPM last exactly as long as 8 bars at 70 BPM.
    const { status, body } = await post('/uploadingdrumsamples', { entries: [drumEntry('kick.wav', drumWav(140, 16), { bpm: 70 })] });
    expect(status).toBe(201);
    expect(body.drum_loops[0]).toMatchObject({ bpm: 70, bars: 8, bpm_mismatch: true });
  });

  it('refuses an 808 without key and mode, and an unknown drum type', async () => {
    const before = await stored();
    const no808Key = await post('/uploadingdrumsamples', { entries: [drumEntry('808.wav', drumWav(140), { drumType: '808s' })] });
    expect(no808Key).toEqual({ status: 400, body: { error: '808s need a key and a mode.' } });
    const unknown = await post('/uploadingdrumsamples', { entries: [drumEntry('x.wav', drumWav(140), { drumType: 'Cowbells' })] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Drum type must be one of/);
    expect(await stored()).toEqual(before);
  });

  it('refuses more than 40 files', async () => {
    const tiny = drumEntry('k.wav', Buffer.from('RIFF'));
    const { status, body } = await post('/uploadingdrumsamples', { entries: Array.from({ length: 41 }, () => tiny) });
    expect(status).toBe(400);
    expect(body.error).toBe('At most 40 files per upload.');
  });

  it('refuses every hostile WAV of the engine corpus cleanly, naming the file, and stores nothing', async () => {
    const before = await stored();
    const hostile = hostileWavCorpus().filter((w) => w.expected !== 'decodes');
    expect(hostile.length).toBeGreaterThan(10);
    for (const wav of hostile) {
      const name = `${wav.name}.wav`;
      const { status, body } = await post('/uploadingdrumsamples', {
        entries: [drumEntry('good.wav', drumWav(140)), drumEntry(name, Buffer.from(wav.bytes))],
      });
      expect({ name, status }).toEqual({ name, status: 400 });
      expect(body.error).toContain(`"${name}"`);
    }
    expect(await stored()).toEqual(before);
  });
});
