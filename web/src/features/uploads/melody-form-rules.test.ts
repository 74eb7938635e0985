import { describe, expect, it } from 'vitest';
import { addTag, addTags, allWav, digitsOnly, isWavFile, melodySubmitLabel, type MelodyFormState } from './melody-form-rules';

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

  const tagged = { ...empty, files: [1], artists: ['a'], instruments: ['i'], genres: ['g'], moods: ['m'], tempoStyle: ['t'], key: 'C', mode: 'Major' };

  it('a blank BPM still counts as missing', () => {
    expect(melodySubmitLabel({ ...tagged, bpm: '  ' })).toBe('Add BPM');
  });

  it('a BPM the api refuses (outside 40 to 250) counts as missing; the bounds are accepted', () => {
    expect(melodySubmitLabel({ ...tagged, bpm: '39' })).toBe('Add BPM');
    expect(melodySubmitLabel({ ...tagged, bpm: '251' })).toBe('Add BPM');
    expect(melodySubmitLabel({ ...tagged, bpm: '40' })).toBe('Upload Samples');
    expect(melodySubmitLabel({ ...tagged, bpm: '250' })).toBe('Upload Samples');
  });
});

describe('addTag', () => {
  it('trims and removes a trailing comma', () => {
    expect(addTag([], '  dark trap, ')).toEqual(['dark trap']);
  });
  it('ignores empty and duplicate tags, duplicates compared without case', () => {
    expect(addTag(['a'], ' , ')).toEqual(['a']);
    expect(addTag(['a'], 'a,')).toEqual(['a']);
    expect(addTag(['Trap'], ' trap ')).toEqual(['Trap']);
  });
  it('adds each part of a comma-separated text', () => {
    expect(addTags(['trap'], 'drill, lo-fi,, Trap ,')).toEqual(['trap', 'drill', 'lo-fi']);
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
  it.each(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'])('%s is WAV', (type) => {
    expect(isWavFile({ name: 'x', type })).toBe(true);
  });
  it('a .wav name with another type, or no type and another name, is not WAV', () => {
    expect(isWavFile({ name: 'beat.wav', type: 'audio/mpeg' })).toBe(false);
    expect(isWavFile({ name: 'beat.mp3', type: '' })).toBe(false);
  });
});
