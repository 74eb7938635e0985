import { startTestApp, type TestApp } from '../support/test-app';
import { registerUploader } from '../support/producers';
import { bearer, type SignedInUser } from '../support/users';
import { bigWav, drumWav, melodyWav } from '../support/wav-fixtures';
import { storedCounts } from './stored';
import type { JsonObject } from '../support/json';

let test: TestApp;
let producer: SignedInUser;

beforeAll(async () => {
  test = await startTestApp();
  producer = await registerUploader(test, 'gqlproducer');
});
afterAll(() => test?.close());

const stored = () => storedCounts(test);

type GqlResult = { status: number; data?: JsonObject; errors?: { message: string; extensions?: { code?: string } }[] };

/** A GraphQL multipart request (the upload spec) with several files bound to `variables.files`. */
async function upload(
  query: string,
  variables: Record<string, unknown>,
  files: { name: string; bytes: Uint8Array; type?: string }[],
  headers: Record<string, string> = { 'apollo-require-preflight': 'true', ...bearer(producer.accessToken) },
): Promise<GqlResult> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { ...variables, files: files.map(() => null) } }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.files.${i}`]]))));
  files.forEach((f, i) => form.append(String(i), new Blob([f.bytes], { type: f.type ?? 'audio/wav' }), f.name));
  const response = await fetch(`${test.url}/graphql`, { method: 'POST', headers, body: form });
  return { status: response.status, ...((await response.json()) as object) };
}

const MELODY = `mutation($files: [Upload!]!, $input: MelodyUploadInput!) {
  uploadMelodySamples(files: $files, input: $input) { message composition { key mode bpm bars detectedKey keyMismatch bpmMismatch stems { fileName } tags { genres } } }
}`;
const DRUMS = `mutation($files: [Upload!]!, $entries: [DrumUploadEntryInput!]!) {
  uploadDrumSamples(files: $files, entries: $entries) { message drumLoops { fileName drumType key mode bpm bpmMismatch } }
}`;
const melodyInput = { artists: ['SZA'], instruments: ['Pad'], genres: ['R&B', 'r&b'], moods: ['Romantic'], tempoStyles: ['slow'], bpm: 80, key: 'C', mode: 'Major' };
const drumEntry = (fileIndex: number, extra: Record<string, unknown> = {}) => ({
  fileIndex, drumType: 'Snares', genres: ['Drill'], artists: ['Pop Smoke'], moods: ['Dark'], tempoStyles: ['bouncy'], bpm: 142, ...extra,
});

describe('uploadMelodySamples', () => {
  it('streams the stems and stores the composition', async () => {
    const result = await upload(MELODY, { input: melodyInput }, [
      { name: 'pad.wav', bytes: melodyWav('C', 'Major', 80, 1) },
      { name: 'keys.wav', bytes: melodyWav('C', 'Major', 80, 2) },
    ]);
    expect(result.errors).toBeUndefined();
    expect(result.data!.uploadMelodySamples).toEqual({
      message: 'Files uploaded successfully!',
      composition: {
        key: 'C', mode: 'Major', bpm: 80, bars: 8, detectedKey: 'C', keyMismatch: false, bpmMismatch: false,
        stems: [{ fileName: 'pad.wav' }, { fileName: 'keys.wav' }],
        tags: { genres: ['R&B'] },
      },
    });
  });

  it('needs a signed-in user', async () => {
    const result = await upload(MELODY, { input: melodyInput }, [{ name: 'pad.wav', bytes: melodyWav('C', 'Major', 80) }], {
      'apollo-require-preflight': 'true',
    });
    expect(result.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an upload without the preflight header before reading it', async () => {
    const result = await upload(MELODY, { input: melodyInput }, [{ name: 'pad.wav', bytes: melodyWav('C', 'Major', 80) }], bearer(producer.accessToken));
    expect(result.status).toBe(400);
  });

  it('takes a WAV by its content, whatever its name or declared type; held chords are not flagged for tempo', async () => {
    const result = await upload(MELODY, { input: { ...melodyInput, bpm: 150 } }, [
      { name: 'pad.mp3', bytes: melodyWav('C', 'Major', 150), type: 'audio/mpeg' },
    ]);
    expect(result.errors).toBeUndefined();
    expect(result.data!.uploadMelodySamples.composition).toMatchObject({ bpm: 150, bpmMismatch: false, stems: [{ fileName: 'pad.mp3' }] });
  });

  it('reports BAD_USER_INPUT naming a file that is not a WAV, and stores nothing', async () => {
    const before = await stored();
    const result = await upload(MELODY, { input: melodyInput }, [
      { name: 'pad.wav', bytes: melodyWav('C', 'Major', 80) },
      { name: 'notes.txt', bytes: Buffer.from('not audio') },
    ]);
    expect(result.errors?.[0]).toMatchObject({
      message: 'Only WAV files are allowed. "notes.txt" is not a WAV file.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses stems of different lengths in bars, naming the odd one, and stores nothing', async () => {
    const before = await stored();
    const result = await upload(MELODY, { input: melodyInput }, [
      { name: 'pad.wav', bytes: melodyWav('C', 'Major', 80) },
      { name: 'keys.wav', bytes: drumWav(80, 2) },
    ]);
    expect(result.errors?.[0]).toMatchObject({
      message: '"keys.wav" is 2 bars long at 80 BPM, but "pad.wav" is 8: all stems of a composition must have the same length in bars.',
      extensions: { code: 'BAD_USER_INPUT', file: 'keys.wav' },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over 50 MB, naming it, and stores nothing', async () => {
    const before = await stored();
    const result = await upload(MELODY, { input: melodyInput }, [
      { name: 'pad.wav', bytes: melodyWav('C', 'Major', 80) },
      { name: 'huge.wav', bytes: bigWav(50 * 1024 * 1024 + 1) },
    ]);
    expect(result.errors?.[0]).toMatchObject({ message: '"huge.wav" is larger than 50 MB.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await stored()).toEqual(before);
  });
});

describe('uploadDrumSamples', () => {
  it('stores one loop per entry, matched to its file', async () => {
    const result = await upload(
      DRUMS,
      { entries: [drumEntry(1, { drumType: '808s', key: 'G', mode: 'Minor' }), drumEntry(0)] },
      [
        { name: 'snare.wav', bytes: drumWav(142) },
        { name: '808_Gmin.wav', bytes: drumWav(142, 8, 5) },
      ],
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.uploadDrumSamples.message).toBe('Drum samples uploaded successfully!');
    expect(result.data!.uploadDrumSamples.drumLoops).toEqual([
      { fileName: '808_Gmin.wav', drumType: '808s', key: 'G', mode: 'Minor', bpm: 142, bpmMismatch: false },
      { fileName: 'snare.wav', drumType: 'Snares', key: null, mode: null, bpm: 142, bpmMismatch: false },
    ]);
  });

  it.each([
    [[drumEntry(0), drumEntry(0)], 'Each entry must name a different file, and every file must have an entry.'],
    [[drumEntry(5)], 'Each entry must name a different file, and every file must have an entry.'],
    [[drumEntry(0), drumEntry(1, { drumType: '808s' })], '"808_G.wav": 808s need a key and a mode.'],
    [[drumEntry(1), drumEntry(0, { bpm: 20 })], '"snare.wav": BPM must be between 40 and 250.'],
  ])('refuses entries %#, and stores nothing', async (entries, message) => {
    const before = await stored();
    const files = [{ name: 'snare.wav', bytes: drumWav(142) }, { name: '808_G.wav', bytes: drumWav(142, 8, 5) }];
    const result = await upload(DRUMS, { entries }, files.slice(0, Math.max(...entries.map((e) => e.fileIndex)) + 1));
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await stored()).toEqual(before);
  });

  it('refuses a loop that is not a whole number of bars, naming it, and stores none of the others', async () => {
    const before = await stored();
    const result = await upload(DRUMS, { entries: [drumEntry(0), drumEntry(1)] }, [
      { name: 'snare.wav', bytes: drumWav(142) },
      { name: 'odd.wav', bytes: drumWav(100) },
    ]);
    expect(result.errors?.[0].message).toMatch(/^"odd.wav" lasts 19.20 s, which is not a whole number of bars at 142 BPM/);
    expect(await stored()).toEqual(before);
  });
});

describe('more than 40 files', () => {
  // The multipart middleware refuses a map of 41 files before any file is read or a resolver runs,
  // as HTTP 413 with its limit in words (GraphQL-shaped, as every answer of /graphql).
  it.each([
    ['melody', MELODY, { input: melodyInput }],
    ['drum', DRUMS, { entries: Array.from({ length: 41 }, (_, i) => drumEntry(i)) }],
  ])('are refused in a %s upload, and nothing is stored', async (_kind, query, variables) => {
    const before = await stored();
    const files = Array.from({ length: 41 }, (_, i) => ({ name: `k${i}.wav`, bytes: drumWav(142, 1, i) }));
    const result = await upload(query, variables, files);
    expect(result).toMatchObject({ status: 413, errors: [{ message: 'At most 40 files per upload.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    expect(await stored()).toEqual(before);
  });
});
