import { startTestApp, type TestApp } from '../support/test-app';
import { registerUploader } from '../support/producers';
import { bearer } from '../support/users';
import { hostileWavCorpus, buildWav, sine } from '../../src/audio/testing';
import { createRandom, fuzz, send, type SeededRandom } from './fuzz-support';

// Issue 24, hostile uploads and media addresses. Multipart: truncated forms, mislabelled files (a
// PNG called audio/wav, a WAV called image/png, text), absurd WAV headers (the engine's hostile
// corpus and seeded mutations of a small WAV), broken `map`s, to GraphQL's uploads and the profile
// form. Media keys: `../`, `%2e%2e`, encoded slashes, null bytes, overlong UTF-8, and tampered
// signatures, expiries and download names of a real signed link.

const MULTIPART_INPUTS = 240;
const MEDIA_INPUTS = 400;

let test: TestApp;
let token: string;
let signed: URL;

beforeAll(async () => {
  test = await startTestApp();
  // A producer on Premium, so the uploads reach the parsing under test past the plan gate.
  const producer = await registerUploader(test, 'fuzzer');
  token = producer.accessToken;
  await test.app.blobs.put('fuzz/probe.txt', Buffer.from('probe'), { contentType: 'text/plain' });
  signed = new URL(await test.app.blobs.signedUrl('fuzz/probe.txt'));
});
afterAll(async () => {
  await test?.close();
});

const BOUNDARY = '----fuzzboundary24';
const wav = () => Buffer.from(buildWav({ channels: [sine({ frequency: 440, seconds: 0.25 }).channels[0]], sampleRate: 44_100, format: 'i16' }));
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2dd4b1c0000000049454e44ae426082', 'hex');

function mutateBytes(random: SeededRandom, bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  for (let n = 1 + random.int(8); n > 0; n--) {
    const at = random.int(Math.min(64, out.length));
    if (random.next() < 0.5) out[at] ^= 1 << random.int(8);
    else out.writeUInt32LE(random.pick([0, 1, 0x7fffffff, 0xffffffff, random.int(2 ** 32)]), Math.max(0, Math.min(out.length - 4, at)));
  }
  return random.next() < 0.3 ? out.subarray(0, random.int(out.length)) : out;
}

interface Part {
  readonly name: string;
  readonly value: Buffer | string;
  readonly filename?: string;
  readonly type?: string;
}

const form = (parts: readonly Part[]) =>
  Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

interface MultipartInput {
  readonly label: string;
  readonly path: '/graphql' | '/account/profile';
  readonly body: Buffer;
}

const UPLOAD_MELODY = 'mutation($files: [Upload!]!, $input: MelodyUploadInput!) { uploadMelodySamples(files: $files, input: $input) { composition { id } } }';
const UPLOAD_DRUMS = 'mutation($files: [Upload!]!, $entries: [DrumUploadEntryInput!]!) { uploadDrumSamples(files: $files, entries: $entries) { drumLoops { id } } }';
const PROFILE = 'mutation($image: Upload, $input: UpdateProfileInput!) { updateProfile(image: $image, input: $input) { id } }';
const melodyInput = { artists: ['A'], instruments: ['Keys'], genres: ['Trap'], moods: ['Dark'], tempoStyles: ['bouncy'], bpm: 140, key: 'A', mode: 'Minor' };

function multipartInputs(): MultipartInput[] {
  const random = createRandom(24_003);
  const corpus = hostileWavCorpus();
  const all: MultipartInput[] = [];
  for (let n = 0; n < MULTIPART_INPUTS; n++) {
    const kind = random.pick(['hostile wav', 'mutated wav', 'mislabelled', 'broken map', 'truncated']);
    let file: Buffer = wav();
    let type = 'audio/wav';
    let label: string = kind;
    if (kind === 'hostile wav') {
      const hostile = random.pick(corpus);
      file = Buffer.from(hostile.bytes);
      label = `hostile wav ${hostile.name}`;
    } else if (kind === 'mutated wav') {
      file = mutateBytes(random, wav());
    } else if (kind === 'mislabelled') {
      [file, type] = random.pick([[PNG, 'audio/wav'], [wav(), 'image/png'], [Buffer.from('just text'), 'audio/wav'], [PNG, 'application/octet-stream'], [Buffer.alloc(0), 'audio/wav']] as [Buffer, string][]);
      label = `mislabelled ${type} (${file.length} bytes)`;
    }
    const target = random.pick(['melody', 'drums', 'profile graphql', 'profile rest']);
    let body: Buffer;
    if (target === 'profile rest') {
      body = form([{ name: 'fname', value: 'Fuzz' }, { name: random.next() < 0.8 ? 'image' : 'other', value: file, filename: random.pick(['a.png', 'a.wav', '', '../../x.png']), type }]);
    } else {
      const [query, variables] =
        target === 'melody' ? [UPLOAD_MELODY, { files: [null], input: melodyInput }]
        : target === 'drums' ? [UPLOAD_DRUMS, { files: [null], entries: [{ fileIndex: random.pick([0, 1, -1, 99]), drumType: 'Kicks', genres: ['Trap'], artists: ['A'], moods: ['Dark'], tempoStyles: ['x'], bpm: 140 }] }]
        : [PROFILE, { image: null, input: {} }];
      const fileVariable = target === 'profile graphql' ? 'variables.image' : 'variables.files.0';
      const map = kind === 'broken map'
        ? random.pick(['{"0": ["variables.nothing"]}', '{"0": "variables.files.0"}', '{"1": ["variables.files.0"]}', 'not json', '{"0": ["variables.files.0", "variables.files.0"]}', '[]', `{"0": ["${'variables.files.'.repeat(500)}"]}`])
        : JSON.stringify({ 0: [fileVariable] });
      body = form([{ name: 'operations', value: JSON.stringify({ query, variables }) }, { name: 'map', value: map }, { name: '0', value: file, filename: 'probe.wav', type }]);
      if (kind === 'broken map') label = `broken map ${map.slice(0, 60)}`;
    }
    if (kind === 'truncated') body = body.subarray(0, random.int(body.length));
    all.push({ label: `${target}: ${label}`, path: target === 'profile rest' ? '/account/profile' : '/graphql', body });
  }
  return all;
}

describe('multipart uploads, hostile', () => {
  it('each answers a 4xx (or a success when valid) with a JSON message, never a 500 or a hang; /healthz after every batch', async () => {
    const all = multipartInputs();
    const { tried, problems, statuses } = await fuzz(test.url, all, (input) =>
      send(`${test.url}${input.path}`, {
        method: 'POST',
        headers: { ...bearer(token), 'apollo-require-preflight': 'true', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: input.body,
      }), (input) => input.label, 40);
    expect(problems).toEqual([]);
    console.info(`multipart fuzz: ${tried} inputs, statuses ${JSON.stringify(statuses)}`);
    expect(tried).toBe(MULTIPART_INPUTS);
  }, 300_000);
});

function mediaInputs(): { label: string; url: string; method: string; headers: Record<string, string> }[] {
  const random = createRandom(24_004);
  const exp = signed.searchParams.get('exp')!;
  const sig = signed.searchParams.get('sig')!;
  const flip = (text: string) => {
    const at = random.int(text.length);
    return text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
  };
  const keys = [
    'fuzz/probe.txt', '../fuzz/probe.txt', 'fuzz/../fuzz/probe.txt', '%2e%2e/fuzz/probe.txt', 'fuzz%2fprobe.txt', '..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'fuzz/probe.txt%00.png', 'fuzz/probe%00.txt', '%c0%ae%c0%ae/etc/passwd', 'fuzz\\..\\probe.txt', '/etc/passwd', '//etc/passwd', 'fuzz/./probe.txt', 'FUZZ/PROBE.TXT',
    '.env', 'fuzz/.hidden', `${'a/'.repeat(200)}x`, 'x'.repeat(2000), 'fuzz/probe.txt/', 'fuzz//probe.txt', '%ff%fe', 'fuzz/probe.txt;.png', 'fuzz/pr%6fbe.txt',
  ];
  const queries = () => {
    const q = new URLSearchParams();
    const choice = random.int(9);
    q.set('exp', [exp, String(Number(exp) + 1), String(Number(exp) - 10_000_000), '-1', '0', 'NaN', '1e309', '99999999999999999999', '', exp][choice]);
    q.set('sig', [sig, flip(sig), sig.slice(0, -1), '', 'x'.repeat(43), sig.toUpperCase(), `${sig}=`, sig, sig][random.int(9)]);
    if (random.next() < 0.3) q.set('dl', random.pick(['probe.txt', '../../x', '"; rm -rf', '\u202egnp.exe', '']));
    if (random.next() < 0.1) q.append('exp', exp);
    return q.toString();
  };
  const all = [];
  for (let n = 0; n < MEDIA_INPUTS; n++) {
    const key = random.next() < 0.4 ? 'fuzz/probe.txt' : random.pick(keys);
    const method = random.next() < 0.9 ? 'GET' : random.pick(['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
    const headers: Record<string, string> = random.next() < 0.2 ? { range: random.pick(['bytes=-1', 'bytes=999999999-', 'bytes=5-1', `bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`, 'lines=1-2', 'bytes=0-0']) } : {};
    const url = `${test.url}/media/${key}?${queries()}`;
    all.push({ label: `${method} /media/${key.slice(0, 60)} ${JSON.stringify(headers).slice(0, 40)}`, url, method, headers });
  }
  return all;
}

describe('media addresses, hostile', () => {
  it('each answers a 4xx (or the file for a valid link) with a JSON message, never a 500 or a hang; /healthz after every batch', async () => {
    const all = mediaInputs();
    let served = 0;
    const { tried, problems, statuses } = await fuzz(test.url, all, async (input) => {
      const reply = await send(input.url, { method: input.method, headers: input.headers });
      if (reply.status === 200 || reply.status === 206) served++;
      // A file is not JSON; a HEAD answer has no body by definition: only its status is checked (below 500).
      if (input.method === 'HEAD' && reply.status < 500) return { ...reply, status: 200, json: {} };
      return reply.status >= 200 && reply.status < 300 ? { ...reply, json: {} } : reply;
    }, (input) => input.label);
    expect(problems).toEqual([]);
    console.info(`media fuzz: ${tried} inputs (${served} served a file), statuses ${JSON.stringify(statuses)}`);
    expect(tried).toBe(MEDIA_INPUTS);
    // Only the untouched link is honoured: every other answer is a refusal.
    expect(served).toBeGreaterThan(0);
  }, 300_000);

  it('serves the untouched link and nothing near it: any change to the key, the expiry or the signature is refused', async () => {
    expect((await send(signed.href)).status).toBe(200);
    const exp = signed.searchParams.get('exp')!;
    for (const change of [(u: URL) => u.searchParams.set('exp', String(Number(exp) + 1)), (u: URL) => u.searchParams.set('sig', `${signed.searchParams.get('sig')!.slice(0, -2)}AA`), (u: URL) => (u.pathname = '/media/fuzz/probe.tx')]) {
      const url = new URL(signed.href);
      change(url);
      const reply = await send(url.href);
      expect({ url: url.href, status: reply.status < 500 && reply.status >= 400, json: typeof reply.json }).toEqual({ url: url.href, status: true, json: 'object' });
    }
  });
});
