import { describe, expect, it } from 'vitest';
import { emptyDrumRow, type DrumRow } from './drum-rows';
import { drumUploadRequest, melodyUploadVariables } from './upload-requests';

const wav = (name: string) => new File(['x'], name, { type: 'audio/wav' });

describe('melodyUploadVariables', () => {
  it('sends the files and the tags, BPM as a number, tempo style as tempoStyles', () => {
    const files = [wav('keys.wav'), wav('pad.wav')];
    const variables = melodyUploadVariables({
      files, artists: ['Drake'], instruments: ['piano'], genres: ['trap'], moods: ['dark'], tempoStyle: ['half-time'], bpm: '140', key: 'F#', mode: 'Minor',
    });
    expect(variables.files).toEqual(files);
    expect(variables.input).toEqual({
      artists: ['Drake'], instruments: ['piano'], genres: ['trap'], moods: ['dark'], tempoStyles: ['half-time'], bpm: 140, key: 'F#', mode: 'Minor',
    });
  });
});

describe('drumUploadRequest', () => {
  const row = (over: Partial<DrumRow>): DrumRow => ({
    ...emptyDrumRow(1), genres: ['trap'], artists: ['Future'], moods: ['dark'], tempoStyle: ['fast'], bpm: '140', ...over,
  });

  it('sends only complete rows, each naming its file and its instruments, key and mode only for 808s', () => {
    const kick = row({ id: 1, file: wav('kick.wav'), drumType: 'Kicks', instruments: ['Kicks', 'rimshot'] });
    const unfinished = row({ id: 2, file: wav('snare.wav'), drumType: 'Snares', moods: [] });
    const bass = row({ id: 3, file: wav('808.wav'), drumType: '808s', key: 'F', mode: 'Minor', bpm: '142.5' });
    const request = drumUploadRequest([kick, unfinished, bass]);
    expect([...request.rowIds]).toEqual([1, 3]);
    expect(request.files.map((f) => f.name)).toEqual(['kick.wav', '808.wav']);
    expect(request.entries).toEqual([
      { fileIndex: 0, drumType: 'Kicks', genres: ['trap'], artists: ['Future'], instruments: ['Kicks', 'rimshot'], moods: ['dark'], tempoStyles: ['fast'], bpm: 140, key: null, mode: null },
      { fileIndex: 1, drumType: '808s', genres: ['trap'], artists: ['Future'], instruments: [], moods: ['dark'], tempoStyles: ['fast'], bpm: 142.5, key: 'F', mode: 'Minor' },
    ]);
  });

  it('is empty when no row is complete', () => {
    expect(drumUploadRequest([emptyDrumRow(1)]).entries).toEqual([]);
  });
});
