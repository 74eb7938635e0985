/**
 * Worker thread of the demo-library seeder: renders one plan item, encodes its 16-bit WAVs, measures
 * them as uploads are measured, and writes the files and their meta.json into the item's cache
 * directory (meta.json last: its presence means the item is complete). For an item cached before
 * onsets were stored with samples, it measures only its files' onsets and rewrites its meta.json.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { decodeWav, encodeWav, parseSampleOnsets, serveTasks } from '../../audio';
import { demoItemFingerprint, type DemoCacheMeta } from './demo-library/cache-meta';
import { measureDemoFile, measureDemoMix } from './demo-library/measure-demo';
import type { DemoItemPlan } from './demo-library/plan';
import { drumLoopFileName, renderComposition, renderDrumLoop } from './demo-library/render';
import { storedOnsetsOf } from './sample-measurement';

export type DemoLibraryTask =
  /** Render, measure and cache one item. */
  | { readonly kind: 'render'; readonly item: DemoItemPlan; readonly dir: string }
  /** A cached item whose files lack (readable) onsets: measure them from the cached files. */
  | { readonly kind: 'onsets'; readonly meta: DemoCacheMeta; readonly dir: string };

/**
 * Written under a temporary name and renamed: another process seeding the same cache at once
 * writes an identical file, and nobody ever reads a partial one.
 */
function writeAtomically(dir: string, name: string, bytes: Buffer | string): void {
  const temporary = join(dir, `${name}.${process.pid}-${threadId}.tmp`);
  writeFileSync(temporary, bytes);
  renameSync(temporary, join(dir, name));
}

async function renderItem(item: DemoItemPlan, dir: string): Promise<DemoCacheMeta> {
  mkdirSync(dir, { recursive: true });
  const rendered =
    item.kind === 'composition'
      ? (await renderComposition(item)).map((s) => ({ audio: s.audio, fileName: s.fileName, instrument: s.instrument }))
      : [{ audio: await renderDrumLoop(item), fileName: drumLoopFileName(item), instrument: null }];
  const encoded = rendered.map((r, i) => {
    const wav = encodeWav(r.audio, { bitDepth: 16, ditherSeed: i + 1 });
    return { ...r, file: `${i}.wav`, bytes: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength) };
  });
  // Measured on the bytes as written (and stored): onsets among them, decoded as a render decodes them.
  const files = encoded.map((e) => {
    writeAtomically(dir, e.file, e.bytes);
    return { file: e.file, fileName: e.fileName, instrument: e.instrument, facts: measureDemoFile(e.bytes) };
  });
  const mix = item.kind === 'composition' ? measureDemoMix(encoded.map((e) => ({ name: e.fileName, bytes: e.bytes })), item.bpm) : null;
  const meta: DemoCacheMeta = { id: item.id, fingerprint: demoItemFingerprint(item), files, mix };
  writeAtomically(dir, 'meta.json', JSON.stringify(meta));
  return meta;
}

function addOnsets(meta: DemoCacheMeta, dir: string): DemoCacheMeta {
  const files = meta.files.map((f) =>
    parseSampleOnsets(f.facts.onsets) ? f : { ...f, facts: { ...f.facts, onsets: storedOnsetsOf(decodeWav(readFileSync(join(dir, f.file))).audio) } },
  );
  const completed: DemoCacheMeta = { ...meta, files };
  writeAtomically(dir, 'meta.json', JSON.stringify(completed));
  return completed;
}

serveTasks<DemoLibraryTask, DemoCacheMeta>(async (task) => ({
  result: task.kind === 'render' ? await renderItem(task.item, task.dir) : addOnsets(task.meta, task.dir),
}));
