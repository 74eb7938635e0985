import { TEMPO_RANGES } from '../../src/modules/beats/prompt/prompt-parser';

/**
 * The prompt suite's prompts (test/beats/prompt-suite.test.ts; the bench times their reading): what
 * a new user types, each with what its beat must satisfy.
 */
export interface Case {
  readonly prompt: string;
  readonly mode?: 'Major' | 'Minor';
  readonly tempo?: readonly [number, number];
  /** Any of these genres for the melody's composition. */
  readonly genres?: readonly string[];
  readonly drumGenres?: readonly string[];
  readonly bpm?: number;
  readonly nonsense?: true;
}

const SLOW = [TEMPO_RANGES.slow.min, TEMPO_RANGES.slow.max] as const;
const FAST = [TEMPO_RANGES.fast.min, TEMPO_RANGES.fast.max] as const;

export const CASES: readonly Case[] = [
  // Moods: valence leans the mode.
  { prompt: 'elated pop beat', mode: 'Major', genres: ['pop'] },
  { prompt: 'victorious anthem', mode: 'Major' },
  { prompt: 'mournful piano', mode: 'Minor' },
  { prompt: 'heartbroken r&b', mode: 'Minor', genres: ['r&b'] },
  { prompt: 'gloomy lofi', mode: 'Minor', genres: ['lo-fi'] },
  { prompt: 'joyful afrobeats', mode: 'Major', genres: ['afrobeats'] },
  { prompt: 'triumphant trap', mode: 'Major', genres: ['trap'] },
  { prompt: 'carefree summer beat', mode: 'Major' },
  { prompt: 'sad afrobeats', mode: 'Minor', genres: ['afrobeats'] },
  { prompt: 'dark country song', mode: 'Minor', genres: ['country'] },
  { prompt: 'happy drill', mode: 'Major', genres: ['drill'] },
  { prompt: 'melancholy boom bap', mode: 'Minor', genres: ['boom bap'] },
  { prompt: 'cheerful country', mode: 'Major', genres: ['country'] },
  { prompt: 'angry trap beat', mode: 'Minor', genres: ['trap'] },
  { prompt: 'hopeful pop', mode: 'Major', genres: ['pop'] },
  { prompt: 'lonely night r&b', mode: 'Minor', genres: ['r&b'] },
  { prompt: 'sinister drill beat', mode: 'Minor', genres: ['drill'] },
  { prompt: 'euphoric dance pop', mode: 'Major', genres: ['pop'] },
  { prompt: 'depressing lofi', mode: 'Minor', genres: ['lo-fi'] },
  { prompt: 'uplifting afro beat', mode: 'Major', genres: ['afrobeats'] },
  { prompt: 'grim boom bap', mode: 'Minor', genres: ['boom bap'] },
  { prompt: 'blissful lofi', mode: 'Major', genres: ['lo-fi'] },
  // Paces: energy leans the tempo.
  { prompt: 'slow relaxing beat', tempo: SLOW },
  { prompt: 'frantic high energy beat', tempo: FAST },
  { prompt: 'uptempo pop', tempo: FAST, genres: ['pop'] },
  { prompt: 'mellow lofi', tempo: SLOW, genres: ['lo-fi'] },
  { prompt: 'calm peaceful r&b', tempo: SLOW, genres: ['r&b'] },
  { prompt: 'fast country', tempo: FAST, genres: ['country'] },
  { prompt: 'aggressive hype trap', tempo: FAST, mode: 'Minor', genres: ['trap'] },
  { prompt: 'sleepy chill beat', tempo: SLOW },
  { prompt: 'rage beat', genres: ['trap'] },
  { prompt: 'restless energetic beat', tempo: FAST },
  { prompt: 'soothing piano', tempo: SLOW },
  { prompt: 'intense drill', tempo: FAST, genres: ['drill'] },
  // Artists, tagged in the catalogue or known from the artists file, some misspelled.
  { prompt: 'Drake type beat', genres: ['trap', 'r&b'] },
  { prompt: 'travis scott type beat', genres: ['trap'] },
  { prompt: 'pop smoke type beat', genres: ['drill'] },
  { prompt: 'Travis Scot type beat', genres: ['trap'] },
  { prompt: 'drak type beat', genres: ['trap', 'r&b'] },
  { prompt: 'kendrik lamar type beat', genres: ['boom bap'] },
  { prompt: 'billie eilish type beat', mode: 'Minor', genres: ['pop'] },
  { prompt: 'bad bunny type beat', genres: ['afrobeats', 'pop'] },
  { prompt: 'central cee type beat', genres: ['drill'] },
  { prompt: 'luke combs type beat', genres: ['country'] },
  { prompt: 'morgan walen type beat', genres: ['country'] },
  { prompt: 'sza type beat', genres: ['r&b'] },
  { prompt: 'wizkid type beat', genres: ['afrobeats'] },
  { prompt: 'nujabes type beat', genres: ['lo-fi'] },
  { prompt: 'taylor swift type beat', mode: 'Major', genres: ['pop'] },
  { prompt: 'juice wrld type beat', mode: 'Minor', genres: ['trap'] },
  { prompt: 'j cole type beat', genres: ['boom bap'] },
  { prompt: 'ed sheeran type beat', mode: 'Major', genres: ['pop'] },
  { prompt: 'lil baby type beat', genres: ['trap'] },
  // Genres and mixtures; explicit key, mode and BPM win over leanings.
  { prompt: 'trap type beat with country drums', genres: ['trap'], drumGenres: ['country'] },
  { prompt: 'sad piano 85 bpm in A minor', mode: 'Minor', bpm: 85 },
  { prompt: 'happy trap in A minor', mode: 'Minor', genres: ['trap'] },
  { prompt: 'sad pop 128 bpm', bpm: 128, genres: ['pop'], mode: 'Minor' },
  { prompt: 'hip hop beat', genres: ['boom bap'] },
  { prompt: 'rnb slow jam', tempo: SLOW, genres: ['r&b'] },
  { prompt: 'dark reggaeton', mode: 'Minor', genres: ['afrobeats', 'pop'] },
  { prompt: 'chill jazz beat', genres: ['lo-fi', 'boom bap'] },
  { prompt: 'k-pop dance', genres: ['pop'] },
  { prompt: 'rock ballad', tempo: SLOW, genres: ['pop', 'country'] },
  // Misspelled genres.
  { prompt: 'lofy chill', genres: ['lo-fi'] },
  { prompt: 'afrobeets', genres: ['afrobeats'] },
  { prompt: 'countri beat', genres: ['country'] },
  { prompt: 'dril beat', genres: ['drill'] },
  // Other languages' common words.
  { prompt: 'fiesta reggaeton', mode: 'Major', genres: ['afrobeats', 'pop'] },
  { prompt: 'amor r&b', genres: ['r&b'] },
  { prompt: 'beat de trap oscuro', genres: ['trap'] },
  { prompt: 'musica triste', mode: 'Minor' },
  { prompt: 'chanson triste piano', mode: 'Minor' },
  { prompt: 'canción feliz pop', mode: 'Major', genres: ['pop'] },
  // Nonsense: a broad choice, every word ignored.
  { prompt: 'asdf qwer blorp', nonsense: true },
  { prompt: 'xyzzy plugh frobnicate', nonsense: true },
  { prompt: 'zzkq vvrt', nonsense: true },
];
