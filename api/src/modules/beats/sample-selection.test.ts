import type { CompositionCandidate, DrumCandidate } from '../catalog';
import { beatTempo, chooseComposition, chooseDrumLoop, drumTypesFor, octavesOutside, pickFairly, stretchOctaves } from './sample-selection';

const seeded = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

const composition = (over: Partial<CompositionCandidate>): CompositionCandidate => ({
  id: 'c', producerId: 'p', bpm: 140, bars: 8, key: 'C', mode: 'Minor', tagKeys: [], matches: 1,
  stems: [{ sampleId: 's', instrument: null }], ...over,
});
const drum = (over: Partial<DrumCandidate>): DrumCandidate => ({
  id: 'd', producerId: 'p', drumType: 'Kicks', bpm: 140, bars: 8, key: null, tagKeys: [], matches: 1, ...over,
});

describe('sample selection', () => {
  it('prefers more matching tags', () => {
    const pick = chooseComposition([composition({ id: 'a', matches: 1 }), composition({ id: 'b', matches: 3 })], { bpm: null, key: null, mode: null }, seeded(1));
    expect(pick?.id).toBe('b');
  });

  it('prefers the tempo asked for, allowing half and double time', () => {
    const candidates = [composition({ id: 'far', bpm: 100 }), composition({ id: 'half', bpm: 70 })];
    expect(chooseComposition(candidates, { bpm: 140, key: null, mode: null }, seeded(2))?.id).toBe('half');
    expect(stretchOctaves(70, 140)).toBe(0);
    expect(stretchOctaves(100, 140)).toBeCloseTo(Math.log2(1.4), 6);
  });

  it('the same prompt twice gives different choices among equals', () => {
    const candidates = Array.from({ length: 6 }, (_, i) => composition({ id: `c${i}`, producerId: `p${i}` }));
    const random = seeded(3);
    const picks = new Set(Array.from({ length: 20 }, () => chooseComposition(candidates, { bpm: null, key: null, mode: null }, random)?.id));
    expect(picks.size).toBeGreaterThan(3);
  });

  it('rotates fairly between producers of equal fit, whatever their sample count', () => {
    const scored = [
      ...Array.from({ length: 9 }, (_, i) => ({ item: { id: `big${i}`, producerId: 'prolific' }, score: 10 })),
      { item: { id: 'one', producerId: 'newcomer' }, score: 10 },
    ];
    const random = seeded(4);
    const counts = { prolific: 0, newcomer: 0 };
    for (let i = 0; i < 2000; i++) counts[pickFairly(scored, random)!.producerId as 'prolific' | 'newcomer']++;
    expect(counts.newcomer / 2000).toBeGreaterThan(0.45);
    expect(counts.newcomer / 2000).toBeLessThan(0.55);
  });

  it('never picks a clearly worse fit for fairness', () => {
    const scored = [{ item: { producerId: 'good' }, score: 20 }, { item: { producerId: 'poor' }, score: 10 }];
    const random = seeded(5);
    for (let i = 0; i < 200; i++) expect(pickFairly(scored, random)!.producerId).toBe('good');
  });

  it('chooses 808s close to the beat key', () => {
    const candidates = [drum({ id: 'far', drumType: '808s', key: 'F#' }), drum({ id: 'near', drumType: '808s', key: 'C#' })];
    expect(chooseDrumLoop(candidates, 140, 'C', seeded(6))?.id).toBe('near');
  });

  it('leaves out drum types a genre does not use', () => {
    const all = ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals', 'FX'] as const;
    expect(drumTypesFor('boom bap', all)).not.toContain('808s');
    expect(drumTypesFor('trap', all)).toEqual([...all]);
    expect(drumTypesFor(null, all)).toEqual([...all]);
  });

  it('gives nothing when there is nothing to choose', () => {
    expect(chooseComposition([], { bpm: null, key: null, mode: null }, seeded(7))).toBeNull();
    expect(chooseDrumLoop([], 140, 'C', seeded(7))).toBeNull();
  });
});

describe('leanings from the prompt', () => {
  it('a mode leaning picks a composition of that mode among equal tags, and an explicit mode still wins', () => {
    const candidates = [composition({ id: 'minor', mode: 'Minor' }), composition({ id: 'major', mode: 'Major' })];
    for (let seed = 1; seed < 20; seed++) {
      expect(chooseComposition(candidates, { bpm: null, key: null, mode: null, modeLean: 'Major' }, seeded(seed))?.id).toBe('major');
    }
  });

  it('a genre match outweighs a mood match', () => {
    const candidates = [
      composition({ id: 'afro', tagKeys: ['genre:afrobeats'], matches: 1 }),
      composition({ id: 'sad', tagKeys: ['mood:sad'], matches: 1 }),
    ];
    for (let seed = 1; seed < 20; seed++) {
      expect(chooseComposition(candidates, { bpm: null, key: null, mode: null, wanted: ['genre:afrobeats', 'mood:sad'] }, seeded(seed))?.id).toBe('afro');
    }
  });

  it('a tempo wish prefers compositions in range (half and double time nearly as good)', () => {
    expect(octavesOutside(80, { min: 60, max: 88 })).toBe(0);
    expect(octavesOutside(140, { min: 60, max: 88 })).toBeCloseTo(0.1);
    expect(octavesOutside(110, { min: 60, max: 88 })).toBeGreaterThan(0.2);
    const candidates = [composition({ id: 'slow', bpm: 75 }), composition({ id: 'mid', bpm: 108 })];
    expect(chooseComposition(candidates, { bpm: null, key: null, mode: null, tempoRange: { min: 60, max: 88 } }, seeded(3))?.id).toBe('slow');
  });

  it('moves the beat towards the wished tempo by at most 12%, in the composition\'s own octave', () => {
    expect(beatTempo(100, null)).toBe(100);
    expect(beatTempo(80, { min: 60, max: 88 })).toBe(80);
    expect(beatTempo(100, { min: 60, max: 88 })).toBe(89);
    expect(beatTempo(110, { min: 120, max: 170 })).toBe(120);
    expect(beatTempo(140, { min: 60, max: 88 })).toBe(140);
  });
});
