import type { Arrangement } from '../../audio/render/arrangement';

/** A rendered beat: the files and the figures the player and the catalogue show. */
export interface RenderedBeat {
  readonly mp3: Uint8Array;
  readonly wav: Uint8Array;
  readonly durationSeconds: number;
  readonly loudnessLufs: number;
  readonly truePeakDbtp: number;
  readonly peaks: number[];
}

/** Renders an arrangement (off the main thread); the beats module needs nothing else of the engine. */
export interface BeatRenderer {
  render(arrangement: Arrangement): Promise<RenderedBeat>;
}
