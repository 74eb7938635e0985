import { request } from 'node:http';
import { hostileWavCorpus } from '../../src/audio/testing';
import { MAX_REQUEST_BYTES } from '../../src/modules/catalog/catalog.limits';
import { startTestApp, type TestApp } from '../support/test-app';
import { bearer, type SignedInUser } from '../support/users';
import { bigWav, dataUrl, drumWav, melodyWav } from '../support/wav-fixtures';
import { storedCounts } from './stored';
import { registerUploader } from '../support/producers';
import type { JsonObject } from '../support/json';

let test: TestApp;
let producer: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  producer = await registerUploader(test, 'producer');
});
afterAll(() => test?.close());

const post = async (path: string, body: unknown, token: string | null = producer.accessToken) => {
  const response = await fetch(`${test.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as JsonObject };
};

const stored = () => storedCounts(test);

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

  it('takes a WAV by its content, whatever its name or declared type', async () => {
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta,
      files: [{ name: 'keys.aiff', data: dataUrl(melodyWav('A', 'Minor', 90)).replace('audio/wav', 'application/octet-stream') }],
    });
    expect(status).toBe(201);
    expect(body.composition.stems).toEqual([expect.objectContaining({ file_name: 'keys.aiff' })]);
  });

  it('refuses stems of different lengths in bars, naming the odd one, and stores nothing', async () => {
    const before = await stored();
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta,
      files: [
        { name: 'keys.wav', data: dataUrl(melodyWav('A', 'Minor', 90)) },
        { name: 'four-bars.wav', data: dataUrl(drumWav(90, 4)) },
      ],
    });
    expect(status).toBe(400);
    expect(body.error).toBe('"four-bars.wav" is 4 bars long at 90 BPM, but "keys.wav" is 8: all stems of a composition must have the same length in bars.');
    expect(await stored()).toEqual(before);
  });

  it('does not flag a melody played in time at its declared 150 BPM', async () => {
    const { status, body } = await post('/uploadingmelsamples', {
      ...melodyMeta, bpm: 150, files: [{ name: 'arp.wav', data: dataUrl(melodyWav('A', 'Minor', 150, 1, 'arpeggio')) }],
    });
    expect(status).toBe(201);
    expect(body.composition).toMatchObject({ bpm: 150, bpm_mismatch: false });
    expect(Math.abs(body.composition.detected_bpm - 150)).toBeLessThanOrEqual(1);
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
    // 7 bars at 140 BPM last exactly as long as 5 bars at 100 BPM.
    const { status, body } = await post('/uploadingdrumsamples', { entries: [drumEntry('kick.wav', drumWav(140, 7), { bpm: 100 })] });
    expect(status).toBe(201);
    expect(body.drum_loops[0]).toMatchObject({ bpm: 100, bars: 5, bpm_mismatch: true });
    expect(Math.abs(body.drum_loops[0].detected_bpm - 140)).toBeLessThanOrEqual(1);
  });

  it('does not flag loops at the ends of the tempo range declared right (60 and 230 BPM)', async () => {
    const { status, body } = await post('/uploadingdrumsamples', {
      entries: [drumEntry('kick_60.wav', drumWav(60), { bpm: 60 }), drumEntry('hats_230.wav', drumWav(230, 8, 2), { bpm: '230', drumType: 'Hihats' })],
    });
    expect(status).toBe(201);
    expect(body.drum_loops.map((d: Record<string, unknown>) => [d.bpm, d.bpm_mismatch])).toEqual([[60, false], [230, false]]);
  });

  it('refuses a bad row naming its file (or its place, when it has no name), and stores nothing', async () => {
    const before = await stored();
    const refused = async (entries: unknown[]) => (await post('/uploadingdrumsamples', { entries })).body.error;
    const good = drumEntry('kick_140.wav', drumWav(140));
    expect(await refused([good, drumEntry('808_F.wav', drumWav(140), { drumType: '808s' })])).toBe('"808_F.wav": 808s need a key and a mode.');
    expect(await refused([good, drumEntry('snare.wav', drumWav(140), { bpm: '300' })])).toBe('"snare.wav": BPM must be between 40 and 250.');
    expect(await refused([drumEntry('x.wav', drumWav(140), { drumType: 'Cowbells' })])).toMatch(/^"x.wav": Drum type must be one of/);
    expect(await refused([good, drumEntry(' ', drumWav(140))])).toBe('Entry 2: Every file needs a name.');
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

describe('upload limits', () => {
  const MB = 1024 * 1024;

  it('refuses more than 40 melody files', async () => {
    const files = Array.from({ length: 41 }, (_, i) => ({ name: `k${i}.wav`, data: dataUrl(Buffer.from('RIFF')) }));
    const { status, body } = await post('/uploadingmelsamples', { ...melodyMeta, files });
    expect({ status, body }).toEqual({ status: 400, body: { error: 'At most 40 files per upload.' } });
  });

  it('answers at once a body refused while it is still arriving (a 500 kB text field; it used to hang, issue 24)', async () => {
    for (const path of ['/uploadingmelsamples', '/uploadingdrumsamples']) {
      const response = await fetch(`${test.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(producer.accessToken) },
        body: JSON.stringify({ files: 'x'.repeat(500_000) }),
        signal: AbortSignal.timeout(10_000),
      });
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 400, body: { error: 'A field of the upload is too long.' } });
    }
  });

  it('refuses a file over 50 MB, naming it, and stores nothing', async () => {
    const before = await stored();
    const { status, body } = await post('/uploadingdrumsamples', {
      entries: [drumEntry('kick.wav', drumWav(140)), drumEntry('huge.wav', bigWav(50 * MB + 1))],
    });
    expect({ status, body }).toEqual({ status: 400, body: { error: '"huge.wav" is larger than 50 MB.' } });
    expect(await stored()).toEqual(before);
  });

  it('refuses a request over 200 MB with a JSON error, without keeping its body', async () => {
    // 210 MB of files in base64, streamed from one reused chunk: the api refuses it by its length.
    const length = Math.ceil(((MAX_REQUEST_BYTES + 10 * MB) * 4) / 3);
    const chunk = Buffer.alloc(MB, 'A');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${test.url}/uploadingmelsamples`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(length), ...bearer(producer.accessToken) },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (text: string) => (body += text)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      const head = Buffer.from('{"files":[{"name":"big.wav","data":"data:audio/wav;base64,');
      req.write(head);
      let sent = head.length;
      const pump = () => {
        while (sent < length) {
          const part = sent + chunk.length <= length ? chunk : chunk.subarray(0, length - sent);
          sent += part.length;
          if (!req.write(part)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'An upload may hold at most 200 MB.' });
  });
});
