import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerUploader } from '../support/producers';
import { bearer, registerAndSignIn, type SignedInUser } from '../support/users';
import { createToken } from '../access-tokens/support';
import { multipartBody, openedByThisProcess, repeated, streamedRequest, watchNewFiles, type MultipartFile } from '../support/streamed-request';
import { TOO_MUCH_TEXT } from '../../src/modules/catalog/upload-spool';

// Issue 31: uploads reached the disk before anyone was identified, for any operation, and upload
// bodies of text were read whole into memory. Each case streams a body larger than the server may
// read, and checks the answer, that the server closed the connection before the body was sent, and
// that no file was created while the request ran.

let test: TestApp;
let producer: SignedInUser;
let listener: SignedInUser;

const MB = 1024 * 1024;

beforeAll(async () => {
  test = await startTestApp();
  [producer, listener] = await Promise.all([registerUploader(test, 'admitted'), registerAndSignIn(test, 'listener')]);
});
afterAll(() => test?.close());

const spoolDir = () => join(test.dataDir, 'upload-spool');
const MELODY = 'mutation($files: [Upload!]!, $input: MelodyUploadInput!) { uploadMelodySamples(files: $files, input: $input) { message } }';
const melodyInput = { artists: ['SZA'], instruments: ['Pad'], genres: ['R&B'], moods: ['Romantic'], tempoStyles: ['slow'], bpm: 80, key: 'C', mode: 'Major' };
const threeFiles: MultipartFile[] = ['0', '1', '2'].map((field) => ({ field, name: `${field}.wav`, size: 16 * MB }));

/** A GraphQL multipart request of three 16 MB files, while watching for any file the api creates. */
async function multipart(operations: unknown, map: Record<string, string[]>, headers: Record<string, string>) {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  // Before, graphql-upload's temporary files went to os.tmpdir() (shared with other processes: only
  // files this process holds open count); now they go to the spool directory, the app's own.
  const watcher = watchNewFiles([{ dir: tmpdir(), counts: (path) => /capacitor-/.test(path) && openedByThisProcess(path) }, { dir: spoolDir() }]);
  const answer = await streamedRequest(
    `${test.url}/graphql`,
    { 'content-type': `multipart/form-data; boundary=${boundary}`, 'apollo-require-preflight': 'true', ...headers },
    multipartBody(boundary, { operations: JSON.stringify(operations), map: JSON.stringify(map) }, threeFiles),
  );
  const created = await watcher.stop();
  return { ...answer, json: answer.body ? (JSON.parse(answer.body) as { errors?: { message: string; extensions: { code: string } }[] }) : {}, created };
}

const SIXTEEN_MB_OF_FILES = { 0: ['variables.a'], 1: ['variables.b'], 2: ['variables.c'] };

describe('GraphQL multipart requests', () => {
  it('without a token are refused (401) before a byte of a file is written, and cut off', async () => {
    const result = await multipart({ query: '{ __typename }', variables: { a: null, b: null, c: null } }, SIXTEEN_MB_OF_FILES, {});
    expect(result.created).toEqual([]);
    expect(result.status).toBe(401);
    expect(result.json.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(result.sentAll).toBe(false);
  });

  it('with a bad token are refused (401) the same way', async () => {
    const result = await multipart({ query: MELODY, variables: { input: melodyInput, files: [null, null, null] } }, { 0: ['variables.files.0'], 1: ['variables.files.1'], 2: ['variables.files.2'] }, bearer('not.a.token'));
    expect(result.status).toBe(401);
    expect(result.created).toEqual([]);
    expect(result.sentAll).toBe(false);
  });

  it('for an operation that takes no file are refused (400) before a file is written', async () => {
    for (const operations of [
      { query: '{ __typename }', variables: { a: null, b: null, c: null } },
      // Declared as Upload, but passed to nothing that takes a file.
      { query: 'query($a: Upload, $b: Upload, $c: Upload) { __typename }', variables: { a: null, b: null, c: null } },
    ]) {
      const result = await multipart(operations, SIXTEEN_MB_OF_FILES, bearer(producer.accessToken));
      expect(result.status).toBe(400);
      expect(result.json.errors?.[0]).toEqual({
        message: 'This operation takes no files: send it as JSON (content-type: application/json), not as a multipart upload.',
        extensions: { code: 'BAD_REQUEST' },
      });
      expect(result.created).toEqual([]);
      expect(result.sentAll).toBe(false);
    }
  });

  it('that map a file anywhere but a file argument are refused (400) before a file is written', async () => {
    const result = await multipart(
      { query: MELODY, variables: { input: { ...melodyInput, key: null }, files: [null, null] } },
      { 0: ['variables.files.0'], 1: ['variables.files.1'], 2: ['variables.input.key'] },
      bearer(producer.accessToken),
    );
    expect(result.status).toBe(400);
    expect(result.json.errors?.[0].message).toBe('The ‘map’ entry ‘2’ puts a file where the operation takes none (variables.input.key).');
    expect(result.created).toEqual([]);
  });

  it('from a personal token without uploads:write are refused (403) before a file is written', async () => {
    const token = await createToken(test, producer.accessToken, { scopes: ['account:read'] });
    const result = await multipart(
      { query: MELODY, variables: { input: melodyInput, files: [null, null, null] } },
      { 0: ['variables.files.0'], 1: ['variables.files.1'], 2: ['variables.files.2'] },
      bearer(token.secret),
    );
    expect(result.status).toBe(403);
    expect(result.json.errors?.[0]).toEqual({ message: 'This token lacks the scope uploads:write.', extensions: { code: 'FORBIDDEN' } });
    expect(result.created).toEqual([]);
  });

  it('bound the operations field as it arrives (413)', async () => {
    const boundary = `b${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n`);
    const answer = await streamedRequest(
      `${test.url}/graphql`,
      { 'content-type': `multipart/form-data; boundary=${boundary}`, 'apollo-require-preflight': 'true', ...bearer(listener.accessToken) },
      [head, ...repeated('x', 64 * 1024, 40 * 16)],
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: 'The ‘operations’ and ‘map’ fields may hold at most 100 kB each.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    expect(answer.sentAll).toBe(false);
  });
});

describe('REST upload bodies', () => {
  it('of text fields are refused (413) once they hold 1 MB of text, chunked, and cut off long before 90 MB', async () => {
    // 1,500 strings of 60 kB: each under the per-string limit, 90 MB in all, sent without a length.
    const piece = Buffer.from(`"${'x'.repeat(60_000)}",`);
    const body = [Buffer.from('{"artists":['), ...Array.from({ length: 1500 }, () => piece), Buffer.from('"x"]}')];
    const answer = await streamedRequest(`${test.url}/uploadingmelsamples`, { 'content-type': 'application/json', ...bearer(producer.accessToken) }, body);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: TOO_MUCH_TEXT });
    expect(answer.sentAll).toBe(false);
    expect(answer.sent).toBeLessThan(45 * MB);
  });

  it('refuse a field name past 1,024 characters as it arrives, without keeping it', async () => {
    const answer = await streamedRequest(
      `${test.url}/uploadingdrumsamples`,
      { 'content-type': 'application/json', ...bearer(producer.accessToken) },
      [Buffer.from('{"'), ...repeated('k', 64 * 1024, 8), Buffer.from('":1}')],
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'A field name of the upload is too long.' });
  });

  it('of the profile form are refused (413) past 5 MB as they arrive, chunked, and cut off', async () => {
    const boundary = `b${randomBytes(8).toString('hex')}`;
    const answer = await streamedRequest(
      `${test.url}/account/profile`,
      { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(listener.accessToken) },
      multipartBody(boundary, { fname: 'Ana' }, [{ field: 'image', name: 'me.png', size: 64 * MB }]),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The profile form may hold at most 5 MB.' });
    expect(answer.sentAll).toBe(false);
  });
});
