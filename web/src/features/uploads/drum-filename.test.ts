import { describe, expect, it } from 'vitest';
import { detectFromFileName, normaliseFileName } from './drum-filename';

describe('normaliseFileName', () => {
  it('lower-cases and turns -, _ and . into spaces', () => {
    expect(normaliseFileName('Dark_Trap-Kick.V2.wav')).toBe('dark trap kick v2');
  });
});

describe('drum type keywords', () => {
  it.each([
    ['hihat_loop.wav', 'Hihats'],
    ['trap hat 1.wav', 'Hihats'],
    ['HH_roll.wav', 'Hihats'],
    ['OH_loop.wav', 'Open Hats'],
    ['ophat-groove.wav', 'Open Hats'],
    ['openhat_1.wav', 'Open Hats'],
    ['kick_main.wav', 'Kicks'],
    ['BD-hard.wav', 'Kicks'],
    ['snr_tight.wav', 'Snares'],
    ['SD_loop.wav', 'Snares'],
    ['snare_roll.wav', 'Snares'],
    ['clp_stack.wav', 'Claps'],
    ['clap-loop.wav', 'Claps'],
    ['perc_loop.wav', 'Percs'],
    ['Percussion Groove.wav', 'Percs'],
    ['cym_swell.wav', 'Cymbals'],
    ['cymbal loop.wav', 'Cymbals'],
    ['crash_hits.wav', 'Cymbals'],
    ['ride_pattern.wav', 'Cymbals'],
    ['fx_riser.wav', 'FX'],
    ['Effect_sweep.wav', 'FX'],
    ['effects-pack.wav', 'FX'],
    ['808_slide.wav', '808s'],
  ])('%s is %s', (name, type) => {
    expect(detectFromFileName(name).drumType).toBe(type);
  });

  it.each([
    ['hi hat loop.wav', 'Hihats'],
    ['open_hat_140.wav', 'Open Hats'],
    ['808_kick_layer.wav', '808s'],
  ])('multi-word and overlapping names: %s is %s', (name, type) => {
    expect(detectFromFileName(name).drumType).toBe(type);
  });

  it('reads a keyword glued to a number', () => {
    expect(detectFromFileName('Kick140.wav')).toMatchObject({ drumType: 'Kicks', bpm: 140 });
    expect(detectFromFileName('hh01.wav').drumType).toBe('Hihats');
    expect(detectFromFileName('808s_Fm.wav')).toMatchObject({ drumType: '808s', key: 'F', mode: 'Minor' });
  });

  it('finds nothing in a name without a keyword', () => {
    expect(detectFromFileName('my_loop_140.wav')).toEqual({ drumType: null, bpm: 140, key: null, mode: null });
  });

  it('does not take a keyword inside another word', () => {
    expect(detectFromFileName('shadow_loop.wav').drumType).toBeNull();
    expect(detectFromFileName('kickstart.wav').drumType).toBeNull();
  });
});

describe('BPM', () => {
  it.each([
    ['kick 140 bpm.wav', 140],
    ['kick_140bpm.wav', 140],
    ['kick bpm 95.wav', 95],
    ['kick_BPM95.wav', 95],
    ['hat_loop_150.wav', 150],
    ['hat_70.wav', 70],
    ['hat_200.wav', 200],
  ])('%s reads %d', (name, bpm) => {
    expect(detectFromFileName(name).bpm).toBe(bpm);
  });

  it.each(['hat_69.wav', 'hat_201.wav', 'hat_loop_2.wav', 'hat_loop.wav'])('%s has no bare-number BPM', (name) => {
    expect(detectFromFileName(name).bpm).toBeNull();
  });

  it('808 is a drum type, never a bare-number BPM', () => {
    expect(detectFromFileName('808_slide.wav').bpm).toBeNull();
  });

  it('a labelled BPM outside 70 to 200 still counts', () => {
    expect(detectFromFileName('kick 60 bpm.wav').bpm).toBe(60);
    expect(detectFromFileName('kick_bpm_220.wav').bpm).toBe(220);
  });

  it('a labelled BPM wins over an earlier bare number', () => {
    expect(detectFromFileName('kick_120_loop_95bpm.wav').bpm).toBe(95);
  });

  it('the first bare number in range wins', () => {
    expect(detectFromFileName('kick_2_150_90.wav').bpm).toBe(150);
  });

  it('does not read a tempo out of a longer number', () => {
    expect(detectFromFileName('kick_1140bpm.wav').bpm).toBeNull();
    expect(detectFromFileName('kick_1400.wav').bpm).toBeNull();
  });
});

describe('808 key and mode', () => {
  it.each([
    ['808_F#min_140bpm.wav', 'F#', 'Minor'],
    ['808 C minor.wav', 'C', 'Minor'],
    ['808_Amaj.wav', 'A', 'Major'],
    ['808 gm 150.wav', 'G', 'Minor'],
    ['808_Bb_major.wav', 'A#', 'Major'],
    ['808 eb min.wav', 'D#', 'Minor'],
    ['808 d.wav', 'D', null],
    ['808_F#m.wav', 'F#', 'Minor'],
    ['808 C# major.wav', 'C#', 'Major'],
    ['808_Ab_maj_140.wav', 'G#', 'Major'],
  ])('%s is %s %s', (name, key, mode) => {
    expect(detectFromFileName(name)).toMatchObject({ drumType: '808s', key, mode });
  });

  it.each([['a', 'A'], ['b', 'B'], ['c', 'C'], ['d', 'D'], ['e', 'E'], ['f', 'F'], ['g', 'G']])('the letter %s is the key %s', (letter, key) => {
    expect(detectFromFileName(`808_${letter}.wav`)).toMatchObject({ key, mode: null });
  });

  it.each([['min', 'Minor'], ['m', 'Minor'], ['minor', 'Minor'], ['maj', 'Major'], ['major', 'Major']])('the mode word %s is %s', (word, mode) => {
    expect(detectFromFileName(`808 g ${word}.wav`)).toMatchObject({ key: 'G', mode });
  });

  it('reads a sharp written with the sharp sign and a flat with the flat sign', () => {
    expect(detectFromFileName('808 F♯m.wav')).toMatchObject({ key: 'F#', mode: 'Minor' });
    expect(detectFromFileName('808 D♭.wav')).toMatchObject({ key: 'C#' });
  });

  it('a key written with its mode wins over a lone letter elsewhere in the name', () => {
    expect(detectFromFileName('808_E2E_Fmin_140.wav')).toMatchObject({ key: 'F', mode: 'Minor', bpm: 140 });
    expect(detectFromFileName('808 a take gmaj.wav')).toMatchObject({ key: 'G', mode: 'Major' });
    expect(detectFromFileName('808 a take.wav')).toMatchObject({ key: 'A', mode: null });
  });

  it('an 808 without a key letter has neither key nor mode', () => {
    expect(detectFromFileName('808_dark_slide_140.wav')).toMatchObject({ key: null, mode: null, bpm: 140 });
  });

  it('key and mode are only read for 808s', () => {
    expect(detectFromFileName('kick_F#min_140.wav')).toMatchObject({ drumType: 'Kicks', key: null, mode: null, bpm: 140 });
  });
});
