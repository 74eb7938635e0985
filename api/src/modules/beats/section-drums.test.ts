import { planArrangement } from './arrangement-planner';
import { removeDrums } from './beat-edits';
import { sectionDrumsOf } from './section-drums';

const arrangement = planArrangement({
  bpm: 140,
  key: 'A',
  mode: 'Minor',
  structure: 'IVC',
  genre: 'trap',
  composition: { id: 'comp', bpm: 140, bars: 8, key: 'A', mode: 'Minor', stems: [{ sampleId: 'keys', instrument: 'Keys', producerId: 'p1' }] },
  drums: [
    { sampleId: 'kick', drumType: 'Kicks', bpm: 140, bars: 8, key: null, producerId: 'p2' },
    { sampleId: 'hat', drumType: 'Hihats', bpm: 140, bars: 8, key: null, producerId: 'p2' },
    { sampleId: 'crash', drumType: 'Cymbals', bpm: 140, bars: 8, key: null, producerId: 'p2' },
  ],
});

describe('sectionDrumsOf', () => {
  it('lists, per section, the drum types that play there and no melody', () => {
    expect(sectionDrumsOf(arrangement)).toEqual([
      { label: 'I', drums: ['Hihats'], removedDrums: [], energy: 0 },
      { label: 'V', drums: ['Kicks', 'Hihats'], removedDrums: [], energy: 0 },
      { label: 'C', drums: ['Kicks', 'Hihats', 'Cymbals'], removedDrums: [], energy: 0 },
    ]);
  });

  it('moves a removed drum to removedDrums of that section only', () => {
    const edited = removeDrums(arrangement, [{ section: 1, drumType: 'Kicks' }]);
    const sections = sectionDrumsOf(edited);
    expect(sections[1]).toEqual({ label: 'V', drums: ['Hihats'], removedDrums: ['Kicks'], energy: 0 });
    expect(sections[2].drums).toContain('Kicks');
  });
});
