import { detectFromFileName } from './drum-filename';
import { isBpmInRange } from './music-options';

/** One row of the drum upload table (requirements §P2, §5 "Drum rows"). */
export interface DrumRow {
  id: number;
  file: File | null;
  drumType: string;
  genres: string[];
  artists: string[];
  /** What plays in the loop; starts as the drum type (as the catalogue tags its loops) and can be edited. */
  instruments: string[];
  moods: string[];
  tempoStyle: string[];
  bpm: string;
  /** 808s only. */
  key: string;
  mode: string;
}

export const emptyDrumRow = (id: number): DrumRow => ({
  id, file: null, drumType: '', genres: [], artists: [], instruments: [], moods: [], tempoStyle: [], bpm: '', key: '', mode: '',
});

export const isEightOhEight = (row: Pick<DrumRow, 'drumType'>): boolean => row.drumType === '808s';

/**
 * A row is complete with a file, a type, one of each tag list and a numeric BPM the api accepts
 * (40 to 250); 808s also need key and mode.
 */
export function isRowComplete(row: DrumRow): boolean {
  const base = row.file !== null && row.drumType !== '' && row.genres.length > 0 && row.artists.length > 0
    && row.moods.length > 0 && row.tempoStyle.length > 0 && isBpmInRange(row.bpm);
  return base && (!isEightOhEight(row) || (row.key !== '' && row.mode !== ''));
}

export const canUploadDrums = (rows: readonly DrumRow[]): boolean => rows.some(isRowComplete);

/**
 * The instruments after a type change: a row whose instruments are still what its type gave (or
 * none) follows the new type; instruments the user wrote stay.
 */
function instrumentsFor(row: DrumRow, drumType: string): string[] {
  const untouched = row.instruments.length === 0 || (row.instruments.length === 1 && row.instruments[0] === row.drumType);
  if (!untouched) return row.instruments;
  return drumType ? [drumType] : [];
}

/** Changing the type away from 808s clears key and mode (they exist only for 808s); the instruments follow the type. */
export function setDrumType(row: DrumRow, drumType: string): DrumRow {
  const instruments = instrumentsFor(row, drumType);
  return drumType === '808s' ? { ...row, drumType, instruments } : { ...row, drumType, instruments, key: '', mode: '' };
}

/** Copy From: the target takes the source's tags and BPM (and key/mode when both are 808s); its file stays. */
export function copyRowFrom(target: DrumRow, source: DrumRow): DrumRow {
  const copied: DrumRow = {
    ...target,
    genres: [...source.genres], artists: [...source.artists], moods: [...source.moods], tempoStyle: [...source.tempoStyle],
    bpm: source.bpm,
  };
  return isEightOhEight(copied) && isEightOhEight(source) ? { ...copied, key: source.key, mode: source.mode } : copied;
}

/** A file put on a row fills in what its name says, without overwriting what the user already chose. */
export function withFile(row: DrumRow, file: File): DrumRow {
  const hints = detectFromFileName(file.name);
  const drumType = row.drumType || hints.drumType || '';
  const next: DrumRow = { ...row, file, drumType, instruments: instrumentsFor(row, drumType), bpm: row.bpm || (hints.bpm === null ? '' : String(hints.bpm)) };
  if (drumType !== '808s') return { ...next, key: '', mode: '' };
  return { ...next, key: row.key || hints.key || '', mode: row.mode || hints.mode || '' };
}

/** What the Copy From menu can copy: everything, one tag list, or (808s) key and mode. */
export type CopyPart = 'all' | 'genres' | 'artists' | 'moods' | 'tempoStyle' | 'keyMode';

export function copyPartFrom(target: DrumRow, source: DrumRow, part: CopyPart): DrumRow {
  if (part === 'all') return copyRowFrom(target, source);
  if (part === 'keyMode') return isEightOhEight(target) && isEightOhEight(source) ? { ...target, key: source.key, mode: source.mode } : target;
  return { ...target, [part]: [...source[part]] };
}

/** "To all rows": every other row takes the part from `sourceId`. */
export const copyToAllRows = (rows: readonly DrumRow[], sourceId: number, part: CopyPart): DrumRow[] => {
  const source = rows.find((r) => r.id === sourceId);
  return source ? rows.map((r) => (r.id === sourceId ? r : copyPartFrom(r, source, part))) : [...rows];
};

/**
 * New files go into the rows still without a file (in order), then into new rows; each fills in
 * what its name says. `nextId` hands out ids for the new rows.
 */
export function placeFiles(rows: readonly DrumRow[], files: readonly File[], nextId: () => number): DrumRow[] {
  const queue = [...files];
  const filled = rows.map((row) => {
    if (row.file !== null || queue.length === 0) return row;
    return withFile(row, queue.shift()!);
  });
  return [...filled, ...queue.map((file) => withFile(emptyDrumRow(nextId()), file))];
}

/** BPM text keeps digits and one decimal point (requirements §P5 "BPM is numeric"). */
export function numericBpm(value: string): string {
  const [whole, ...rest] = value.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('')}`;
}
