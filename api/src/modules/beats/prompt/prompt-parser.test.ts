import type { TagKind } from '../../catalog';
import { parsePrompt, type PromptVocabulary } from './prompt-parser';

const vocabulary: PromptVocabulary = {
  tags: new Map<TagKind, Set<string>>([
    ['artist', new Set(['drake', 'travis scott', 'metro boomin', 'pop smoke', 'nujabes', 'morgan wallen', 'the weeknd'])],
    ['genre', new Set(['trap', 'drill', 'boom bap', 'lo-fi', 'r&b', 'afrobeats', 'pop', 'country'])],
    ['mood', new Set(['sad', 'dark', 'chill', 'energetic', 'romantic'])],
    ['instrument', new Set(['piano', 'guitar', 'strings', 'pad', 'bells'])],
    ['tempo', new Set(['half-time', 'bouncy', 'laid-back', 'uptempo'])],
  ]),
};

describe('parsePrompt', () => {
  it('reads an artist type beat', () => {
    const intent = parsePrompt('Drake type beat', vocabulary);
    expect(intent.melody.artists).toEqual(['drake']);
    expect(intent.drums).toBeNull();
    expect(intent.unmatched).toEqual([]);
  });

  it('prefers a whole multi-word artist over its parts', () => {
    expect(parsePrompt('travis scott type beat', vocabulary).melody.artists).toEqual(['travis scott']);
  });

  it('splits a separate drum style: "trap type beat with country drums"', () => {
    const intent = parsePrompt('trap type beat with country drums', vocabulary);
    expect(intent.melody.genres).toEqual(['trap']);
    expect(intent.drums?.genres).toEqual(['country']);
  });

  it('reads mood, instrument, explicit BPM, key and mode', () => {
    const intent = parsePrompt('sad piano 85 bpm in A minor', vocabulary);
    expect(intent).toMatchObject({ bpm: 85, key: 'A', mode: 'Minor' });
    expect(intent.melody.moods).toEqual(['sad']);
    expect(intent.melody.instruments).toEqual(['piano']);
  });

  it.each([
    ['F# major', 'F#', 'Major'],
    ['Bb minor', 'A#', 'Minor'],
    ['c#m', 'C#', 'Minor'],
    ['in e flat minor', 'D#', 'Minor'],
    ['G maj', 'G', 'Major'],
    ['in A Minor', 'A', 'Minor'],
    ['D MINOR', 'D', 'Minor'],
    ['C Major', 'C', 'Major'],
    ['Am', 'A', 'Minor'],
    ['F#m', 'F#', 'Minor'],
    ['Ebmaj', 'D#', 'Major'],
  ])('reads the key in "%s"', (text, key, mode) => {
    expect(parsePrompt(`dark trap ${text}`, vocabulary)).toMatchObject({ key, mode });
  });

  it('does not take ordinary words for keys', () => {
    expect(parsePrompt('a melancholic bad mood beat', vocabulary)).toMatchObject({ key: null, mode: null });
    expect(parsePrompt('i am sad trap', vocabulary)).toMatchObject({ key: null, mode: null });
    expect(parsePrompt('take a min and vibe', vocabulary)).toMatchObject({ key: null, mode: null });
  });

  it('reads BPM written either way, and ignores impossible tempi', () => {
    expect(parsePrompt('drill bpm 142', vocabulary).bpm).toBe(142);
    expect(parsePrompt('drill at 140', vocabulary).bpm).toBe(140);
    expect(parsePrompt('drill 900 bpm', vocabulary).bpm).toBeNull();
  });

  it('understands aliases and spelling mistakes', () => {
    expect(parsePrompt('lofi hip hop', vocabulary).melody.genres).toEqual(['lo-fi', 'boom bap']);
    expect(parsePrompt('rnb slow jam', vocabulary).melody.genres).toEqual(['r&b']);
    expect(parsePrompt('drakee type beat', vocabulary).melody.artists).toEqual(['drake']);
    expect(parsePrompt('countri vibes', vocabulary).melody.genres).toEqual(['country']);
  });

  it('never fails on unknown words; it reports them', () => {
    const intent = parsePrompt('zyxwv quantum banjo-less beat', vocabulary);
    expect(intent.unmatched).toEqual(expect.arrayContaining(['zyxwv', 'quantum']));
    expect(intent.melody.genres).toEqual([]);
  });

  it('an empty prompt asks for nothing in particular', () => {
    expect(parsePrompt('', vocabulary)).toEqual({
      melody: { artists: [], genres: [], moods: [], instruments: [], tempoStyles: [] },
      drums: null, bpm: null, key: null, mode: null, modeLean: null, tempoWish: null, knownArtists: [], meanings: [], unmatched: [],
    });
  });
});
