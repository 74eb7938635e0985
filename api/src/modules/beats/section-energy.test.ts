import { parseArrangement, type Arrangement } from '../../audio';
import { planArrangement } from './arrangement-planner';
import { readSectionEnergy, removeDrums } from './beat-edits';
import { withSectionEnergy } from './section-energy';

const drums = (['Kicks', 'Snares', 'Hihats', '808s', 'Open Hats', 'Cymbals', 'Percs'] as const).map((drumType) => ({
  sampleId: drumType.toLowerCase(), drumType, bpm: 140, bars: 8, key: drumType === '808s' ? ('C' as const) : null, producerId: 'p',
}));
const plan = (genre = 'trap', structure = 'IVCVCO'): Arrangement => planArrangement({
  bpm: 140, key: 'C', mode: 'Minor', structure, genre,
  composition: { id: 'c', bpm: 140, bars: 8, key: 'C', mode: 'Minor', stems: ['keys', 'pad', 'bells'].map((id) => ({ sampleId: id, instrument: id, producerId: 'p' })) },
  drums,
});
const layersIn = (a: Arrangement, s: number) => a.sections[s].parts.map((p) => p.layerId).sort();
const gainOf = (a: Arrangement, s: number, layerId: string) => a.sections[s].parts.find((p) => p.layerId === layerId)!.transform.gainDb;

describe('setting a section\'s energy', () => {
  const beat = plan();

  it('raises a verse: more layers, louder, and the section before it leads in like a chorus', () => {
    const raised = withSectionEnergy(beat, 'trap', [{ section: 1, energy: 2 }]);
    expect(raised.sections[1].energy).toBe(2);
    expect(layersIn(raised, 1).length).toBeGreaterThan(layersIn(beat, 1).length);
    expect(layersIn(raised, 1)).toEqual(expect.arrayContaining(layersIn(beat, 1)));
    expect(gainOf(raised, 1, 'kicks') - gainOf(beat, 1, 'kicks')).toBeCloseTo(3);
    // The intro now stops before the raised verse as before a hook: the 808 cut for two beats.
    const intro808 = (a: Arrangement) => a.sections[0].parts.find((p) => p.layerId === 'hihats')!.ranges;
    expect(intro808(raised)).toContainEqual(expect.objectContaining({ op: 'repeat', toBeat: 31.5 }));
    expect(intro808(beat)).not.toContainEqual(expect.objectContaining({ op: 'repeat', toBeat: 31.5 }));
    // The other sections are untouched, and the result is a valid arrangement.
    for (const s of [2, 3, 4, 5]) expect(raised.sections[s]).toEqual(beat.sections[s]);
    expect(parseArrangement(raised)).toEqual(raised);
  });

  it('lowers a chorus: fewer layers, quieter, and back to the generated section at 0', () => {
    const lowered = withSectionEnergy(beat, 'trap', [{ section: 2, energy: -2 }]);
    expect(layersIn(lowered, 2).length).toBeLessThan(layersIn(beat, 2).length);
    expect(gainOf(lowered, 2, 'hihats')).toBeLessThan(gainOf(beat, 2, 'hihats'));
    const back = withSectionEnergy(lowered, 'trap', [{ section: 2, energy: 0 }]);
    expect(back.sections[1]).toEqual(beat.sections[1]);
    expect(back.sections[2]).toEqual(beat.sections[2]);
  });

  it('is deterministic and keeps a removed drum removed', () => {
    expect(withSectionEnergy(beat, 'trap', [{ section: 3, energy: 1 }])).toEqual(withSectionEnergy(beat, 'trap', [{ section: 3, energy: 1 }]));
    const removed = removeDrums(beat, [{ section: 1, drumType: 'Kicks' }]);
    const raised = withSectionEnergy(removed, 'trap', [{ section: 1, energy: 1 }]);
    expect(raised.sections[1].parts.find((p) => p.layerId === 'kicks')!.transform.muted).toBe(true);
  });

  it('brings in a layer the section lacked with the loop the beat plays nearest', () => {
    const raised = withSectionEnergy(beat, 'trap', [{ section: 0, energy: 2 }]);
    const kick = raised.sections[0].parts.find((p) => p.layerId === 'kicks');
    expect(kick?.sample).toEqual(beat.sections[1].parts.find((p) => p.layerId === 'kicks')!.sample);
  });

  it('reads an energy edit and refuses a bad one', () => {
    expect(readSectionEnergy(beat, { 2: -1, 0: 1 })).toEqual([{ section: 0, energy: 1 }, { section: 2, energy: -1 }]);
    const raised = withSectionEnergy(beat, 'trap', [{ section: 1, energy: 1 }]);
    expect(() => readSectionEnergy(raised, { 1: 1 })).toThrow('Choose a section and an energy other than the one it has.');
    expect(() => readSectionEnergy(beat, { 9: 1 })).toThrow('There is no section 9 in this beat (it has 6).');
    expect(() => readSectionEnergy(beat, { 1: 3 })).toThrow('The energy of Verse (section 2) must be a whole number from -2 to 2.');
    expect(() => readSectionEnergy(beat, { 1: 0.5 })).toThrow('must be a whole number');
    expect(() => readSectionEnergy(beat, { 1: '1' })).toThrow('must be a whole number');
    expect(() => readSectionEnergy(beat, [1])).toThrow('The edit must map sections to energies.');
    expect(() => readSectionEnergy(beat, {})).toThrow('Choose a section and an energy other than the one it has.');
  });
});
