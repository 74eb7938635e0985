import { stemPeakBounds, stemsGain } from '../render/layer-stems';
import type { PreparedLoop } from '../render/loop-preparer';
import type { Decibels } from '../units';
import type { RenderJob } from './render-job';
import type { PoolJob } from './pool-job';

/** A stem as it is handed on: the layer's id and its 24-bit WAV. */
export type StemFile = readonly [layerId: string, wav: Uint8Array];

/**
 * A job's stems (each layer alone, at the master's gain, as a 24-bit WAV), written on the workers.
 * Whether a stem could clip is known from its segments before any is rendered, so with the master's
 * gain known from an earlier render of the arrangement (`expectedMasterGainDb`) they start beside
 * the render task (`startEarly`), on the workers it leaves free; `afterMaster` keeps them if the
 * master landed on that gain, or writes them again at the gain it did land on.
 */
export class StemWriter {
  private readonly layerIds: string[];
  private readonly peaks: number[];
  private early?: Promise<Uint8Array>[];

  constructor(
    private readonly job: PoolJob,
    private readonly render: RenderJob,
    private readonly loops: Readonly<Record<string, PreparedLoop>>,
  ) {
    this.layerIds = render.stems ? render.arrangement.layers.map((layer) => layer.id) : [];
    this.peaks = render.stems ? stemPeakBounds(render.arrangement, new Map(Object.entries(loops))) : [];
  }

  /** Starts the stems at the expected master gain, when the job asks for stems and gives one. */
  startEarly(): void {
    const expected = this.render.expectedMasterGainDb;
    if (!this.render.stems || expected === undefined) return;
    this.early = this.write(expected);
    for (const stem of this.early) stem.catch(() => undefined); // awaited in afterMaster, after the render task (which may fail first)
  }

  /**
   * The stems at the gain the master got, each handed to `onStem` as soon as it is written (in
   * about arrangement order); none when the job asked for none. Their tasks are queued at once.
   */
  afterMaster(masterGainDb: Decibels, onStem?: (layerId: string, wav: Uint8Array) => void): Promise<StemFile[]> {
    const written = this.early && masterGainDb === this.render.expectedMasterGainDb ? this.early : this.write(masterGainDb);
    const stems = Promise.all(
      written.map(async (pending, i): Promise<StemFile> => {
        const wav = await pending;
        onStem?.(this.layerIds[i], wav);
        return [this.layerIds[i], wav];
      }),
    );
    stems.catch(() => undefined); // awaited by the job with its other outputs
    return stems;
  }

  private write(masterGainDb: Decibels): Promise<Uint8Array>[] {
    const { gain } = stemsGain(this.peaks, masterGainDb);
    const { arrangement } = this.render;
    return this.layerIds.map((layerId) => this.job.run<Uint8Array>({ kind: 'stem-wav', arrangement, loops: this.loops, layerId, gain }));
  }
}
