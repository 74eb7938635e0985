import { parseArrangement, type Arrangement } from '../../audio';
import { arrangementFingerprint } from './arrangement-fingerprint';
import { planArrangement, type PlanInput } from './arrangement-planner';
import { fxKindOfPick, readSectionDrums, removeDrums, setGlobalDrums, swapDrums } from './beat-edits';
import { fxLayerId, fxSoundingBars, type PlannedFx } from './fx-placement';
import { contributionCells, producerShares } from './producer-shares';
import { sectionDrumsOf } from './section-drums';
import { withSectionEnergy } from './section-energy';

const riser: PlannedFx = { sampleId: 'riser-1', drumType: 'FX', fx: 'riser', bpm: 140, bars: 1, key: null, producerId: 'fx-maker' };
const impact: PlannedFx = { sampleId: 'impact-1', drumType: 'FX', fx: 'impact', bpm: 140, bars: 2, key: null, producerId: 'fx-maker' };

const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  bpm: 150,
  key: 'C',
  mode: 'Minor',
  structure: 'IVCVCO',
  genre: 'trap',
  composition: {
    id: 'comp', bpm: 140, bars: 8, key: 'A', mode: 'Minor',
    stems: ['keys', 'pad', 'bells'].map((id) => ({ sampleId: id, instrument: id, producerId: 'melodist' })),
  },
  drums: (['Kicks', 'Snares', 'Hihats', '808s', 'FX'] as const).map((drumType) => ({
    sampleId: drumType.toLowerCase(), drumType, bpm: 140, bars: 8, key: drumType === '808s' ? ('F' as const) : null, producerId: 'drummer',
  })),
  fx: [riser, impact],
  ...over,
});

const partOf = (a: Arrangement, section: number, layerId: string) => a.sections[section].parts.find((p) => p.layerId === layerId);
const sectionsWith = (a: Arrangement, layerId: string) => a.sections.flatMap((s, i) => (s.parts.some((p) => p.layerId === layerId) ? [i] : []));

describe('risers and impacts in the plan', () => {
  const beat = planArrangement(input());

  it('places the riser over the last bar before every chorus and the impact on every chorus, as layers of their own', () => {
    expect(parseArrangement(beat)).toEqual(beat);
    expect(beat.layers.filter((l) => l.id.startsWith('fx-'))).toEqual([
      expect.objectContaining({ id: 'fx-riser', role: 'FX', name: 'Riser' }),
      expect.objectContaining({ id: 'fx-impact', role: 'FX', name: 'Impact' }),
    ]);
    // IVCVCO: the verses (1, 3) lead into the choruses (2, 4).
    expect(sectionsWith(beat, 'fx-riser')).toEqual([1, 3]);
    expect(sectionsWith(beat, 'fx-impact')).toEqual([2, 4]);
    // The riser: muted for 7 bars, then rising over the last bar; trap stops dead for the last beat
    // before the hook, the riser with everything else.
    expect(partOf(beat, 1, 'fx-riser')!.ranges).toEqual([
      { fromBeat: 0, toBeat: 28, op: 'mute' },
      { fromBeat: 28, toBeat: 31, op: 'play', fromDb: -8, toDb: 0 },
      { fromBeat: 31, toBeat: 32, op: 'mute' },
    ]);
    // Pop keeps the riser sounding through the break into the downbeat (the other layers drop out).
    const pop = planArrangement(input({ genre: 'pop' }));
    expect(partOf(pop, 1, 'fx-riser')!.ranges).toEqual([
      { fromBeat: 0, toBeat: 28, op: 'mute' },
      { fromBeat: 28, toBeat: 32, op: 'play', fromDb: -8, toDb: 0 },
    ]);
    expect(partOf(pop, 1, 'kicks')!.ranges).toContainEqual(expect.objectContaining({ op: 'mute', toBeat: 32 }));
    expect(partOf(beat, 1, 'kicks')!.ranges).toContainEqual(expect.objectContaining({ op: 'mute', toBeat: 32 }));
    // The impact: its two bars from the chorus's downbeat, then muted.
    expect(partOf(beat, 2, 'fx-impact')!.ranges).toEqual([{ fromBeat: 0, toBeat: 8, op: 'play' }, { fromBeat: 8, toBeat: 32, op: 'mute' }]);
    expect(partOf(beat, 2, 'fx-impact')!.sample).toEqual({ sampleId: 'impact-1', sourceBpm: 140, bars: 2 });
    expect(partOf(beat, 2, 'fx-impact')!.transform).toMatchObject({ toBpm: 150, semitones: 0, muted: false });
  });

  it('falls back to the planner as before when the catalogue has none, and moves the same loops alike with them', () => {
    const without = planArrangement(input({ fx: undefined }));
    expect(planArrangement(input({ fx: [] }))).toEqual(without);
    expect(without.layers.some((l) => l.id.startsWith('fx-'))).toBe(false);
    // With the one-shots, every other part is exactly as without them (the movement's seed leaves them out).
    const strip = (a: Arrangement) => a.sections.map((s) => s.parts.filter((p) => !p.layerId.startsWith('fx-')));
    expect(strip(beat)).toEqual(strip(without));
  });

  it('uses them per genre: lo-fi and boom bap take none, R&B only the riser, country only the impact', () => {
    const layers = (genre: string) => planArrangement(input({ genre })).layers.filter((l) => l.id.startsWith('fx-')).map((l) => l.id);
    expect(layers('lo-fi')).toEqual([]);
    expect(layers('boom bap')).toEqual([]);
    expect(layers('r&b')).toEqual(['fx-riser']);
    expect(layers('country')).toEqual(['fx-impact']);
    expect(layers('drill')).toEqual(['fx-riser', 'fx-impact']);
    expect(planArrangement(input({ genre: null })).layers.some((l) => l.id.startsWith('fx-'))).toBe(false);
  });

  it('puts no impact on a chorus that opens the song, and no riser where no chorus follows', () => {
    const a = planArrangement(input({ structure: 'CVC' }));
    expect(sectionsWith(a, 'fx-impact')).toEqual([2]);
    expect(sectionsWith(a, 'fx-riser')).toEqual([1]);
    expect(planArrangement(input({ structure: 'IVBO' })).layers.some((l) => l.id.startsWith('fx-'))).toBe(false);
  });

  it('counts them in the uniqueness fingerprint: another riser is another beat', () => {
    const other = planArrangement(input({ fx: [{ ...riser, sampleId: 'riser-2' }, impact] }));
    expect(arrangementFingerprint(other)).not.toBe(arrangementFingerprint(beat));
    expect(arrangementFingerprint(planArrangement(input({ fx: undefined })))).not.toBe(arrangementFingerprint(beat));
    expect(arrangementFingerprint(planArrangement(input()))).toBe(arrangementFingerprint(beat));
  });

  it('credits their producer for the bars they sound, the shares still summing to 100', () => {
    const producerOf = new Map<string, string>([
      ...['keys', 'pad', 'bells'].map((id) => [id, 'melodist'] as const),
      ...['kicks', 'snares', 'hihats', '808s', 'fx'].map((id) => [id, 'drummer'] as const),
      ['riser-1', 'fx-maker'], ['impact-1', 'fx-maker'],
    ]);
    const cells = contributionCells(beat, producerOf);
    const fxCells = cells.filter((c) => c.producerId === 'fx-maker');
    // Two risers sounding three beats each (trap stops dead for the last beat) and two impacts of two bars.
    expect(fxCells.map((c) => c.weight).sort()).toEqual([0.75, 0.75, 2, 2]);
    expect(fxSoundingBars(partOf(beat, 1, 'fx-riser')!, 8)).toBe(0.75);
    const shares = producerShares(cells);
    expect(shares.map((s) => s.producerId)).toContain('fx-maker');
    expect(Math.round(shares.reduce((sum, s) => sum + s.percent * 100, 0))).toBe(10_000);
    const fxShare = shares.find((s) => s.producerId === 'fx-maker')!.percent;
    expect(fxShare).toBeGreaterThan(0);
    expect(fxShare).toBeLessThan(5);
    // Removed (muted) everywhere, they credit nobody.
    const removed = removeDrums(beat, [1, 2, 3, 4].map((section) => ({ section, drumType: 'FX' as const })));
    expect(contributionCells(removed, producerOf).some((c) => c.producerId === 'fx-maker')).toBe(false);
  });
});

describe('risers and impacts under edits', () => {
  const beat = planArrangement(input());

  it('keeps them in place when a chorus or the verse before it changes energy, with their ranges', () => {
    for (const energy of [-2, 2]) {
      const chorus = withSectionEnergy(beat, 'trap', [{ section: 2, energy }]);
      expect(partOf(chorus, 2, 'fx-impact')!.sample).toEqual(partOf(beat, 2, 'fx-impact')!.sample);
      expect(partOf(chorus, 2, 'fx-impact')!.ranges).toEqual(partOf(beat, 2, 'fx-impact')!.ranges);
      expect(partOf(chorus, 1, 'fx-riser')!.ranges).toEqual(partOf(beat, 1, 'fx-riser')!.ranges);
      const verse = withSectionEnergy(beat, 'trap', [{ section: 1, energy }]);
      expect(partOf(verse, 1, 'fx-riser')!.ranges).toEqual(partOf(beat, 1, 'fx-riser')!.ranges);
      expect(parseArrangement(verse)).toEqual(verse);
    }
    // A verse raised is led into like a chorus, but gets no riser (risers go before choruses only).
    const raised = withSectionEnergy(beat, 'trap', [{ section: 1, energy: 2 }]);
    expect(partOf(raised, 0, 'fx-riser')).toBeUndefined();
  });

  it('lists FX once per section for the editor, and an FX edit names the loop where there is one, else the one-shot', () => {
    const sections = sectionDrumsOf(beat);
    expect(sections[2].drums.filter((d) => d === 'FX')).toHaveLength(1);
    // The verse has no FX loop (trap verses leave it out), only the riser: "FX" there is the riser.
    expect(sections[1].drums).toContain('FX');
    expect(fxKindOfPick(beat, { section: 1, drumType: 'FX' })).toBe('riser');
    expect(fxKindOfPick(beat, { section: 2, drumType: 'FX' })).toBeNull();
    expect(readSectionDrums(beat, { 1: ['FX'] }, 'remove')).toEqual([{ section: 1, drumType: 'FX' }]);
    // The intro has neither.
    expect(() => readSectionDrums(beat, { 0: ['Kicks', 'FX'] }, 'remove')).toThrow('Intro (section 1) has no');
  });

  it('removes every FX layer of a section, and swaps only the layer the pick names', () => {
    const removed = removeDrums(beat, [{ section: 2, drumType: 'FX' }]);
    expect(partOf(removed, 2, 'fx')!.transform.muted).toBe(true);
    expect(partOf(removed, 2, fxLayerId('impact'))!.transform.muted).toBe(true);
    expect(sectionDrumsOf(removed)[2].removedDrums).toEqual(['FX']);
    const swapped = swapDrums(beat, [{ section: 1, drumType: 'FX' }], (pick) => {
      expect(fxKindOfPick(beat, pick)).toBe('riser');
      return { sampleId: 'riser-2', sourceBpm: 150, bars: 1, semitones: 0 };
    });
    expect(partOf(swapped, 1, 'fx-riser')!.sample.sampleId).toBe('riser-2');
    expect(partOf(swapped, 1, 'fx-riser')!.ranges).toEqual(partOf(beat, 1, 'fx-riser')!.ranges);
    expect(partOf(swapped, 3, 'fx-riser')!.sample.sampleId).toBe('riser-1');
    // Global from the pre-chorus: the riser it plays plays before every chorus; the FX loop is untouched.
    const global = setGlobalDrums(swapped, [{ section: 1, drumType: 'FX' }]);
    expect(partOf(global, 3, 'fx-riser')!.sample.sampleId).toBe('riser-2');
    expect(partOf(global, 2, 'fx')!.sample.sampleId).toBe('fx');
  });
});
