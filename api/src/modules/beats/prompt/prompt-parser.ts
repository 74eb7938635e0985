import { KEYS, type Key, type Mode } from '../../../shared/music-theory';
import { tagKey, type TagKind } from '../../catalog';
import { allowedEdits, editDistance, normaliseWords } from './artist-index';
import type { ArtistRecord } from './data/artists';
import { GENRE_ALIASES, GENRE_STAND_INS } from './data/genres';
import type { Lexicon } from './lexicon';

/** The tags the catalogue knows, by kind (lower-case values). */
export interface PromptVocabulary {
  readonly tags: ReadonlyMap<TagKind, ReadonlySet<string>>;
  /** Per mood tag, how many compositions of each mode carry it: the catalogue's own leaning. */
  readonly moodModes?: ReadonlyMap<string, { readonly minor: number; readonly major: number }>;
}

export interface TagWants {
  readonly artists: string[];
  readonly genres: string[];
  readonly moods: string[];
  readonly instruments: string[];
  readonly tempoStyles: string[];
}

/** A preference, never a rule: the words it came from are kept to show the listener. */
export interface ModeLean {
  readonly mode: Mode;
  readonly from: string[];
}

export interface TempoWish {
  readonly min: number;
  readonly max: number;
  readonly from: string[];
}

/** What a prompt asks for. Everything is optional: an empty prompt still yields a beat. */
export interface PromptIntent {
  readonly melody: TagWants;
  /** "... with country drums": a separate style for the drums; otherwise the melody's. */
  readonly drums: TagWants | null;
  readonly bpm: number | null;
  readonly key: Key | null;
  readonly mode: Mode | null;
  /** Major or minor, leaned to by the words' valence (or the catalogue's moods, or the artists). */
  readonly modeLean: ModeLean | null;
  /** A tempo range, wished by pace and energy words (or the artists). */
  readonly tempoWish: TempoWish | null;
  /** Artists from the artists file that the catalogue has no tag for (their genres and leanings apply). */
  readonly knownArtists: string[];
  /** Words understood by meaning, with the tag they were read as ("elated" -> "happy"). */
  readonly meanings: { readonly word: string; readonly tag: string }[];
  /** Words that matched nothing, even approximately (they do not fail the prompt). */
  readonly unmatched: string[];
}

/** The tempo ranges of pace words ("Slow" under 90, "Mid-Tempo" to 115, "Fast" above: the catalogue's own words). */
export const TEMPO_RANGES = {
  slow: { min: 60, max: 88 },
  mid: { min: 90, max: 115 },
  fast: { min: 120, max: 170 },
} as const;

const PACE_WORDS: Record<string, keyof typeof TEMPO_RANGES> = {
  slow: 'slow', slower: 'slow', slowed: 'slow', 'mid-tempo': 'mid', midtempo: 'mid', 'mid tempo': 'mid', medium: 'mid', moderate: 'mid',
  fast: 'fast', faster: 'fast', 'up-tempo': 'fast', uptempo: 'fast', quick: 'fast', rapid: 'fast',
};

const FILLER = new Set([
  'a', 'an', 'the', 'type', 'beat', 'beats', 'instrumental', 'make', 'me', 'give', 'i', 'want', 'like', 'some', 'something',
  'song', 'track', 'with', 'and', 'in', 'for', 'of', 'style', 'vibe', 'vibes', 'prod', 'by', 'feat', 'ft', 'please', 'is', 'it',
  'that', 'sounds', 'sound', 'kind', 'on', 'to', 'my', 'new', 'music', 'bpm', 'key', 'very', 'really', 'super', 'kinda', 'bit',
  'more', 'less', 'but', 'or', 'feel', 'feeling', 'mood', 'tempo', 'energy', 'vibey', 'x', 'about', 'can', 'you', 'we', 'need',
]);
const NEGATIONS = new Set(['not', 'no', 'never', 'without', 'non', 'anti']);

const KIND_ORDER: TagKind[] = ['artist', 'genre', 'instrument', 'mood', 'tempo'];
const FIELD: Record<TagKind, keyof TagWants> = {
  artist: 'artists', genre: 'genres', instrument: 'instruments', mood: 'moods', tempo: 'tempoStyles',
};

/** How close in meaning a word must be to a tag to be read as it (cosine of the word vectors). */
export const MEANING_THRESHOLD = { mood: 0.55, instrument: 0.62 } as const;
/** Net valence (VADER scale) that leans the mode; net arousal (cosine) that leans the tempo. */
const VALENCE_LEAN = 0.5;
const AROUSAL_LEAN = 0.18;
/** A word counts towards arousal when its own reading is at least this strong. */
const AROUSAL_WORD = 0.12;

const FLAT_TO_SHARP: Record<string, Key> = { DB: 'C#', EB: 'D#', GB: 'F#', AB: 'G#', BB: 'A#', CB: 'B', FB: 'E' };

function readBpm(text: string): { bpm: number | null; rest: string } {
  const match = /\b(\d{2,3})\s*bpm\b|\bbpm\s*(\d{2,3})\b|\bat\s+(\d{2,3})\b/i.exec(text);
  if (!match) return { bpm: null, rest: text };
  const bpm = Number(match[1] ?? match[2] ?? match[3]);
  if (bpm < 40 || bpm > 250) return { bpm: null, rest: text };
  return { bpm, rest: text.replace(match[0], ' ') };
}

const KEY_PATTERN = /\b(?:in\s+)?([a-g])(#|♯|b|♭|\s?sharp|\s?flat)?(\s*)(major|minor|maj|min|m)\b/gi;

/**
 * Reads a key and mode: "A minor", "in D MINOR", "F# major", "Bb min", "C#m", "Am". A spelled-out
 * mode is read in any case; an abbreviated one needs a capital letter or an accidental ("Am",
 * "c#m"), and a lone "m" no space, so that "I am sad" names no key.
 */
function readKey(text: string): { key: Key | null; mode: Mode | null; rest: string } {
  for (const match of text.matchAll(KEY_PATTERN)) {
    const [whole, rawLetter, rawAccidental, space, rawMode] = match;
    const modeWord = rawMode.toLowerCase();
    const accidental = (rawAccidental ?? '').trim().toLowerCase();
    const spelledOut = modeWord === 'major' || modeWord === 'minor';
    if (!spelledOut && rawLetter === rawLetter.toLowerCase() && !accidental) continue;
    if (modeWord === 'm' && (space || rawMode !== 'm')) continue;
    const letter = rawLetter.toUpperCase();
    const sharp = accidental === '#' || accidental === '♯' || accidental === 'sharp';
    const flat = accidental === 'b' || accidental === '♭' || accidental === 'flat';
    const name = sharp ? `${letter}#` : flat ? FLAT_TO_SHARP[`${letter}B`] ?? letter : letter;
    if (!(KEYS as readonly string[]).includes(name)) continue;
    const mode: Mode = modeWord.startsWith('maj') ? 'Major' : 'Minor';
    return { key: name as Key, mode, rest: text.replace(whole, ' ') };
  }
  return { key: null, mode: null, rest: text };
}

/** "in minor", "major key": a mode without a key. */
function readBareMode(text: string): { mode: Mode | null; rest: string } {
  const match = /\b(?:in\s+(?:a\s+)?)?(major|minor)(?:\s+key)?\b/i.exec(text);
  if (!match) return { mode: null, rest: text };
  return { mode: match[1].toLowerCase() === 'major' ? 'Major' : 'Minor', rest: text.replace(match[0], ' ') };
}

/** Splits "X ... with Y drums" into the melody part and the drum part. */
function splitDrums(text: string): { melody: string; drums: string | null } {
  const match = /\b(?:with|and|plus|over)\s+(.+?)\s+(?:drums|drum|percussion|hats|808s?)\b/i.exec(text);
  if (!match) return { melody: text, drums: null };
  return { melody: text.replace(match[0], ' '), drums: match[1] };
}

type MutableWants = { [K in keyof TagWants]: string[] };
const emptyWants = (): MutableWants => ({ artists: [], genres: [], moods: [], instruments: [], tempoStyles: [] });
const isEmpty = (w: TagWants) => (Object.keys(w) as (keyof TagWants)[]).every((k) => w[k].length === 0);

/** Everything a phrase tells, gathered while reading it. */
interface Reading {
  readonly wants: MutableWants;
  /** Genres guessed from artists of the artists file: asked for after any genre the prompt names. */
  readonly artistGenres: string[];
  readonly knownArtists: ArtistRecord[];
  /** Every artist named that the artists file knows, tagged in the catalogue or not: their leanings. */
  readonly leaningArtists: ArtistRecord[];
  readonly meanings: { word: string; tag: string }[];
  readonly valence: { word: string; value: number }[];
  readonly arousal: { word: string; value: number }[];
  readonly paces: { word: string; pace: keyof typeof TEMPO_RANGES }[];
  readonly unmatched: string[];
}

class PhraseReader {
  constructor(
    private readonly vocabulary: PromptVocabulary,
    private readonly lexicon: Lexicon | null,
  ) {}

  private has(kind: TagKind, value: string): boolean {
    return this.vocabulary.tags.get(kind)?.has(value) ?? false;
  }

  /** A catalogue tag spelled exactly (through the genre aliases). */
  private tagOf(candidate: string): { kind: TagKind; value: string } | null {
    const value = GENRE_ALIASES[candidate] ?? candidate;
    for (const kind of KIND_ORDER) if (this.has(kind, value)) return { kind, value };
    return null;
  }

  /** A genre the catalogue lacks, read as the first of its stand-ins the catalogue has. */
  private standInOf(candidate: string): string | null {
    const key = GENRE_ALIASES[candidate] ?? candidate;
    return (GENRE_STAND_INS[key] ?? []).find((g) => this.has('genre', g)) ?? null;
  }

  /** The catalogue genre an artist's genres point to. */
  private genreOfArtist(artist: ArtistRecord): string | null {
    for (const genre of artist.genres) {
      const value = GENRE_ALIASES[genre] ?? genre;
      if (this.has('genre', value)) return value;
      const standIn = this.standInOf(genre);
      if (standIn) return standIn;
    }
    return null;
  }

  private addArtist(reading: Reading, artist: ArtistRecord, add: (kind: TagKind, value: string) => void): void {
    if (!reading.leaningArtists.includes(artist)) reading.leaningArtists.push(artist);
    // The catalogue's own tag wins where uploads carry it.
    for (const name of [artist.name, ...artist.aliases]) {
      const key = tagKey(name);
      if (this.has('artist', key)) {
        add('artist', key);
        return;
      }
    }
    if (!reading.knownArtists.includes(artist)) reading.knownArtists.push(artist);
    const genre = this.genreOfArtist(artist);
    if (genre && !reading.artistGenres.includes(genre)) reading.artistGenres.push(genre);
  }

  read(phrase: string, reading: Reading): void {
    const words = normaliseWords(phrase).split(' ').filter(Boolean);
    const used = new Array<boolean>(words.length).fill(false);
    /** What each used word was read as: a tag kind, or null (an artist of the file, a pace word). */
    const kindAt = new Array<TagKind | null>(words.length).fill(null);
    const found: { position: number; kind: TagKind; value: string }[] = [];
    const add = (kind: TagKind, value: string) => {
      const list = reading.wants[FIELD[kind]];
      if (!list.includes(value)) list.push(value);
    };
    const lexicon = this.lexicon;

    // 1. Whole phrases, longest first: catalogue tags, genres the catalogue stands in for, artists.
    for (let size = Math.min(4, words.length); size >= 1; size--) {
      for (let start = 0; start + size <= words.length; start++) {
        if (used.slice(start, start + size).some(Boolean)) continue;
        const candidate = words.slice(start, start + size).join(' ');
        const tag = this.tagOf(candidate);
        if (tag?.kind === 'artist') {
          const known = lexicon?.artists.exact(candidate);
          if (known && !reading.leaningArtists.includes(known)) reading.leaningArtists.push(known);
        }
        const standIn = tag ? null : this.standInOf(candidate);
        const artist = tag || standIn ? null : lexicon?.artists.exact(candidate) ?? null;
        const pace = PACE_WORDS[candidate];
        if (!tag && !standIn && !artist && !pace) continue;
        if (tag) found.push({ position: start, ...tag });
        if (standIn) found.push({ position: start, kind: 'genre', value: standIn });
        if (artist) this.addArtist(reading, artist, (kind, value) => found.push({ position: start, kind, value }));
        if (pace) reading.paces.push({ word: candidate, pace });
        for (let i = start; i < start + size; i++) {
          used[i] = true;
          kindAt[i] = tag?.kind ?? (standIn ? 'genre' : null);
        }
      }
    }
    // In the order the prompt says them: the first genre named is the main one.
    for (const f of found.sort((a, b) => a.position - b.position)) add(f.kind, f.value);

    // 2. Misspelled artists over two or three words ("travis scot", "kendrik lamar").
    if (lexicon) {
      for (let size = 3; size >= 2; size--) {
        for (let start = 0; start + size <= words.length; start++) {
          if (used.slice(start, start + size).some(Boolean) || words.slice(start, start + size).some((w) => FILLER.has(w))) continue;
          const artist = lexicon.artists.closest(words.slice(start, start + size).join(' '));
          if (!artist) continue;
          this.addArtist(reading, artist, add);
          for (let i = start; i < start + size; i++) used[i] = true;
        }
      }
    }

    // 3. Single words: their affect, then a tag by spelling or by meaning, then an artist by spelling.
    words.forEach((word, i) => {
      const negated = i > 0 && NEGATIONS.has(words[i - 1]);
      if (FILLER.has(word) || NEGATIONS.has(word) || /^\d+$/.test(word)) return;
      // A mood tag also tells its feeling; other tags, artists and pace words only what they name.
      if (used[i]) {
        if (kindAt[i] === 'mood') this.readAffect(word, negated, reading);
        return;
      }
      const understood = this.readAffect(word, negated, reading);
      const tag = this.closestTag(word) ?? this.tagByMeaning(word, reading);
      if (tag) {
        add(tag.kind, tag.value);
        return;
      }
      const rare = !lexicon?.isCommonWord(word);
      const artist = rare ? lexicon?.artists.closest(word) : null;
      if (artist) {
        this.addArtist(reading, artist, add);
        return;
      }
      if (!understood) reading.unmatched.push(word);
    });
  }

  /** Records a word's valence and arousal; true when it tells either. */
  private readAffect(word: string, negated: boolean, reading: Reading): boolean {
    const lexicon = this.lexicon;
    if (!lexicon) return false;
    let told = false;
    const valence = lexicon.valence(word);
    if (valence !== null && Math.abs(valence) >= 0.5) {
      reading.valence.push({ word, value: negated ? -valence : valence });
      told = true;
    }
    const arousal = lexicon.arousal(word);
    if (arousal !== null && Math.abs(arousal) >= AROUSAL_WORD && !PACE_WORDS[word]) {
      reading.arousal.push({ word, value: negated ? -arousal : arousal });
      told = told || Math.abs(arousal) >= AROUSAL_LEAN;
    }
    return told;
  }

  /**
   * The tag spelled closest to a word (typos: "drakee", "countri"), if close enough to trust: a
   * word of a tag's name matches as it is ("travis"); a misspelling only when the word is not a
   * common English word ("past" is not "fast").
   */
  private closestTag(word: string): { kind: TagKind; value: string } | null {
    const max = this.lexicon?.isCommonWord(word) ? 0 : allowedEdits(word.length);
    if (word.length < 4) return null;
    let best: { kind: TagKind; value: string; d: number } | null = null;
    const consider = (kind: TagKind, value: string, spellings: string[]) => {
      for (const part of spellings) {
        if (part.length < 4) continue;
        const d = editDistance(word, part, max);
        if (d <= max && (!best || d < best.d)) best = { kind, value, d };
      }
    };
    for (const kind of KIND_ORDER) for (const value of this.vocabulary.tags.get(kind) ?? []) consider(kind, value, [value, ...value.split(' ')]);
    // Genre spellings the catalogue does not use ("lofi" for "lo-fi": "lofy" is one letter off).
    for (const [alias, value] of Object.entries(GENRE_ALIASES)) if (this.has('genre', value)) consider('genre', value, [alias]);
    const found = best as { kind: TagKind; value: string } | null;
    return found ? { kind: found.kind, value: found.value } : null;
  }

  /**
   * The mood or instrument tag nearest in meaning, when close enough and not of the opposite
   * feeling: word vectors place antonyms close ("happy" and "sad" share their contexts), so a
   * mood must also agree with the word in valence and arousal where both are clear.
   */
  private tagByMeaning(word: string, reading: Reading): { kind: TagKind; value: string } | null {
    const lexicon = this.lexicon;
    if (!lexicon?.vectorOf(word)) return null;
    let best: { kind: TagKind; value: string; similarity: number } | null = null;
    for (const kind of ['mood', 'instrument'] as const) {
      for (const value of this.vocabulary.tags.get(kind) ?? []) {
        const similarity = lexicon.similarity(word, value);
        if (similarity < MEANING_THRESHOLD[kind] || (best && similarity <= best.similarity)) continue;
        if (kind === 'mood' && !this.sameFeeling(word, value, similarity)) continue;
        best = { kind, value, similarity };
      }
    }
    if (best) reading.meanings.push({ word, tag: best.value });
    return best;
  }

  private sameFeeling(word: string, tag: string, similarity: number): boolean {
    const lexicon = this.lexicon!;
    const [a, b] = [lexicon.valence(word), lexicon.valence(tag)];
    // Without a feeling on both sides only near-synonyms pass ("relaxing" and "relaxed").
    if ((a === null || b === null) && similarity < 0.8) return false;
    if (a !== null && b !== null && Math.sign(a) !== Math.sign(b)) return false;
    const [x, y] = [lexicon.arousal(word), lexicon.arousal(tag)];
    if (x !== null && y !== null && Math.abs(x) >= 0.15 && Math.abs(y) >= 0.15 && Math.sign(x) !== Math.sign(y)) return false;
    return true;
  }
}

/** The catalogue's leaning of a mood tag: +1 all major, -1 all minor (null with too few pieces). */
function moodLeaning(vocabulary: PromptVocabulary, mood: string): number | null {
  const counts = vocabulary.moodModes?.get(mood);
  if (!counts || counts.major + counts.minor < 2) return null;
  return (counts.major - counts.minor) / (counts.major + counts.minor);
}

function leanMode(reading: Reading, vocabulary: PromptVocabulary): ModeLean | null {
  const parts: { word: string; value: number }[] = [...reading.valence];
  for (const mood of reading.wants.moods) {
    const leaning = moodLeaning(vocabulary, mood);
    if (leaning !== null && Math.abs(leaning) >= 0.6 && !parts.some((p) => p.word === mood)) parts.push({ word: mood, value: leaning * 2 });
  }
  // Artists lean less than the listener's own words.
  if (!parts.length) for (const artist of reading.leaningArtists) if (artist.mode) parts.push({ word: artist.name, value: artist.mode === 'major' ? 1 : -1 });
  const total = parts.reduce((s, p) => s + p.value, 0);
  if (Math.abs(total) < VALENCE_LEAN) return null;
  const mode: Mode = total > 0 ? 'Major' : 'Minor';
  return { mode, from: parts.filter((p) => Math.sign(p.value) === Math.sign(total)).map((p) => p.word) };
}

function wishTempo(reading: Reading): TempoWish | null {
  const pace = reading.paces[0];
  if (pace) return { ...TEMPO_RANGES[pace.pace], from: reading.paces.filter((p) => p.pace === pace.pace).map((p) => p.word) };
  if (reading.arousal.length) {
    const mean = reading.arousal.reduce((s, a) => s + a.value, 0) / reading.arousal.length;
    if (Math.abs(mean) >= AROUSAL_LEAN) {
      const range = mean > 0 ? TEMPO_RANGES.fast : TEMPO_RANGES.slow;
      return { ...range, from: reading.arousal.filter((a) => Math.sign(a.value) === Math.sign(mean)).map((a) => a.word) };
    }
  }
  const artist = reading.leaningArtists[0];
  return artist ? { min: artist.bpm[0], max: artist.bpm[1], from: [artist.name] } : null;
}

function newReading(): Reading {
  return { wants: emptyWants(), artistGenres: [], knownArtists: [], leaningArtists: [], meanings: [], valence: [], arousal: [], paces: [], unmatched: [] };
}

/**
 * Reads what a prompt asks for: explicit tempo, key and mode; catalogue tags by spelling (with small
 * typos), genres the catalogue lacks through their stand-ins, artists of the artists file (with
 * typos), other words by meaning (the nearest mood or instrument tag) and feeling (valence leans the
 * mode, arousal the tempo). Unknown words never fail it; they are reported in `unmatched`.
 */
export function parsePrompt(prompt: string, vocabulary: PromptVocabulary, lexicon: Lexicon | null = null): PromptIntent {
  const { bpm, rest: afterBpm } = readBpm(prompt);
  const { key, mode: keyMode, rest: afterKey } = readKey(afterBpm);
  const { mode: bareMode, rest: afterMode } = keyMode ? { mode: null, rest: afterKey } : readBareMode(afterKey);
  const { melody, drums } = splitDrums(afterMode);
  const reader = new PhraseReader(vocabulary, lexicon);
  const melodyReading = newReading();
  reader.read(melody, melodyReading);
  const drumReading = newReading();
  if (drums !== null) reader.read(drums, drumReading);

  const melodyWants = melodyReading.wants;
  for (const genre of melodyReading.artistGenres) if (!melodyWants.genres.includes(genre)) melodyWants.genres.push(genre);
  const drumWants = drumReading.wants;
  for (const genre of drumReading.artistGenres) if (!drumWants.genres.includes(genre)) drumWants.genres.push(genre);

  const all: Reading = {
    ...melodyReading,
    knownArtists: [...melodyReading.knownArtists, ...drumReading.knownArtists],
    leaningArtists: [...melodyReading.leaningArtists, ...drumReading.leaningArtists],
    meanings: [...melodyReading.meanings, ...drumReading.meanings],
    valence: [...melodyReading.valence, ...drumReading.valence],
    arousal: [...melodyReading.arousal, ...drumReading.arousal],
    paces: [...melodyReading.paces, ...drumReading.paces],
    unmatched: [...melodyReading.unmatched, ...drumReading.unmatched],
  };
  return {
    melody: melodyWants,
    drums: drums !== null && !isEmpty(drumWants) ? drumWants : null,
    bpm,
    key,
    mode: keyMode ?? bareMode,
    modeLean: leanMode(all, vocabulary),
    tempoWish: wishTempo(all),
    knownArtists: all.knownArtists.map((a) => a.name),
    meanings: all.meanings,
    unmatched: all.unmatched,
  };
}
