import { planArrangement } from './arrangement-planner';
import { readSectionDrums, removeDrums, setGlobalDrums, swapDrums } from './beat-edits';

const arrangement = planArrangement({
  bpm: 140, key: 'C', mode: 'Minor', structure: 'IVCVC', genre: 'trap',
  composition: { id: 'c', bpm: 140, bars: 8, key: 'C', mode: 'Minor', stems: [{ sampleId: 'keys', instrument: 'Keys', producerId: 'p' }] },
  drums: [
    { sampleId: 'kick-1', drumType: 'Kicks', bpm: 140, bars: 8, key: null, producerId: 'p' },
    { sampleId: 'hat-1', drumType: 'Hihats', bpm: 140, bars: 8, key: null, producerId: 'p' },
  ],
});
const sampleIn = (a: typeof arrangement, section: number, layerId: string) => a.sections[section].parts.find((p) => p.layerId === layerId);

describe('reading an edit', () => {
  it('reads swap/global maps and remove lists, accepting the spec spellings of drum types', () => {
    expect(readSectionDrums(arrangement, { 1: { Kicks: true, Hihats: false } }, 'swap')).toEqual([{ section: 1, drumType: 'Kicks' }]);
    expect(readSectionDrums(arrangement, { 2: ['Hihats', 'kick'] }, 'remove')).toEqual([
      { section: 2, drumType: 'Hihats' },
      { section: 2, drumType: 'Kicks' },
    ]);
  });

  it.each([
    [{ 9: { Kicks: true } }, 'swap', 'There is no section 9 in this beat (it has 5).'],
    [{ x: { Kicks: true } }, 'swap', 'There is no section x in this beat (it has 5).'],
    [{ 0: { Kicks: true } }, 'swap', 'Intro (section 1) has no Kicks.'],
    [{ 1: { Cowbell: true } }, 'swap', 'Unknown drum type: Cowbell.'],
    [{ 1: { Kicks: false } }, 'swap', 'Choose at least one drum to change.'],
    [{ 1: 'Kicks' }, 'remove', 'Section 1 must list the drums to remove.'],
    [{ 1: { Kicks: true }, 2: { Kicks: true } }, 'global', 'Choose Kicks in one section only: that section\'s Kicks plays everywhere.'],
    [[], 'swap', 'The edit must map sections to drums.'],
  ] as const)('refuses %o (%s)', (body, mode, message) => {
    expect(() => readSectionDrums(arrangement, body, mode)).toThrow(message);
  });
});

describe('applying edits', () => {
  it('remove mutes only the chosen parts', () => {
    const edited = removeDrums(arrangement, [{ section: 2, drumType: 'Hihats' }]);
    expect(sampleIn(edited, 2, 'hihats')!.transform.muted).toBe(true);
    expect(sampleIn(edited, 4, 'hihats')!.transform.muted).toBe(false);
    expect(sampleIn(arrangement, 2, 'hihats')!.transform.muted).toBe(false);
  });

  it('swap puts another loop of the type in the chosen sections only', () => {
    const edited = swapDrums(arrangement, [{ section: 1, drumType: 'Kicks' }], () => ({ sampleId: 'kick-2', sourceBpm: 150, bars: 8, semitones: 0 }));
    expect(sampleIn(edited, 1, 'kicks')!.sample).toEqual({ sampleId: 'kick-2', sourceBpm: 150, bars: 8 });
    expect(sampleIn(edited, 3, 'kicks')!.sample.sampleId).toBe('kick-1');
  });

  it('global spreads one section\'s loop to every section with that type', () => {
    const swapped = swapDrums(arrangement, [{ section: 3, drumType: 'Kicks' }], () => ({ sampleId: 'kick-3', sourceBpm: 140, bars: 8, semitones: 0 }));
    const edited = setGlobalDrums(swapped, [{ section: 3, drumType: 'Kicks' }]);
    for (const i of [1, 2, 3, 4]) expect(sampleIn(edited, i, 'kicks')!.sample.sampleId).toBe('kick-3');
    expect(sampleIn(edited, 0, 'kicks')).toBeUndefined();
  });
});
