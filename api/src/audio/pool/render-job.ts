import type { Landmarks } from '../analysis/landmarks';
import type { Arrangement } from '../render/arrangement';
import type { Mp3Bitrate, Mp3ChunkSpec } from '../encode/mp3-chunk-encoder';
import type { MasterReport } from '../master/master-bus';
import type { SectionSpan } from '../render/layer-timeline';
import type { PreparedLoop } from '../render/loop-preparer';
import type { WarpOptions } from '../warp/warp-loop';
import type { LoopOnset } from '../warp/loop-onsets';
import type { Dbtp, Decibels, Lufs, Seconds } from '../units';

/** What the API asks the pool for. */
export interface RenderJob {
  readonly arrangement: Arrangement;
  /** Also render each layer alone, at the master's gain, as a 24-bit WAV (for licences). */
  readonly stems?: boolean;
  /**
   * With stems: the master gain an earlier render of this same arrangement applied (a stored
   * beat's). The stems then render beside the mix and master instead of after them, and are kept
   * if the master lands on this gain again (it does, the render being deterministic), or written
   * again at the gain it did land on.
   */
  readonly expectedMasterGainDb?: Decibels;
  readonly mp3BitrateKbps?: Mp3Bitrate;
}

/** Buckets of the waveform the player draws (the catalogue's samples use 800 too). */
export const RENDER_PEAK_BUCKETS = 800;

/** Figures about the finished master, for the beat's page and the catalogue. */
export interface RenderAnalysis {
  readonly integratedLufs: Lufs;
  /** True peak of the master per ITU-R BS.1770-4 (4x oversampled). */
  readonly truePeakDbtp: Dbtp;
  readonly durationSeconds: Seconds;
  readonly sections: readonly SectionSpan[];
  readonly master: MasterReport;
  /** Waveform for the player: RENDER_PEAK_BUCKETS peaks, 0..1, normalised to the loudest. */
  readonly peaks: number[];
  /** Landmark fingerprints of the master (content identification), and the ms they took. */
  readonly landmarks: Landmarks;
  readonly landmarksMs: number;
}

export interface RenderJobResult {
  /** CBR MP3 with a gapless LAME tag. */
  readonly mp3: Uint8Array;
  /** 24-bit PCM WAV master. */
  readonly wav: Uint8Array;
  /** 24-bit WAV per layer id, when asked for. */
  readonly stems?: Readonly<Record<string, Uint8Array>>;
  readonly analysis: RenderAnalysis;
  readonly timings: {
    /** Loading and warping the loops not already in the pool's cache (0 when all were). */
    readonly prepareMs: number;
    /** Of prepareMs, summed over the loops this job warped: waiting for the decoded sample, and the warp task (queue included). */
    readonly loadMs: number;
    readonly warpMs: number;
    /** Mixing and mastering. */
    readonly renderMs: number;
    /** Of renderMs, the mixing (the rest is the master bus and its analysis). */
    readonly mixMs: number;
    /** MP3 chunks, WAV master and stems, across the workers, from the end of the render task (the MP3 starts during it). */
    readonly encodeMs: number;
    readonly totalMs: number;
  };
  /** MP3 chunks the song was encoded in, and how many of them were already encoded (an edit's untouched sections). */
  readonly mp3Chunks: { readonly total: number; readonly reused: number };
}

/** Planar audio as it crosses threads: channels over SharedArrayBuffers, read by several workers. */
export interface SharedAudio {
  readonly sampleRate: number;
  readonly channels: Float32Array[];
}

/**
 * Work one worker does. A render job is prepare tasks (one per loop missing from the pool's cache,
 * on any worker), a render task, then encode tasks on any worker (stems among them). Prepared
 * loops and the master live on SharedArrayBuffers, so every worker reads them without a copy.
 */
export type WorkerTask =
  /** `sample` is decoded audio, or the sample's WAV file, which the worker decodes. */
  | { readonly kind: 'prepare'; readonly sampleId: string; readonly sample: SharedAudio | Uint8Array; readonly options: WarpOptions }
  | {
      readonly kind: 'render';
      readonly arrangement: Arrangement;
      readonly loops: Readonly<Record<string, PreparedLoop>>;
      /** Buffers for the master's channels from an earlier job, used when long enough (fresh memory costs 10x to touch). */
      readonly masterBuffers?: readonly SharedArrayBuffer[];
      /** How the master will be encoded (on how many workers): the worker plans the chunks and keys them by their audio. */
      readonly mp3: { readonly workers: number; readonly bitrateKbps: Mp3Bitrate };
    }
  /** One layer alone at `gain` as a 24-bit WAV, rendered, scaled and written in one pass. */
  | { readonly kind: 'stem-wav'; readonly arrangement: Arrangement; readonly loops: Readonly<Record<string, PreparedLoop>>; readonly layerId: string; readonly gain: number }
  | { readonly kind: 'mp3-chunk'; readonly audio: SharedAudio; readonly spec: Mp3ChunkSpec; readonly bitrateKbps: Mp3Bitrate }
  /** Frames [from, to) as 24-bit PCM, written into the WAV file being assembled in `file` at `offset`. */
  | { readonly kind: 'wav-pcm'; readonly audio: SharedAudio; readonly from: number; readonly to: number; readonly file: SharedArrayBuffer; readonly offset: number };

export interface RenderTaskResult {
  readonly master: SharedAudio;
  /** Largest absolute sample of the master, for the MP3's LAME tag. */
  readonly peak: number;
  /** The MP3's chunks, each with the key of its encoded bytes (mp3ChunkKey). */
  readonly mp3Chunks: readonly Mp3ChunkPlan[];
  /**
   * Whether the chunks the task announced in its LIMITED_NOTEs are all the master's and it returns
   * the master they were announced from (no trim or later limiter run rewrote it), so chunks encoded
   * from the notes stand.
   */
  readonly limitedNoteHolds: boolean;
  readonly analysis: Omit<RenderAnalysis, 'durationSeconds'>;
}

/** A warped loop, and the onsets of its sample the warp used (for the pool to hand to later warps of that sample). */
export interface PrepareTaskResult {
  readonly loop: PreparedLoop;
  /** The sample's onsets, when the worker had to detect them (none were given). */
  readonly detectedOnsets?: readonly LoopOnset[];
}

/** One chunk of the master's MP3 and the key of its encoded bytes. */
export interface Mp3ChunkPlan {
  readonly spec: Mp3ChunkSpec;
  readonly key: string;
}

/**
 * The progress note a render task sends as the master bus's limiter passes the end of MP3 chunks
 * (before its final checks): the pool starts those chunks' encoding then, on the other workers.
 */
export const LIMITED_NOTE = 'limited';

/** The data of a LIMITED_NOTE: the master (shared, not copied) and the chunks newly written. */
export interface LimitedNoteData {
  readonly master: SharedAudio;
  readonly mp3Chunks: readonly Mp3ChunkPlan[];
}
