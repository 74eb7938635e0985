/**
 * Worker thread of the demo-library seeder: renders one plan item, encodes its 16-bit WAVs, measures
 * them as uploads are measured, and writes the files and their meta.json into the item's cache
 * directory (meta.json last: its presence means the item is complete).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { encodeWav } from '../../audio/wav';
import { serveTasks } from '../../audio/workers/serve-tasks';
import { demoItemFingerprint, type DemoCacheMeta } from './demo-library/cache-meta';
import { measureDemoFile, measureDemoMix } from './demo-library/measure-demo';
import type { DemoItemPlan } from './demo-library/plan';
import { drumLoopFileName, renderComposition, renderDrumLoop } from './demo-library/render';

export interface DemoRenderTask {
  readonly item: DemoItemPlan;
  /** The item's cache directory. */
  readonly dir: string;
}

serveTasks<DemoRenderTask, DemoCacheMeta>(async ({ item, dir }) => {
  mkdirSync(dir, { recursive: true });
  const rendered =
    item.kind === 'composition'
      ? (await renderComposition(item)).map((s) => ({ audio: s.audio, fileName: s.fileName, instrument: s.instrument }))
      : [{ audio: await renderDrumLoop(item), fileName: drumLoopFileName(item), instrument: null }];
  const encoded = rendered.map((r, i) => {
    const wav = encodeWav(r.audio, { bitDepth: 16, ditherSeed: i + 1 });
    return { ...r, file: `${i}.wav`, bytes: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength) };
  });
  // Written under temporary names and renamed: another process seeding the same cache at once
  // writes identical files, and nobody ever reads a partial one.
  const temporary = (name: string) => join(dir, `${name}.${process.pid}-${threadId}.tmp`);
  const files = encoded.map((e) => {
    writeFileSync(temporary(e.file), e.bytes);
    renameSync(temporary(e.file), join(dir, e.file));
    return { file: e.file, fileName: e.fileName, instrument: e.instrument, facts: measureDemoFile(e.bytes) };
  });
  const mix = item.kind === 'composition' ? measureDemoMix(encoded.map((e) => ({ name: e.fileName, bytes: e.bytes })), item.bpm) : null;
  const meta: DemoCacheMeta = { id: item.id, fingerprint: demoItemFingerprint(item), files, mix };
  writeFileSync(temporary('meta.json'), JSON.stringify(meta));
  renameSync(temporary('meta.json'), join(dir, 'meta.json'));
  return { result: meta };
});
