import { sectionName, structureNames } from './song-sections';

describe('song sections', () => {
  it('names every section letter and leaves unknown ones as they are', () => {
    expect(structureNames('IVCBO')).toEqual(['Intro', 'Verse', 'Chorus', 'Bridge', 'Outro']);
    expect(sectionName('X')).toBe('X');
  });
});
