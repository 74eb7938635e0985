import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { licenceDocument } from '../../../test/licence-files/licence-document.fixture';
import { zipEntries } from '../../../test/licence-files/zip-entries';
import { createLogger } from '../../platform/logging/logger';
import { LocalBlobStore } from '../../platform/storage/local-blob-store';
import type { LicenceAudio, LicenceMaster } from '../beats';
import { LicenceFilesService } from './licence-files.service';

/** A render whose stems and master the test settles by hand. */
function manualRender(layers: readonly string[]) {
  const settle = new Map<string, { resolve: (wav: Uint8Array) => void; reject: (error: Error) => void }>();
  let finish!: (master: LicenceMaster) => void;
  let fail!: (error: Error) => void;
  const master = new Promise<LicenceMaster>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const audio: LicenceAudio = {
    beatId: 'b',
    title: 'Beat',
    master,
    stems: layers.map((name) => ({
      layerId: name,
      name,
      role: 'melody' as const,
      wav: new Promise<Uint8Array>((resolve, reject) => settle.set(name, { resolve, reject })),
    })),
  };
  return { audio, settle, finish, fail };
}

const wavOf = (length: number, seed: number) => new Uint8Array(length).map((_, i) => (i + seed) % 256);

describe('LicenceFilesService with a render still going on', () => {
  let dir: string;
  let blobs: LocalBlobStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ysm-licence-files-'));
    blobs = new LocalBlobStore({ root: join(dir, 'blobs'), publicBaseUrl: 'http://localhost:4000/', signingSecret: 'a-test-signing-secret-of-at-least-32-chars' });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const serviceFor = (audio: LicenceAudio) =>
    new LicenceFilesService({ blobs, beats: { renderLicenceAudio: () => Promise.resolve(audio) }, productName: 'Beats', logger: createLogger('silent') });

  it('stores the stems zip while the master is still rendering, then the other files', async () => {
    const render = manualRender(['Keys', '808s']);
    const doc = licenceDocument();
    const preparing = serviceFor(render.audio).prepare(doc);
    render.settle.get('808s')!.resolve(wavOf(3000, 2));
    render.settle.get('Keys')!.resolve(wavOf(2000, 1));
    const zipKey = `licences/${doc.licenceId}/stems.zip`;
    for (let waited = 0; !(await blobs.exists(zipKey)); waited += 10) {
      if (waited > 5000) throw new Error('the zip was not stored while the master rendered');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await blobs.exists(`licences/${doc.licenceId}/beat.wav`)).toBe(false);
    render.finish({ mp3: new Uint8Array([0xff, 0xfb, 1]), wav: wavOf(100, 3), durationSeconds: 1, masterGainDb: 0 });
    const files = await preparing;
    const entries = await zipEntries(await blobs.get(files.stems!.key));
    expect(entries.map((e) => [e.name, e.bytes.length])).toEqual([['01 Keys.wav', 2000], ['02 808s.wav', 3000]]);
    expect((await blobs.get(files.wav.key)).equals(Buffer.from(wavOf(100, 3)))).toBe(true);
    expect((await blobs.get(files.document.key)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stores nothing, not even part of the zip, when the render fails half-way through the stems', async () => {
    const render = manualRender(['Keys', '808s', 'Kicks']);
    const doc = licenceDocument();
    const preparing = serviceFor(render.audio).prepare(doc);
    render.settle.get('Keys')!.resolve(wavOf(200_000, 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = new Error('Render worker stopped (exit code 1)');
    render.settle.get('808s')!.reject(error);
    render.settle.get('Kicks')!.reject(error);
    render.fail(error);
    await expect(preparing).rejects.toThrow('Render worker stopped');
    const root = join(dir, 'blobs');
    expect(existsSync(root) ? readdirSync(root, { recursive: true }).filter((f) => String(f).includes('.')) : []).toEqual([]);
  });
});
