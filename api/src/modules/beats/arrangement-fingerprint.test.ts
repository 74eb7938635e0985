import type { Arrangement, PartRange } from '../../audio';
import { arrangementFingerprint, atTempo } from './arrangement-fingerprint';

const part = (sampleId: string, semitones = 0, muted = false, gainDb = 0) => ({
  layerId: sampleId, sample: { sampleId, sourceBpm: 140, bars: 8 }, transform: { toBpm: 140, semitones, gainDb, muted },
});
const arrangement = (over: Partial<Arrangement> = {}): Arrangement => ({
  version: 1, bpm: 140, key: 'F', mode: 'minor', layers: [],
  sections: [{ label: 'I', bars: 8, parts: [part('a'), part('b')] }, { label: 'V', bars: 8, parts: [part('a'), part('c', 3)] }],
  ...over,
});

describe('arrangementFingerprint', () => {
  it('is the same for the same loops, sections, key and tempo, whatever the mix or part order', () => {
    const base = arrangementFingerprint(arrangement());
    const reordered = arrangement({ sections: [{ label: 'I', bars: 8, parts: [part('b'), part('a', 0, false, -6)] }, { label: 'V', bars: 8, parts: [part('c', 3), part('a')] }] });
    expect(arrangementFingerprint(reordered)).toBe(base);
    expect(arrangementFingerprint(arrangement({ master: { startGainDb: -3 } }))).toBe(base);
  });

  it('changes with a loop, a section, a transposition, the key, the mode or the tempo; muted parts do not count', () => {
    const base = arrangementFingerprint(arrangement());
    const variants: Arrangement[] = [
      arrangement({ sections: [{ label: 'I', bars: 8, parts: [part('a'), part('z')] }, { label: 'V', bars: 8, parts: [part('a'), part('c', 3)] }] }),
      arrangement({ sections: [{ label: 'V', bars: 8, parts: [part('a'), part('b')] }, { label: 'V', bars: 8, parts: [part('a'), part('c', 3)] }] }),
      arrangement({ sections: [{ label: 'I', bars: 8, parts: [part('a'), part('b')] }, { label: 'V', bars: 8, parts: [part('a'), part('c', 4)] }] }),
      arrangement({ key: 'G' }),
      arrangement({ mode: 'major' }),
      atTempo(arrangement(), 141),
    ];
    const prints = variants.map(arrangementFingerprint);
    expect(new Set([base, ...prints]).size).toBe(variants.length + 1);
    const muted = arrangement({ sections: [{ label: 'I', bars: 8, parts: [part('a'), part('b'), part('q', 0, true)] }, { label: 'V', bars: 8, parts: [part('a'), part('c', 3)] }] });
    expect(arrangementFingerprint(muted)).toBe(base);
  });

  it('atTempo moves the beat and every loop to the new tempo', () => {
    const moved = atTempo(arrangement(), 139);
    expect(moved.bpm).toBe(139);
    expect(moved.sections.flatMap((s) => s.parts.map((p) => p.transform.toBpm))).toEqual([139, 139, 139, 139]);
  });

  it('counts a part\'s ranges (what plays when) but not their gain envelopes', () => {
    const base = arrangementFingerprint(arrangement());
    const withRanges = (ranges: readonly PartRange[]) =>
      arrangement({ sections: [{ label: 'I', bars: 8, parts: [{ ...part('a'), ranges }, part('b')] }, { label: 'V', bars: 8, parts: [part('a'), part('c', 3)] }] });
    const roll = arrangementFingerprint(withRanges([{ fromBeat: 30, toBeat: 32, op: 'repeat', sliceBeat: 0, sliceBeats: 0.125 }]));
    expect(roll).not.toBe(base);
    expect(arrangementFingerprint(withRanges([{ fromBeat: 30, toBeat: 32, op: 'repeat', sliceBeat: 0, sliceBeats: 0.125, fromDb: -6, toDb: 0 }]))).toBe(roll);
    expect(arrangementFingerprint(withRanges([{ fromBeat: 30, toBeat: 32, op: 'repeat', sliceBeat: 0, sliceBeats: 0.25 }]))).not.toBe(roll);
  });
});
