/**
 * Unit names of the sound engine. They are plain aliases of `number`: the compiler does not tell
 * `Seconds` from `Samples` (branding them would put a cast on most of the engine's arithmetic); the
 * names document what a number means, for the reader.
 */
export type Seconds = number;
export type Samples = number;
export type Hertz = number;
export type Bpm = number;
export type Decibels = number;
/** Loudness units relative to full scale (ITU-R BS.1770). */
export type Lufs = number;
/** Decibels relative to full scale, true (inter-sample) peak. */
export type Dbtp = number;
export type Semitones = number;
/** Linear gain factor (1 = unity). */
export type Gain = number;

/** The engine's working sample rate: every decoded file is resampled to it. */
export const ENGINE_SAMPLE_RATE: Hertz = 44_100;

export const dbToGain = (db: Decibels): Gain => Math.pow(10, db / 20);
export const gainToDb = (gain: Gain): Decibels => (gain > 0 ? 20 * Math.log10(gain) : -Infinity);
