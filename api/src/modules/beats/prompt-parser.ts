import { KEYS, type Key, type Mode } from '../catalog/music-theory';
import { tagKey, type TagKind } from '../catalog/tags';

/** The tags the catalogue knows, by kind (lower-case keys), plus well-known aliases. */
export interface PromptVocabulary {
  readonly tags: ReadonlyMap<TagKind, ReadonlySet<string>>;
}

export interface TagWants {
  readonly artists: string[];
  readonly genres: string[];
  readonly moods: string[];
  readonly instruments: string[];
  readonly tempoStyles: string[];
}

/** What a prompt asks for. Everything is optional: an empty prompt still yields a beat. */
export interface PromptIntent {
  readonly melody: TagWants;
  /** "... with country drums": a separate style for the drums; otherwise the melody's. */
  readonly drums: TagWants | null;
  readonly bpm: number | null;
  readonly key: Key | null;
  readonly mode: Mode | null;
  /** Words that matched nothing, even approximately (they do not fail the prompt). */
  readonly unmatched: string[];
}

const ALIASES: Record<string, string> = {
  'hip hop': 'boom bap', 'hip-hop': 'boom bap', hiphop: 'boom bap', boombap: 'boom bap',
  lofi: 'lo-fi', 'lo fi': 'lo-fi', rnb: 'r&b', 'r and b': 'r&b', 'r n b': 'r&b',
  afro: 'afrobeats', afrobeat: 'afrobeats', 'afro beats': 'afrobeats', 'uk drill': 'drill', 'ny drill': 'drill',
};

const FILLER = new Set([
  'a', 'an', 'the', 'type', 'beat', 'beats', 'instrumental', 'make', 'me', 'give', 'i', 'want', 'like', 'some',
  'song', 'track', 'with', 'and', 'in', 'for', 'of', 'style', 'vibe', 'vibes', 'prod', 'by', 'feat', 'ft', 'please',
  'that', 'sounds', 'sound', 'kind', 'on', 'to', 'my', 'new', 'music', 'bpm', 'key',
]);

const KIND_ORDER: TagKind[] = ['artist', 'genre', 'instrument', 'mood', 'tempo'];
const FIELD: Record<TagKind, keyof TagWants> = {
  artist: 'artists', genre: 'genres', instrument: 'instruments', mood: 'moods', tempo: 'tempoStyles',
};

const FLAT_TO_SHARP: Record<string, Key> = { DB: 'C#', EB: 'D#', GB: 'F#', AB: 'G#', BB: 'A#', CB: 'B', FB: 'E' };

/** Levenshtein distance, bounded: gives up (returns max + 1) once past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

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

/** Splits "X ... with Y drums" into the melody part and the drum part. */
function splitDrums(text: string): { melody: string; drums: string | null } {
  const match = /\b(?:with|and|plus|over)\s+(.+?)\s+(?:drums|drum|percussion|hats|808s?)\b/i.exec(text);
  if (!match) return { melody: text, drums: null };
  return { melody: text.replace(match[0], ' '), drums: match[1] };
}

function emptyWants(): { [K in keyof TagWants]: string[] } {
  return { artists: [], genres: [], moods: [], instruments: [], tempoStyles: [] };
}

/**
 * Finds the vocabulary's tags in a phrase: longest phrases first (so "travis scott" wins over
 * "scott"), then single words by exact match, alias, and finally by closest spelling.
 */
function matchTags(phrase: string, vocabulary: PromptVocabulary, unmatched: string[]): TagWants {
  const wants = emptyWants();
  let words = tagKey(phrase).replace(/[^a-z0-9&#+\- ]/g, ' ').split(/\s+/).filter(Boolean);
  const add = (kind: TagKind, value: string) => {
    const list = wants[FIELD[kind]];
    if (!list.includes(value)) list.push(value);
  };
  const lookup = (candidate: string): TagKind | null => {
    const aliased = ALIASES[candidate] ?? candidate;
    for (const kind of KIND_ORDER) if (vocabulary.tags.get(kind)?.has(aliased)) return kind;
    return null;
  };
  const used = new Array<boolean>(words.length).fill(false);
  const found: { position: number; kind: TagKind; value: string }[] = [];
  for (let size = Math.min(4, words.length); size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      if (used.slice(start, start + size).some(Boolean)) continue;
      const candidate = words.slice(start, start + size).join(' ');
      const kind = lookup(candidate);
      if (!kind) continue;
      found.push({ position: start, kind, value: ALIASES[candidate] ?? candidate });
      for (let i = start; i < start + size; i++) used[i] = true;
    }
  }
  // In the order the prompt says them: the first genre named is the main one.
  for (const f of found.sort((a, b) => a.position - b.position)) add(f.kind, f.value);
  words = words.filter((word, i) => !used[i] && !FILLER.has(word) && !/^\d+$/.test(word));
  for (const word of words) {
    const closest = closestTag(word, vocabulary);
    if (closest) add(closest.kind, closest.value);
    else unmatched.push(word);
  }
  return wants;
}

/** The tag spelled closest to a word (typos: "drakee", "countri"), if close enough to trust. */
function closestTag(word: string, vocabulary: PromptVocabulary): { kind: TagKind; value: string } | null {
  if (word.length < 4) return null;
  const max = word.length >= 7 ? 2 : 1;
  let best: { kind: TagKind; value: string; d: number } | null = null;
  for (const kind of KIND_ORDER) {
    for (const value of vocabulary.tags.get(kind) ?? []) {
      for (const part of [value, ...value.split(' ')]) {
        const d = distance(word, part, max);
        if (d <= max && (!best || d < best.d)) best = { kind, value, d };
      }
    }
  }
  return best ? { kind: best.kind, value: best.value } : null;
}

const isEmpty = (w: TagWants) => Object.values(w).every((list) => list.length === 0);

/** Reads what a prompt asks for. Unknown words never fail it; they are reported in `unmatched`. */
export function parsePrompt(prompt: string, vocabulary: PromptVocabulary): PromptIntent {
  const { bpm, rest: afterBpm } = readBpm(prompt);
  const { key, mode, rest: afterKey } = readKey(afterBpm);
  const { melody, drums } = splitDrums(afterKey);
  const unmatched: string[] = [];
  const melodyWants = matchTags(melody, vocabulary, unmatched);
  const drumWants = drums === null ? null : matchTags(drums, vocabulary, unmatched);
  return { melody: melodyWants, drums: drumWants && !isEmpty(drumWants) ? drumWants : null, bpm, key, mode, unmatched };
}
