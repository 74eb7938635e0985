/**
 * Unit types of the sound engine. They are plain numbers at run time; the names say what a
 * number means so that a function taking `Seconds` is not handed samples by mistake.
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
