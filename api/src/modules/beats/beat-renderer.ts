import type { RenderPhase } from '../../audio/pool/render-pool';
import type { Arrangement } from '../../audio/render/arrangement';

/** A rendered beat: the files and the figures the player and the catalogue show. */
export interface RenderedBeat {
  readonly mp3: Uint8Array;
  readonly wav: Uint8Array;
  readonly durationSeconds: number;
  readonly loudnessLufs: number;
  readonly truePeakDbtp: number;
  /** Gain the master bus applied (an edit starts from it). */
  readonly masterGainDb: number;
  readonly peaks: number[];
  /** Where the render's time went, for the logs. */
  readonly timings?: Readonly<Record<string, number>>;
  /** Rounds the master bus ran (1 when its first gain landed in tolerance), and the loudness its limiter took, for the logs. */
  readonly master?: { readonly rounds: number; readonly estimates: number; readonly limiterRuns: number; readonly limiterTrimDb: number; readonly limiterLossDb: number };
  /** MP3 chunks encoded for this render, and how many were reused from an earlier one. */
  readonly mp3Chunks?: { readonly total: number; readonly reused: number };
}

/** Where a render is: drum loops warped, melody loops warped, layers mixed, master and encode. */
export type { RenderPhase };

/** Renders an arrangement (off the main thread); the beats module needs nothing else of the engine. */
export interface BeatRenderer {
  /**
   * `onPhase` is called as the render enters each phase, in the order above, each once. A
   * `background` render (a sample beat) only takes what listeners' renders leave idle.
   */
  render(arrangement: Arrangement, onPhase?: (phase: RenderPhase) => void, options?: { background?: boolean }): Promise<RenderedBeat>;
}
