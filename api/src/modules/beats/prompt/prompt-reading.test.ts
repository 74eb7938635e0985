import type { PromptIntent } from './prompt-parser';
import { presentReading } from './prompt-reading';

const intent = (over: Partial<PromptIntent>): PromptIntent => ({
  melody: { artists: [], genres: [], moods: [], instruments: [], tempoStyles: [] },
  drums: null, bpm: null, key: null, mode: null, modeLean: null, tempoWish: null, knownArtists: [], meanings: [], unmatched: [],
  ...over,
});

describe('presentReading', () => {
  it('says it in one line: genres, drums, artists, moods, instruments, mode, tempo, ignored words', () => {
    const reading = presentReading(intent({
      melody: { artists: [], genres: ['trap'], moods: ['dark'], instruments: ['piano'], tempoStyles: [] },
      drums: { artists: [], genres: ['country'], moods: [], instruments: [], tempoStyles: [] },
      knownArtists: ['Kendrick Lamar'],
      modeLean: { mode: 'Minor', from: ['dark'] },
      tempoWish: { min: 120, max: 170, from: ['frantic'] },
      unmatched: ['blorp'],
    }));
    expect(reading.summary).toBe('trap, country drums, Kendrick Lamar, dark, piano, minor, 120–170 BPM (ignored: blorp)');
    expect(reading).toMatchObject({ mode: 'Minor', modeExplicit: false, tempoMin: 120, tempoMax: 170, ignored: ['blorp'] });
  });

  it('an explicit key, mode and BPM win over the leanings', () => {
    const reading = presentReading(intent({ key: 'A', mode: 'Minor', bpm: 85, modeLean: { mode: 'Major', from: ['happy'] }, tempoWish: { min: 120, max: 170, from: ['fast'] } }));
    expect(reading.summary).toBe('A minor, 85 BPM');
    expect(reading).toMatchObject({ mode: 'Minor', modeExplicit: true, bpm: 85, tempoMin: null, tempoMax: null });
  });

  it('reads nothing as "anything"', () => {
    expect(presentReading(intent({ unmatched: ['asdf', 'qwer'] })).summary).toBe('anything (ignored: asdf, qwer)');
  });
});
