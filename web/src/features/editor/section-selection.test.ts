import { canChoose, selectionSize, toggleDrum, toSectionDrumsInput, type SectionSelection } from './section-selection';

describe('toggleDrum', () => {
  it('in global mode, choosing a drum in one section clears the same drum in the others', () => {
    let selection: SectionSelection = {};
    selection = toggleDrum(selection, 'global', 0, 'Kicks');
    selection = toggleDrum(selection, 'global', 1, 'Hihats');
    selection = toggleDrum(selection, 'global', 2, 'Kicks');
    expect(toSectionDrumsInput(selection)).toEqual([
      { section: 1, drums: ['Hihats'] },
      { section: 2, drums: ['Kicks'] },
    ]);
    // Choosing it again where it is chosen un-chooses it and touches nothing else.
    selection = toggleDrum(selection, 'global', 2, 'Kicks');
    expect(toSectionDrumsInput(selection)).toEqual([{ section: 1, drums: ['Hihats'] }]);
  });

  it('in remove mode, selections toggle per section and other sections keep theirs', () => {
    let selection: SectionSelection = {};
    selection = toggleDrum(selection, 'remove', 1, 'Kicks');
    selection = toggleDrum(selection, 'remove', 2, 'Kicks');
    selection = toggleDrum(selection, 'remove', 1, 'Snares');
    expect(toSectionDrumsInput(selection)).toEqual([
      { section: 1, drums: ['Kicks', 'Snares'] },
      { section: 2, drums: ['Kicks'] },
    ]);
    selection = toggleDrum(selection, 'remove', 1, 'Kicks');
    expect(toSectionDrumsInput(selection)).toEqual([
      { section: 1, drums: ['Snares'] },
      { section: 2, drums: ['Kicks'] },
    ]);
    expect(selectionSize(selection)).toBe(2);
  });

  it('in swap mode, the same drum can be chosen in several sections', () => {
    let selection: SectionSelection = {};
    selection = toggleDrum(selection, 'swap', 0, 'Hihats');
    selection = toggleDrum(selection, 'swap', 2, 'Hihats');
    expect(toSectionDrumsInput(selection)).toEqual([
      { section: 0, drums: ['Hihats'] },
      { section: 2, drums: ['Hihats'] },
    ]);
  });

  it('lists a section\'s drums in the spec\'s category order', () => {
    let selection: SectionSelection = {};
    for (const drum of ['Cymbals', 'Kicks', '808s'] as const) selection = toggleDrum(selection, 'swap', 0, drum);
    expect(toSectionDrumsInput(selection)).toEqual([{ section: 0, drums: ['808s', 'Kicks', 'Cymbals'] }]);
  });
});

describe('canChoose', () => {
  const section = { drums: ['Kicks'], removedDrums: ['Snares'] };
  it('offers the drums a section plays, and a removed one only to swap back in', () => {
    expect(canChoose('remove', section, 'Kicks')).toBe(true);
    expect(canChoose('remove', section, 'Snares')).toBe(false);
    expect(canChoose('global', section, 'Snares')).toBe(false);
    expect(canChoose('swap', section, 'Snares')).toBe(true);
    expect(canChoose('swap', section, 'Claps')).toBe(false);
  });
});
