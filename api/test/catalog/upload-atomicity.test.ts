import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogService, type DrumUploadEntry } from '../../src/modules/catalog/catalog.service';
import { createSampleAnalyzer, type SampleAnalyzer } from '../../src/modules/catalog/sample-analyzer';
import { createLogger } from '../../src/platform/logging/logger';
import type { BlobStore } from '../../src/platform/storage/blob-store';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { drumWav, melodyWav } from '../support/wav-fixtures';
import { storedCounts } from './stored';

let test: TestApp;
let analyzer: SampleAnalyzer;
let contributorId: string;
const spoolDir = mkdtempSync(join(tmpdir(), 'ysm-atomic-'));
let written = 0;

/** A WAV waiting on disk, as the upload routes spool it. */
function onDisk(name: string, bytes: Buffer) {
  const path = join(spoolDir, `${++written}.wav`);
  writeFileSync(path, bytes);
  return { name, path, size: bytes.length };
}

beforeAll(async () => {
  test = await startTestApp();
  analyzer = createSampleAnalyzer(1);
  const { username } = await registerAndSignIn(test, 'atomic');
  const [row] = await test.app.orm.em.fork().getConnection().execute('select id from users where username = ?', [username]);
  contributorId = row.id;
});
afterAll(async () => {
  await analyzer?.close();
  await test?.close();
  rmSync(spoolDir, { recursive: true, force: true });
});

/** The app's own blob store, watched: the keys it was given, and a put that fails on its `failOn`th call. */
function watchedStore(failOn = Infinity) {
  const keys: string[] = [];
  const blobs: BlobStore = Object.assign(Object.create(test.app.blobs) as BlobStore, {
    putFile: async (...args: Parameters<BlobStore['putFile']>) => {
      if (keys.length + 1 === failOn) throw new Error('The disk is full.');
      keys.push(args[0]);
      return test.app.blobs.putFile(...args);
    },
  });
  const catalog = new CatalogService({
    orm: test.app.orm,
    analyzer,
    blobs,
    logger: createLogger('silent'),
    admitUpload: async () => undefined,
    storageBytesPerProducer: 5 * 1024 ** 3,
    spoolDir,
  });
  return { catalog, keys };
}

const stillThere = (keys: string[]) => Promise.all(keys.map((key) => test.app.blobs.exists(key)));

const kicks = (count: number): DrumUploadEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    file: onDisk(`kick_${i}.wav`, drumWav(140, 8, i + 1)),
    drumType: 'Kicks',
    tags: { artists: ['Metro Boomin'], instruments: [], genres: ['Trap'], moods: ['Dark'], tempoStyles: ['half-time'] },
    bpm: 140,
    key: null,
    mode: null,
  }));

describe('an upload that fails after its blobs are written', () => {
  it('removes every blob when its rows cannot be written', async () => {
    const before = await storedCounts(test);
    const { catalog, keys } = watchedStore();
    // No user has this id: the composition's foreign key fails in the transaction, after both stems were stored.
    const upload = catalog.uploadMelody({ userId: randomUUID() }, {
      files: [onDisk('keys.wav', melodyWav('A', 'Minor', 90, 1)), onDisk('pad.wav', melodyWav('A', 'Minor', 90, 2))],
      tags: { artists: ['Nujabes'], instruments: ['Rhodes'], genres: ['Lo-Fi'], moods: ['Chill'], tempoStyles: ['laid-back'] },
      bpm: 90,
      key: 'A',
      mode: 'Minor',
    });
    await expect(upload).rejects.toThrow(/foreign key/);
    expect(keys).toHaveLength(2);
    expect(await stillThere(keys)).toEqual([false, false]);
    expect(await storedCounts(test)).toEqual(before);
  });

  it('removes the blobs already written when a later one cannot be', async () => {
    const before = await storedCounts(test);
    const { catalog, keys } = watchedStore(3);
    await expect(catalog.uploadDrums({ userId: contributorId }, kicks(3))).rejects.toThrow('The disk is full.');
    expect(keys).toHaveLength(2);
    expect(await stillThere(keys)).toEqual([false, false]);
    expect(await storedCounts(test)).toEqual(before);
  });

  it('keeps the blobs of an upload that succeeds (the watched store writes for real)', async () => {
    const { catalog, keys } = watchedStore();
    const loops = await catalog.uploadDrums({ userId: contributorId }, kicks(2));
    expect(loops.map((l) => l.audio.blobKey)).toEqual(keys);
    expect(await stillThere(keys)).toEqual([true, true]);
  });
});
