import type { PromptIntent } from './prompt-parser';

/** What a prompt was read as, for the listener (GraphQL `PromptReading`, REST `read_as`). */
export interface PromptReading {
  readonly genres: string[];
  readonly moods: string[];
  readonly artists: string[];
  readonly instruments: string[];
  /** "country" in "trap with country drums". */
  readonly drumGenres: string[];
  readonly bpm: number | null;
  /** A tempo range wished by the words (null with an explicit BPM or none). */
  readonly tempoMin: number | null;
  readonly tempoMax: number | null;
  readonly key: string | null;
  /** "Major" or "Minor": asked for, or leaned to by the words. */
  readonly mode: string | null;
  /** True when the mode was asked for ("in A minor"), false when leaned to. */
  readonly modeExplicit: boolean;
  /** Words read by meaning, as "word: tag". */
  readonly meanings: string[];
  readonly ignored: string[];
  /** One line: "trap, dark, minor, 140 BPM (ignored: blorp)". */
  readonly summary: string;
}

const unique = (values: string[]) => [...new Set(values)];

/** The listener's view of a parsed prompt. */
export function presentReading(intent: PromptIntent): PromptReading {
  const genres = [...intent.melody.genres];
  const drumGenres = intent.drums ? [...intent.drums.genres] : [];
  const artists = unique([...intent.melody.artists, ...(intent.drums?.artists ?? []), ...intent.knownArtists]);
  const moods = unique([...intent.melody.moods, ...(intent.drums?.moods ?? [])]);
  const instruments = unique([...intent.melody.instruments, ...(intent.drums?.instruments ?? [])]);
  const mode = intent.mode ?? intent.modeLean?.mode ?? null;
  const tempoMin = intent.bpm ? null : intent.tempoWish?.min ?? null;
  const tempoMax = intent.bpm ? null : intent.tempoWish?.max ?? null;

  const parts: string[] = [...genres, ...drumGenres.map((g) => `${g} drums`), ...artists, ...moods, ...instruments];
  if (intent.key && intent.mode) parts.push(`${intent.key} ${intent.mode.toLowerCase()}`);
  else if (mode) parts.push(mode.toLowerCase());
  if (intent.bpm) parts.push(`${intent.bpm} BPM`);
  else if (tempoMin !== null && tempoMax !== null) parts.push(`${tempoMin}–${tempoMax} BPM`);
  let summary = parts.length ? parts.join(', ') : 'anything';
  if (intent.unmatched.length) summary += ` (ignored: ${intent.unmatched.join(', ')})`;

  return {
    genres, moods, artists, instruments, drumGenres,
    bpm: intent.bpm, tempoMin, tempoMax,
    key: intent.key, mode, modeExplicit: intent.mode !== null,
    meanings: intent.meanings.map((m) => `${m.word}: ${m.tag}`),
    ignored: [...intent.unmatched],
    summary,
  };
}
