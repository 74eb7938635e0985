import type { Arrangement } from './arrangement';
import { layerTimelines, sectionSpans } from './layer-timeline';
import { loopFrames } from '../warp/loop-length';

const RATE = 44_100;
const part = (sampleId: string, muted = false) => ({
  layerId: 'hats',
  sample: { sampleId, sourceBpm: 85, bars: 8 },
  transform: { toBpm: 85, semitones: 0, gainDb: 0, muted },
});
const arrangement = (parts: ReturnType<typeof part>[]): Arrangement => ({
  version: 1, bpm: 85, key: 'A', mode: 'minor',
  layers: [{ id: 'hats', role: 'Hihats', name: 'Hihats', gainDb: 0 }],
  sections: parts.map((p) => ({ label: 'V', bars: 8, parts: [p] })),
});
const segmentsOf = (a: Arrangement) => layerTimelines(a, sectionSpans(a, RATE, loopFrames), RATE)[0].segments;

describe('layerTimelines', () => {
  it('keeps one segment and one phase while a loop plays on', () => {
    const segments = segmentsOf(arrangement([part('a'), part('a'), part('a')]));
    expect(segments).toHaveLength(1);
    expect(segments[0].phaseOrigin).toBe(0);
  });

  it('brings a loop back after a muted section in the phase it would have had, with a fade-in', () => {
    const spans = sectionSpans(arrangement([part('a'), part('a'), part('a'), part('a')]), RATE, loopFrames);
    const segments = segmentsOf(arrangement([part('a'), part('a'), part('a', true), part('a')]));
    expect(segments).toHaveLength(2);
    expect(segments[1].start).toBe(spans[3].startFrame);
    expect(segments[1].phaseOrigin).toBe(0);
    expect(segments[1].fadeIn).toBeGreaterThan(0);
    // At 85 BPM, 8 bars are not a whole number of frames: restarting at bar 24 would have moved the phase a frame.
    expect(spans[3].startFrame % loopFrames(8, 85, RATE)).not.toBe(0);
  });

  it('starts another loop, and a loop after another one, at the section', () => {
    const spans = sectionSpans(arrangement([part('a'), part('b'), part('a')]), RATE, loopFrames);
    const segments = segmentsOf(arrangement([part('a'), part('b'), part('a')]));
    expect(segments.map((s) => s.phaseOrigin)).toEqual([0, spans[1].startFrame, spans[2].startFrame]);
  });
});
