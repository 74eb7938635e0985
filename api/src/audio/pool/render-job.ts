import type { Arrangement } from '../render/arrangement';
import type { Mp3Bitrate, Mp3ChunkSpec } from '../encode/mp3-chunk-encoder';
import type { MasterReport } from '../master/master-bus';
import type { SectionSpan } from '../render/layer-timeline';
import type { Dbtp, Lufs, Seconds } from '../units';

/** What the API asks the pool for. */
export interface RenderJob {
  readonly arrangement: Arrangement;
  /** Also render each layer alone and encode it as WAV (for licences). */
  readonly stems?: boolean;
  readonly mp3BitrateKbps?: Mp3Bitrate;
}

/** Figures about the finished master, for the beat's page and the catalogue. */
export interface RenderAnalysis {
  readonly integratedLufs: Lufs;
  /** Inter-sample peak of the master (8x oversampled). */
  readonly truePeakDbtp: Dbtp;
  readonly durationSeconds: Seconds;
  readonly sections: readonly SectionSpan[];
  readonly master: MasterReport;
}

export interface RenderJobResult {
  /** CBR MP3 with a gapless LAME tag. */
  readonly mp3: Uint8Array;
  /** 24-bit PCM WAV master. */
  readonly wav: Uint8Array;
  /** 24-bit WAV per layer id, when asked for. */
  readonly stems?: Readonly<Record<string, Uint8Array>>;
  readonly analysis: RenderAnalysis;
  readonly timings: { readonly renderMs: number; readonly encodeMs: number; readonly totalMs: number };
}

/** Planar audio as it crosses threads: channels over SharedArrayBuffers, read by several workers. */
export interface SharedAudio {
  readonly sampleRate: number;
  readonly channels: Float32Array[];
}

/** Work one worker does; a render job is a render task followed by encode tasks on any worker. */
export type WorkerTask =
  | { readonly kind: 'render'; readonly arrangement: Arrangement; readonly stems: boolean }
  | { readonly kind: 'mp3-chunk'; readonly audio: SharedAudio; readonly spec: Mp3ChunkSpec; readonly bitrateKbps: Mp3Bitrate }
  | { readonly kind: 'wav'; readonly audio: SharedAudio };

export interface RenderTaskResult {
  readonly master: SharedAudio;
  readonly stems?: Readonly<Record<string, SharedAudio>>;
  readonly peak: number;
  readonly analysis: Omit<RenderAnalysis, 'durationSeconds'>;
}

/** Messages from the pool to a worker. */
export type ToWorker =
  | { readonly type: 'task'; readonly id: number; readonly task: WorkerTask }
  | { readonly type: 'sample'; readonly requestId: number; readonly audio?: { sampleRate: number; channels: Float32Array[] }; readonly error?: string };

/** Messages from a worker to the pool. */
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly id: number; readonly result: unknown }
  | { readonly type: 'failed'; readonly id: number; readonly message: string; readonly stack?: string }
  | { readonly type: 'sample'; readonly requestId: number; readonly sampleId: string };
