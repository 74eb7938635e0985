import type { Mp3Bitrate, RenderPhase, Arrangement, Landmarks } from '../../audio';

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
  /** Landmark fingerprints of the master (content identification). */
  readonly landmarks?: Landmarks;
  /** Where the render's time went, for the logs. */
  readonly timings?: Readonly<Record<string, number>>;
  /** Rounds the master bus ran (1 when its first gain landed in tolerance), and the loudness its limiter took, for the logs. */
  readonly master?: { readonly rounds: number; readonly estimates: number; readonly limiterRuns: number; readonly limiterTrimDb: number; readonly limiterLossDb: number };
  /** Each layer alone as a 24-bit WAV, by layer id, when asked for without `onStem` (licences with stems). */
  readonly stems?: Readonly<Record<string, Uint8Array>>;
  /** MP3 chunks encoded for this render, and how many were reused from an earlier one. */
  readonly mp3Chunks?: { readonly total: number; readonly reused: number };
}

/** Where a render is: drum loops warped, melody loops warped, layers mixed, master and encode. */
export type { RenderPhase };

export interface BeatRenderOptions {
  /** A sample beat's render: it only takes what listeners' renders leave idle. */
  readonly background?: boolean;
  /** Also render each layer alone (stems), at the master's gain, as 24-bit WAVs. */
  readonly stems?: boolean;
  /** The MP3's constant bitrate; 192 kbps by default (licensed downloads take 320). */
  readonly mp3BitrateKbps?: Mp3Bitrate;
  /** With stems: each stem's WAV as soon as it is written (by layer id), instead of all in the result. */
  readonly onStem?: (layerId: string, wav: Uint8Array) => void;
  /** With stems: the master gain this arrangement rendered at before (the stored beat's), so the stems render beside the master. */
  readonly expectedMasterGainDb?: number;
}

/** Renders an arrangement (off the main thread); the beats module needs nothing else of the engine. */
export interface BeatRenderer {
  /** `onPhase` is called as the render enters each phase, in the order above, each once. */
  render(arrangement: Arrangement, onPhase?: (phase: RenderPhase) => void, options?: BeatRenderOptions): Promise<RenderedBeat>;
}
