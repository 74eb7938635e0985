// Issue 20: the example client (examples/generate-beat.ts) run as a developer runs it, against the
// running api: a token from the environment, a beat generated with live progress over graphql-ws,
// the MP3 downloaded, the producers' shares printed. CI runs it here so the example cannot rot.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { ensureCatalogue } from '../catalogue.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'the example client generates a beat with live progress, downloads the MP3 and prints the shares';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAGES = ['Getting audio files...', 'Arranging drums...', 'Arranging melody files...', 'Generating structure...', 'Applying mixing...'];
const exec = promisify(execFile);

/**
 * The token the example runs with, made as a developer makes one: a user signs in through the web
 * app, and their session creates a personal access token with the two scopes the example needs.
 */
async function exampleClientToken({ page, webUrl, apiUrl }) {
  await page.goto(`${webUrl}/welcome`);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, newAccount('ex'));
  const session = await accessTokenOf(page);
  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({
      query: 'mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret } }',
      variables: { input: { name: 'example client', scopes: ['beats:generate', 'beats:read'], expiresInDays: 1 } },
    }),
  });
  const body = await response.json();
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  const secret = body.data.createAccessToken.secret;
  assert.match(secret, /^bp_pat_[A-Za-z0-9_-]{43}$/);
  return { session, secret };
}

/** The first MPEG audio frame header after an optional ID3v2 tag: MPEG-1 Layer III, a valid bitrate and rate. */
function firstMp3Frame(bytes) {
  let offset = 0;
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') {
    const size = (bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9];
    offset = 10 + size;
  }
  for (let i = offset; i < Math.min(bytes.length - 4, offset + 4096); i++) {
    if (bytes[i] !== 0xff || (bytes[i + 1] & 0xe0) !== 0xe0) continue;
    const version = (bytes[i + 1] >> 3) & 0x03; // 3 = MPEG-1
    const layer = (bytes[i + 1] >> 1) & 0x03; // 1 = Layer III
    const bitrateIndex = bytes[i + 2] >> 4;
    const rateIndex = (bytes[i + 2] >> 2) & 0x03;
    if (version === 3 && layer === 1 && bitrateIndex > 0 && bitrateIndex < 15 && rateIndex < 3) {
      return { offset: i, sampleRate: [44100, 48000, 32000][rateIndex] };
    }
  }
  return null;
}

export async function run({ browser, webUrl, apiUrl }) {
  const figures = {};
  const since = Date.now();
  const { session, secret: token } = await exampleClientToken({ page: browser.page, webUrl, apiUrl });
  figures['catalogue ready after (ms)'] = await ensureCatalogue(apiUrl, session, since);

  // Built with the repository's TypeScript, as `npm run generate-beat -w examples` does.
  await exec(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'examples/tsconfig.json')]);
  const script = join(ROOT, 'examples/dist/generate-beat.js');
  const work = mkdtempSync(join(tmpdir(), 'ysm-example-'));
  try {
    // Without a token: a clear message and exit code 2, before any request.
    const missing = await exec(process.execPath, [script], { env: { ...process.env, BEAT_API_TOKEN: '', BEAT_API_URL: apiUrl } }).then(() => null, (error) => error);
    assert.equal(missing?.code, 2, 'exit code 2 without a token');
    assert.match(missing.stderr, /BEAT_API_TOKEN is not set/);

    // A token the api refuses: exit code 1 and the API's reason.
    const refused = await exec(process.execPath, [script], { env: { ...process.env, BEAT_API_TOKEN: 'not-a-token', BEAT_API_URL: apiUrl } }).then(() => null, (error) => error);
    assert.equal(refused?.code, 1, 'exit code 1 for a refused token');
    assert.match(refused.stderr, /^Failed: .*UNAUTHENTICATED/m);

    const output = join(work, 'beat.mp3');
    const started = Date.now();
    const { stdout } = await exec(process.execPath, [script], {
      cwd: work,
      env: { ...process.env, BEAT_API_TOKEN: token, BEAT_API_URL: apiUrl, BEAT_PROMPT: 'trap type beat with country drums', BEAT_OUTPUT: output },
      timeout: 180_000,
    });
    figures['example client run (ms)'] = Date.now() - started;
    console.log(stdout.replace(/^/gm, '     | '));

    // Every stage, in order, each once; a stage can only be missed live if it ended before the
    // subscription took hold (the client says so), and the last ones always arrive live.
    const stages = [...stdout.matchAll(/^\[(\d)\/5\] (.+?)( \(done before the subscription started\))?$/gm)].map((m) => ({ stage: Number(m[1]), message: m[2], live: !m[3] }));
    assert.deepEqual(stages.map((s) => [s.stage, s.message]), STAGES.map((message, i) => [i + 1, message]), 'the five stages in order');
    const live = stages.filter((s) => s.live).map((s) => s.stage);
    assert.ok(live.length >= 3 && live.at(-1) === 5, `stages seen live: ${live.join(', ')}`);
    figures['stages seen live'] = live.join(', ');

    // The MP3: the size printed is the file's, and it starts with an MPEG-1 Layer III frame.
    const bytes = readFileSync(output);
    assert.match(stdout, new RegExp(`^Saved ${bytes.length} bytes to ${output.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    assert.ok(bytes.length > 10_000, `an MP3 of ${bytes.length} bytes`);
    const frame = firstMp3Frame(bytes);
    assert.ok(frame, 'the file has an MPEG-1 Layer III frame header');
    assert.equal(frame.sampleRate, 44100);
    figures['MP3 bytes'] = bytes.length;

    // The shares: at least one producer, two decimals each, summing to 100.00.
    const section = stdout.split("Producers' shares:\n")[1] ?? '';
    const shares = [...section.matchAll(/^\s+(\d+\.\d{2})%\s+(.+)$/gm)].map((m) => ({ percent: Number(m[1]), name: m[2] }));
    const total = shares.find((s) => s.name === 'total');
    const producers = shares.filter((s) => s !== total);
    assert.ok(producers.length >= 1, 'at least one producer');
    assert.equal(total?.percent, 100);
    assert.equal(Math.round(producers.reduce((sum, s) => sum + s.percent, 0) * 100), 10_000, 'the shares sum to 100%');
    figures.producers = producers.length;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { figures };
}

test(name, async ({ app }) => report(await run(app)));
