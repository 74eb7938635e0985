import type { LayerRole } from '../../audio';

/** MP3 bitrate of licensed downloads (the player streams 192 kbps). */
export const LICENCE_MP3_BITRATE = 320;

/** One layer of a beat's arrangement, alone, as a stem of a licence. */
export interface LicenceStem {
  readonly layerId: string;
  /** The layer's display name ("Keys", "808s"). */
  readonly name: string;
  readonly role: LayerRole;
  /**
   * 24-bit stereo WAV, as long as the master; the stems sum to the mix before the master bus.
   * Resolves as soon as this stem is written (the stems come one by one while the render goes on).
   */
  readonly wav: Promise<Uint8Array>;
}

/** The master's files of a licence, rendered from the beat's stored provenance. */
export interface LicenceMaster {
  /** Constant 320 kbps, with a gapless LAME tag. */
  readonly mp3: Uint8Array;
  /** The 24-bit WAV master. */
  readonly wav: Uint8Array;
  readonly durationSeconds: number;
  /** The gain the master bus applied (the beat's stored gain, when the engine renders as it did). */
  readonly masterGainDb: number;
  /** Where the render's time went (ms), for the logs and the bench. */
  readonly timings?: Readonly<Record<string, number>>;
}

/** A beat's audio as a licence delivers it, while it renders. */
export interface LicenceAudio {
  readonly beatId: string;
  readonly title: string;
  /** One per layer of the arrangement, in its order, when asked for; each resolves as it is written. */
  readonly stems: readonly LicenceStem[] | null;
  /** Resolves when the whole render (stems included) is done; rejects (and so do the stems not yet written) when it fails. */
  readonly master: Promise<LicenceMaster>;
}
