/** Worker thread of the demo-library seeder: renders one plan item, writes its WAVs and meta.json to the cache. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeWav } from '../../audio/wav';
import { serveTasks } from '../../platform/workers/serve-tasks';
import { measureDemoAudio, type DemoFileFacts } from './demo-library/measure-demo';
import type { CompositionPlan, DrumLoopPlan } from './demo-library/plan';
import { renderComposition, renderDrumLoop } from './demo-library/render';

export interface DemoRenderTask {
  readonly item: CompositionPlan | DrumLoopPlan;
  /** The item's cache directory. */
  readonly dir: string;
}

export interface DemoCachedFile {
  readonly file: string;
  readonly fileName: string;
  readonly instrument: string | null;
  readonly facts: DemoFileFacts;
}

export interface DemoCacheMeta {
  readonly id: string;
  readonly files: DemoCachedFile[];
}

serveTasks<DemoRenderTask, DemoCacheMeta>(({ item, dir }) => {
  mkdirSync(dir, { recursive: true });
  const rendered =
    item.kind === 'composition'
      ? renderComposition(item).map((s) => ({ audio: s.audio, fileName: s.fileName, instrument: s.instrument as string | null }))
      : [{ audio: renderDrumLoop(item), fileName: `${item.genre.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${item.drumType.toLowerCase().replace(/\s+/g, '-')}-${item.bpm}bpm${item.key ? `-${item.key.replace('#', 's').toLowerCase()}-${item.mode!.toLowerCase()}` : ''}-${item.variant + 1}.wav`, instrument: null }];
  const files = rendered.map((r, i) => {
    const bytes = encodeWav(r.audio, { bitDepth: 16 });
    writeFileSync(join(dir, `${i}.wav`), bytes);
    return { file: `${i}.wav`, fileName: r.fileName, instrument: r.instrument, facts: measureDemoAudio(r.audio, bytes.length) };
  });
  const meta: DemoCacheMeta = { id: item.id, files };
  // meta.json last, atomically: its presence means the item is complete.
  writeFileSync(join(dir, 'meta.tmp'), JSON.stringify(meta));
  renameSync(join(dir, 'meta.tmp'), join(dir, 'meta.json'));
  return { result: meta };
});
