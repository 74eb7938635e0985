/** Why a byte string is not a WAV file the engine can decode: a stable code for callers and tests. */
export type WavErrorReason =
  | 'too-short'
  | 'not-riff'
  | 'unsupported-container'
  | 'not-wave'
  | 'malformed-chunk'
  | 'missing-fmt'
  | 'bad-fmt'
  | 'conflicting-fmt'
  | 'unsupported-encoding'
  | 'no-channels'
  | 'too-many-channels'
  | 'bad-sample-rate'
  | 'bad-bit-depth'
  | 'missing-data'
  | 'no-audio'
  | 'too-long'
  | 'strict';

/**
 * The one error `decodeWav` and `probeWav` throw for malformed or unsupported input. `message` is a
 * sentence fit to show the uploader; `reason` is for code (metrics, tests, mapping to BAD_USER_INPUT).
 */
export class WavFormatError extends Error {
  readonly reason: WavErrorReason;

  constructor(reason: WavErrorReason, message: string) {
    super(message);
    this.name = 'WavFormatError';
    this.reason = reason;
  }
}

/**
 * Oddities that a lenient decoder repairs or ignores (real-world writers produce all of them);
 * reported so that strict callers can refuse the file and lenient ones can log it.
 */
export type WavWarning =
  | 'riff-size-mismatch'
  | 'missing-pad-byte'
  | 'duplicate-fmt'
  | 'multiple-data'
  | 'data-truncated'
  | 'partial-frame'
  | 'block-align-corrected'
  | 'byte-rate-mismatch'
  | 'trailing-garbage'
  | 'non-finite-samples'
  | 'samples-clipped';
