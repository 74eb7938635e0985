import { describe, expect, it } from 'vitest';
import { addTag, allWav, digitsOnly, melodySubmitLabel, type MelodyFormState } from './melody-form-rules';

const empty: MelodyFormState = { files: [], artists: [], instruments: [], genres: [], moods: [], tempoStyle: [], bpm: '', key: '', mode: '' };

describe('melodySubmitLabel', () => {
  it('names the next missing item in the spec order', () => {
    const steps: [Partial<MelodyFormState>, string][] = [
      [{}, 'Select Files to Upload'],
      [{ files: [1] }, 'Add Artists'],
      [{ artists: ['a'] }, 'Add Instruments'],
      [{ instruments: ['i'] }, 'Add Genres'],
      [{ genres: ['g'] }, 'Add Moods'],
      [{ moods: ['m'] }, 'Add Tempo Style'],
      [{ tempoStyle: ['t'] }, 'Add BPM'],
      [{ bpm: '140' }, 'Select Key'],
      [{ key: 'C#' }, 'Select Mode'],
      [{ mode: 'Minor' }, 'Upload Samples'],
    ];
    let state = empty;
    for (const [change, label] of steps) {
      state = { ...state, ...change };
      expect(melodySubmitLabel(state)).toBe(label);
    }
  });

  it('a blank BPM still counts as missing', () => {
    expect(melodySubmitLabel({ ...empty, files: [1], artists: ['a'], instruments: ['i'], genres: ['g'], moods: ['m'], tempoStyle: ['t'], bpm: '  ' })).toBe('Add BPM');
  });
});

describe('addTag', () => {
  it('trims and removes a trailing comma', () => {
    expect(addTag([], '  dark trap, ')).toEqual(['dark trap']);
  });
  it('ignores empty and duplicate tags', () => {
    expect(addTag(['a'], ' , ')).toEqual(['a']);
    expect(addTag(['a'], 'a,')).toEqual(['a']);
  });
});

describe('BPM and WAV rules', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('1a4-0')).toBe('140');
  });
  it('rejects the whole batch when one file is not WAV', () => {
    expect(allWav([{ name: 'a.wav', type: 'audio/wav' }, { name: 'b.mp3', type: 'audio/mpeg' }])).toBe(false);
    expect(allWav([{ name: 'a.wav', type: 'audio/wav' }, { name: 'b.WAV', type: '' }])).toBe(true);
  });
});
