import { ARTISTS } from './data/artists';
import { ArtistIndex, editDistance, normaliseWords } from './artist-index';

describe('the artists file', () => {
  it('holds at least 300 artists, each with genres and a sensible tempo range', () => {
    expect(new Set(ARTISTS.map((a) => a.name)).size).toBeGreaterThanOrEqual(300);
    for (const artist of ARTISTS) {
      expect(artist.genres.length).toBeGreaterThan(0);
      expect(artist.bpm[0]).toBeGreaterThanOrEqual(55);
      expect(artist.bpm[1]).toBeLessThanOrEqual(230);
      expect(artist.bpm[0]).toBeLessThan(artist.bpm[1]);
    }
  });

  it('has no alias that is an everyday word a prompt would use', () => {
    const names = new ArtistIndex();
    for (const word of ['pink', 'swift', 'cash', 'black', 'rose', 'her', 'top', 'common', 'logic', 'queen', 'weekend', 'chance', 'doom']) {
      expect(names.exact(word)).toBeNull();
    }
  });
});

describe('ArtistIndex', () => {
  const index = new ArtistIndex();

  it('finds names and aliases, accents and punctuation aside', () => {
    expect(index.exact('kendrick lamar')?.name).toBe('Kendrick Lamar');
    expect(index.exact(normaliseWords('Beyoncé'))?.name).toBe('Beyoncé');
    expect(index.exact(normaliseWords('J. Cole'))?.name).toBe('J. Cole');
    expect(index.exact('drizzy')?.name).toBe('Drake');
  });

  it.each([
    ['travis scot', 'Travis Scott'],
    ['drak', 'Drake'],
    ['kendrik lamar', 'Kendrick Lamar'],
    ['billie eilsh', 'Billie Eilish'],
    ['morgan walen', 'Morgan Wallen'],
  ])('reads the misspelling "%s" as %s', (typed, name) => {
    expect(index.closest(typed)?.name).toBe(name);
  });

  it('does not stretch short words or change the first letter', () => {
    expect(index.closest('sad')).toBeNull();
    expect(index.closest('frake')).toBeNull();
  });

  it('counts an adjacent swap as one edit', () => {
    expect(editDistance('drkae', 'drake', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});
