import { parseArrangement, type LayerRole } from '../../audio';
import { DomainError } from '../../platform/errors';
import type { Beat } from './beat.entity';
import type { BeatRenderer } from './beat-renderer';

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

/** A promise with its settle functions outside (a later settle of a settled one does nothing). */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What a licence's render needs of a stored beat. */
export type LicensedBeat = Pick<Beat, 'id' | 'title' | 'arrangement' | 'masterGainDb'>;

/**
 * A beat's audio as a licence delivers it, rendered again from its stored provenance (the
 * arrangement re-renders the same master, bit for bit): the MP3 at 320 kbps, the 24-bit WAV master
 * and, when asked, one 24-bit WAV per layer of the arrangement. Each stem resolves as it is written,
 * the master's files when the render is done.
 */
export function renderLicenceAudio(renderer: BeatRenderer, beat: LicensedBeat, options: { readonly stems: boolean }): LicenceAudio {
  const arrangement = parseArrangement(beat.arrangement);
  const written = new Map(options.stems ? arrangement.layers.map((layer) => [layer.id, deferred<Uint8Array>()]) : []);
  const rendering = renderer.render(arrangement, undefined, {
    stems: options.stems,
    mp3BitrateKbps: LICENCE_MP3_BITRATE,
    onStem: options.stems ? (layerId, wav) => written.get(layerId)?.resolve(wav) : undefined,
    // The beat rendered at this gain when it was made: its stems need not wait for the master.
    expectedMasterGainDb: beat.masterGainDb ?? undefined,
  });
  const master = rendering.then(
    (rendered) => {
      // Every layer's stem came (the pool writes one per layer); a missing one fails its stem, not the master.
      for (const [layerId, stem] of written) stem.reject(new DomainError('INTERNAL_SERVER_ERROR', `The stem of layer ${layerId} was not rendered.`));
      return { mp3: rendered.mp3, wav: rendered.wav, durationSeconds: rendered.durationSeconds, masterGainDb: rendered.masterGainDb, timings: rendered.timings };
    },
    (error: unknown) => {
      for (const stem of written.values()) stem.reject(error);
      throw error;
    },
  );
  const stems = options.stems ? arrangement.layers.map((layer) => ({ layerId: layer.id, name: layer.name, role: layer.role, wav: written.get(layer.id)!.promise })) : null;
  // Whoever uses the stems and the master sees their failures; unused ones must not count as unhandled.
  for (const stem of written.values()) stem.promise.catch(() => undefined);
  master.catch(() => undefined);
  return { beatId: beat.id, title: beat.title, stems, master };
}
