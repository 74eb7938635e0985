import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerUploader } from '../support/producers';
import { bearer, type SignedInUser } from '../support/users';
import { multipartBody, repeated, streamedRequest, type MultipartFile } from '../support/streamed-request';

// Issue 31: nothing capped the upload bytes in flight, per user or in all. This suite's api takes
// at most 1 MiB in flight per user and 1.5 MiB in all; one upload is held open halfway while others
// arrive.

const KB = 1024;
const PER_USER = 1024 * KB;
const TOTAL = 1536 * KB;

let test: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  test = await startTestApp({ UPLOADS_IN_FLIGHT_PER_USER_BYTES: String(PER_USER), UPLOADS_IN_FLIGHT_TOTAL_BYTES: String(TOTAL) });
  [alice, bob] = await Promise.all([registerUploader(test, 'alice'), registerUploader(test, 'bob')]);
});
afterAll(() => test?.close());

const MELODY = 'mutation($files: [Upload!]!, $input: MelodyUploadInput!) { uploadMelodySamples(files: $files, input: $input) { message } }';
const melodyInput = { artists: ['SZA'], instruments: ['Pad'], genres: ['R&B'], moods: ['Romantic'], tempoStyles: ['slow'], bpm: 80, key: 'C', mode: 'Major' };

function melodyUpload(files: MultipartFile[], before?: (index: number) => Promise<void>) {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const fields = {
    operations: JSON.stringify({ query: MELODY, variables: { input: melodyInput, files: files.map(() => null) } }),
    map: JSON.stringify(Object.fromEntries(files.map((f, i) => [f.field, [`variables.files.${i}`]]))),
  };
  return { boundary, body: multipartBody(boundary, fields, files, before) };
}

/** A melody upload with its length declared (the api reserves it before reading). */
async function declaredUpload(user: SignedInUser, size: number) {
  const { boundary, body } = melodyUpload([{ field: '0', name: 'a.wav', size }]);
  const pieces: Buffer[] = [];
  for await (const piece of body) pieces.push(piece);
  const bytes = Buffer.concat(pieces);
  return streamedRequest(
    `${test.url}/graphql`,
    { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(bytes.length), 'apollo-require-preflight': 'true', ...bearer(user.accessToken) },
    [bytes],
  );
}

/** Waits until `condition` holds (the api's budget is read in this process). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const firstError = (body: string) => (JSON.parse(body) as { errors: { message: string; extensions: { code: string } }[] }).errors[0];

describe('upload bytes in flight', () => {
  it('are capped per user (429) and in all (503), chunked or declared, and freed once an upload is answered', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Alice's first upload: 800 kB of one file arrive, then it waits before its second file.
    const held = melodyUpload(
      [{ field: '0', name: 'a.wav', size: 800 * KB }, { field: '1', name: 'b.wav', size: 10 * KB }],
      async (index) => {
        if (index === 1) await gate;
      },
    );
    const first = streamedRequest(
      `${test.url}/graphql`,
      { 'content-type': `multipart/form-data; boundary=${held.boundary}`, 'apollo-require-preflight': 'true', ...bearer(alice.accessToken) },
      held.body,
    );
    await until(() => test.app.uploadBudget.usage() >= 800 * KB);

    // Alice again, 300 kB declared: over her 1 MiB.
    const mine = await declaredUpload(alice, 300 * KB);
    expect(mine.status).toBe(429);
    expect(mine.headers['retry-after']).toBe('30');
    expect(firstError(mine.body)).toEqual({
      message: 'You have too much being uploaded at once (at most 1 MB in progress). Wait for your other uploads to finish, then try again.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });

    // Alice over REST, chunked: refused as the bytes arrive past her share.
    const rest = await streamedRequest(
      `${test.url}/uploadingmelsamples`,
      { 'content-type': 'application/json', ...bearer(alice.accessToken) },
      [Buffer.from('{"files":[{"name":"a.wav","data":"data:audio/wav;base64,'), ...repeated('A', 16 * KB, 32), Buffer.from('"}]}')],
    );
    expect(rest.status).toBe(429);
    expect(JSON.parse(rest.body)).toEqual({ error: 'You have too much being uploaded at once (at most 1 MB in progress). Wait for your other uploads to finish, then try again.' });

    // Bob, 800 kB declared: within his share, but not within what the server takes in all.
    const busy = await declaredUpload(bob, 800 * KB);
    expect(busy.status).toBe(503);
    expect(firstError(busy.body)).toEqual({ message: 'The server is busy receiving other uploads. Try again in a minute.', extensions: { code: 'SERVICE_UNAVAILABLE' } });

    // Alice's upload ends (its files are not WAVs: refused by the resolver); everything is freed.
    open();
    const ended = await first;
    expect(ended.status).toBe(200);
    expect(firstError(ended.body).extensions.code).toBe('BAD_USER_INPUT');
    await until(() => test.app.uploadBudget.usage() === 0);

    const again = await declaredUpload(bob, 800 * KB);
    expect(again.status).toBe(200);
    expect(firstError(again.body)).toMatchObject({ message: 'Only WAV files are allowed. "a.wav" is not a WAV file.', extensions: { code: 'BAD_USER_INPUT' } });
    await until(() => test.app.uploadBudget.usage() === 0);
  });
});
