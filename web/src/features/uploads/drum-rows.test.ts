import { describe, expect, it } from 'vitest';
import { canUploadDrums, copyRowFrom, emptyDrumRow, isRowComplete, numericBpm, placeFiles, setDrumType, withFile, type DrumRow } from './drum-rows';

const wav = (name: string) => new File(['x'], name, { type: 'audio/wav' });
const full = (over: Partial<DrumRow> = {}): DrumRow => ({
  ...emptyDrumRow(1), file: wav('kick.wav'), drumType: 'Kicks', genres: ['trap'], artists: ['a'], moods: ['dark'], tempoStyle: ['fast'], bpm: '140', ...over,
});

describe('drum rows', () => {
  it('a row is complete with file, type, tags and numeric BPM', () => {
    expect(isRowComplete(full())).toBe(true);
    expect(isRowComplete(full({ file: null }))).toBe(false);
    expect(isRowComplete(full({ moods: [] }))).toBe(false);
    expect(isRowComplete(full({ bpm: '14a' }))).toBe(false);
    expect(isRowComplete(full({ drumType: '' }))).toBe(false);
    for (const list of ['genres', 'artists', 'tempoStyle'] as const) expect(isRowComplete(full({ [list]: [] }))).toBe(false);
  });

  it('a BPM outside 40 to 250 is not complete; decimals are', () => {
    expect(isRowComplete(full({ bpm: '39' }))).toBe(false);
    expect(isRowComplete(full({ bpm: '251' }))).toBe(false);
    expect(isRowComplete(full({ bpm: '92.5' }))).toBe(true);
  });

  it('808s also need key and mode', () => {
    expect(isRowComplete(full({ drumType: '808s' }))).toBe(false);
    expect(isRowComplete(full({ drumType: '808s', key: 'F#', mode: 'Minor' }))).toBe(true);
  });

  it('upload is enabled when at least one row is complete', () => {
    expect(canUploadDrums([emptyDrumRow(1)])).toBe(false);
    expect(canUploadDrums([emptyDrumRow(1), full()])).toBe(true);
  });

  it('the instruments follow the type until the producer writes their own', () => {
    const chosen = setDrumType(emptyDrumRow(1), 'Snares');
    expect(chosen.instruments).toEqual(['Snares']);
    expect(setDrumType(chosen, 'Claps').instruments).toEqual(['Claps']);
    expect(setDrumType(chosen, '').instruments).toEqual([]);
    const written = { ...chosen, instruments: ['Snares', 'rimshot'] };
    expect(setDrumType(written, 'Claps').instruments).toEqual(['Snares', 'rimshot']);
    expect(withFile(emptyDrumRow(2), wav('hihat_140.wav')).instruments).toEqual(['Hihats']);
    expect(withFile({ ...emptyDrumRow(3), instruments: ['shaker'] }, wav('hihat_140.wav')).instruments).toEqual(['shaker']);
  });

  it('leaving 808s clears key and mode', () => {
    expect(setDrumType(full({ drumType: '808s', key: 'C', mode: 'Major' }), 'Kicks')).toMatchObject({ key: '', mode: '' });
  });

  it('Copy From copies tags and BPM but keeps the file and type; key/mode only between 808s', () => {
    const source = full({ drumType: '808s', key: 'G', mode: 'Minor', bpm: '150', genres: ['drill'] });
    const kick = copyRowFrom(emptyDrumRow(2), source);
    expect(kick).toMatchObject({ file: null, drumType: '', bpm: '150', genres: ['drill'], key: '', mode: '' });
    const bass = copyRowFrom({ ...emptyDrumRow(3), drumType: '808s' }, source);
    expect(bass).toMatchObject({ key: 'G', mode: 'Minor' });
  });

  it('a file fills type, BPM, key and mode from its name without overwriting choices', () => {
    expect(withFile(emptyDrumRow(1), wav('808_F#min_140bpm.wav'))).toMatchObject({ drumType: '808s', bpm: '140', key: 'F#', mode: 'Minor' });
    expect(withFile({ ...emptyDrumRow(1), bpm: '90' }, wav('kick_140.wav'))).toMatchObject({ drumType: 'Kicks', bpm: '90', key: '' });
  });
});

describe('Copy From parts', () => {
  it('copies one tag list only, key/mode only between 808s, and to all rows', async () => {
    const { copyPartFrom, copyToAllRows } = await import('./drum-rows');
    const source = full({ id: 1, drumType: '808s', key: 'A', mode: 'Major', moods: ['sad'] });
    expect(copyPartFrom(emptyDrumRow(2), source, 'moods')).toMatchObject({ moods: ['sad'], genres: [], bpm: '' });
    expect(copyPartFrom(emptyDrumRow(2), source, 'keyMode')).toMatchObject({ key: '', mode: '' });
    const rows = copyToAllRows([source, emptyDrumRow(2), emptyDrumRow(3)], 1, 'genres');
    expect(rows.map((r) => r.genres)).toEqual([['trap'], ['trap'], ['trap']]);
  });
});

describe('placing files and clearing uploaded rows', () => {
  const counter = (start: number) => {
    let id = start;
    return () => id++;
  };

  it('fills the rows without a file first, then adds rows, each read from its name', () => {
    const rows = [full({ id: 1 }), emptyDrumRow(2)];
    const placed = placeFiles(rows, [wav('808_Gm_150.wav'), wav('Snare_90bpm.wav')], counter(3));
    expect(placed.map((r) => [r.id, r.file?.name, r.drumType, r.bpm, r.key, r.mode])).toEqual([
      [1, 'kick.wav', 'Kicks', '140', '', ''],
      [2, '808_Gm_150.wav', '808s', '150', 'G', 'Minor'],
      [3, 'Snare_90bpm.wav', 'Snares', '90', '', ''],
    ]);
  });

  it('BPM text keeps digits and one decimal point', () => {
    expect(numericBpm('1a4.5.2x')).toBe('14.52');
    expect(numericBpm('abc')).toBe('');
  });
});
