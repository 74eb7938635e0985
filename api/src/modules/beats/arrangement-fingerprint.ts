import { createHash } from 'node:crypto';
import type { Arrangement, ArrangementPart } from '../../audio';

/**
 * A beat's arrangement fingerprint: which loops play in which sections (in order), each at which
 * transposition, at the beat's key, mode and tempo. Gains, layer names and the master are left
 * out: two beats that differ only in a mix setting are the same beat. A part's ranges (its fills,
 * drops, rolls: what plays when) count, their gain envelopes do not. SHA-256 of a canonical text.
 */
export function arrangementFingerprint(arrangement: Arrangement): string {
  const sections = arrangement.sections.map((section) => {
    const parts = section.parts
      .filter((part) => !part.transform.muted)
      .map((part) => `${part.sample.sampleId}@${part.transform.semitones}${rangesText(part.ranges)}`)
      .sort();
    return `${section.label}${section.bars}[${parts.join(',')}]`;
  });
  const canonical = `${arrangement.key}|${arrangement.mode}|${arrangement.bpm.toFixed(2)}|${sections.join('')}`;
  return createHash('sha256').update(canonical).digest('hex');
}

/** A part's ranges as the fingerprint counts them (empty for none, so older beats keep their fingerprint). */
const rangesText = (ranges: ArrangementPart['ranges']): string =>
  (ranges ?? []).map((r) => `~${r.op}:${r.fromBeat}-${r.toBeat}${r.sliceBeat === undefined ? '' : `/${r.sliceBeat}`}${r.sliceBeats === undefined ? '' : `x${r.sliceBeats}`}${r.fromHz === undefined ? '' : `:${r.fromHz}-${r.toHz}`}`).join('');

/** The same arrangement at another tempo (every loop stretched to it): a different beat. */
export function atTempo(arrangement: Arrangement, bpm: number): Arrangement {
  return {
    ...arrangement,
    bpm,
    sections: arrangement.sections.map((section) => ({
      ...section,
      parts: section.parts.map((part) => ({ ...part, transform: { ...part.transform, toBpm: bpm } })),
    })),
  };
}

/** Tempo offsets tried, in order, when an arrangement is already another user's: +1, -1, +2, -2 ... BPM. */
export const TEMPO_NUDGES: readonly number[] = [1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6];
