import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { signInThroughProvider } from '../support/oidc-login';
import { signupPayload } from '../support/producers';

/**
 * Four concurrent 200 MB melody uploads (4 stems of 49 MB each, as base64 JSON) against the api in
 * its own process, measuring that process's peak resident memory (VmHWM). Opt-in, it sends 1 GB:
 * `npm run build -w api && UPLOAD_MEMORY=1 npx jest test/producers/upload-memory` (in api/).
 */
const run = process.env.UPLOAD_MEMORY ? describe : describe.skip;

const STEM_SECONDS = 256; // 64 bars at 60 BPM
const RATE = 48_000;

/** A 16-bit stereo WAV: a sine with a click on every beat (60 BPM). */
function stemWav(freq: number): Buffer {
  const frames = STEM_SECONDS * RATE;
  const bytes = Buffer.alloc(44 + frames * 4);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(36 + frames * 4, 4);
  bytes.write('WAVEfmt ', 8, 'latin1');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(2, 22);
  bytes.writeUInt32LE(RATE, 24);
  bytes.writeUInt32LE(RATE * 4, 28);
  bytes.writeUInt16LE(4, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'latin1');
  bytes.writeUInt32LE(frames * 4, 40);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset + 44, frames * 2);
  for (let i = 0; i < frames; i++) {
    const click = i % RATE < 400 ? 0.5 * Math.exp(-(i % RATE) / 80) : 0;
    const v = Math.round((0.2 * Math.sin((2 * Math.PI * freq * i) / RATE) + click) * 32767);
    samples[2 * i] = v;
    samples[2 * i + 1] = v;
  }
  return bytes;
}

/** The JSON body, produced piece by piece (base64 of 48 KiB at a time). */
export const sent = { bytes: 0, at: Date.now() };
function* body(stems: Buffer[]): Generator<Uint8Array> {
  const meta = { artists: ['Bench'], instruments: ['Sine'], genres: ['Ambient'], moods: ['Calm'], tempo_style: ['slow'], bpm: 60, key: 'A', mode: 'Minor' };
  yield Buffer.from(`${JSON.stringify(meta).slice(0, -1)},"files":[`);
  for (const [i, stem] of stems.entries()) {
    yield Buffer.from(`${i ? ',' : ''}{"name":"stem_${i}.wav","data":"data:audio/wav;base64,`);
    for (let at = 0; at < stem.length; at += 48 * 1024 * 3) {
      const piece = Buffer.from(stem.subarray(at, at + 48 * 1024 * 3).toString('base64'));
      sent.bytes += piece.length;
      sent.at = Date.now();
      yield piece;
    }
    yield Buffer.from('"}');
  }
  yield Buffer.from(']}');
}

function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)![1]);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

run('memory of concurrent 200 MB JSON uploads', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'ysm-upload-memory-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const port = 4600 + Math.floor(Math.random() * 300);
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [join(__dirname, '../../bench/upload-memory/server.cjs')], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.UPLOAD_MEMORY_LOG ?? 'warn', HOST: '127.0.0.1', PORT: String(port), PUBLIC_API_URL: url, DATA_DIR: dataDir, DATABASE_URL: database.url, UPLOADS_PER_DAY: '100' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server.on('exit', (code, signal) => process.stderr.write(`upload-memory server exited: ${code} ${signal}\n`));
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        if (process.env.UPLOAD_MEMORY_LOG) process.stderr.write(chunk);
        if (chunk.toString().includes('listening')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the api under 1 GB', async () => {
    // Made first: a pause longer than the api's keep-alive timeout would close the sign-in's connection.
    const stems = [220, 277, 330, 440].map(stemWav);
    const issuer = `${url}/oidc`;
    const count = Number(process.env.UPLOAD_MEMORY_COUNT ?? 4);
    const users = await Promise.all(Array.from({ length: count }, (_, i) => i).map(async (i) => {
      const email = `bench${i}_${Date.now()}@example.com`;
      const tokens = await signInThroughProvider({ issuer, clientId: 'ysm-web', redirectUri: 'http://localhost:5173', login: email, password: `pw-bench-${i}-long`, register: { email, username: `bench${i}_${Date.now()}` } });
      const signup = await fetch(`${url}/prod-signup`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` }, body: JSON.stringify(signupPayload()) });
      expect(signup.status).toBe(200);
      return tokens.accessToken;
    }));
    const pid = server.pid!;
    const baseline = status(pid);
    let peakRss = baseline.rss;
    const sampler = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, status(pid).rss);
      } catch {
        clearInterval(sampler);
      }
    }, 50);
    const started = Date.now();
    const answers = await Promise.all(users.map(async (token) => {
      const response = await fetch(`${url}/uploadingmelsamples`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: ReadableStream.from(body(stems)),
        duplex: 'half',
      });
      return { status: response.status, body: await response.json() };
    })).catch((error) => {
      console.log(`sent ${sent.bytes} bytes, last ${Date.now() - sent.at} ms ago, after ${Date.now() - started} ms`);
      throw error;
    });
    clearInterval(sampler);
    const after = status(pid);
    const mb = (n: number) => `${(n / 1024 ** 2).toFixed(0)} MB`;
    console.log(
      `${count} concurrent uploads of ${mb(stems.reduce((s, b) => s + b.length, 0))} (decoded) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `api RSS before ${mb(baseline.rss)}, peak sampled ${mb(peakRss)}, peak (VmHWM) ${mb(after.hwm)}; answers ${answers.map((a) => `${a.status} ${a.status === 201 ? '' : JSON.stringify(a.body)}`).join(', ')}`,
    );
    expect(answers.map((a) => a.status)).toEqual(users.map(() => 201));
    expect(after.hwm).toBeLessThan(1024 ** 3);
  }, 600_000);
});
