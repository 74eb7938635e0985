import type { DrumType, Mode } from '../../../shared/music-theory';

/** The genres the demo library covers, with what makes each sound like itself. */
export type DemoGenre = 'Trap' | 'Drill' | 'Boom Bap' | 'Lo-Fi' | 'R&B' | 'Afrobeats' | 'Pop' | 'Country';

/**
 * Stem roles: how a stem's part is written (the spec's keys, pads, plucks or arps, leads or bells,
 * strings; piano and guitar too). Which sampled instrument plays a role in a genre is `STEM_SOUNDS`'s.
 */
export type DemoInstrument = 'Keys' | 'Piano' | 'Pad' | 'Pluck' | 'Arp' | 'Bells' | 'Lead' | 'Strings' | 'Guitar';

export interface GenreProfile {
  readonly genre: DemoGenre;
  /** Typical tempi; loops take turns among them. */
  readonly tempos: readonly number[];
  /** "Type beat" references a prompt may name. */
  readonly artists: readonly string[];
  /** Moods of its minor and major pieces. */
  readonly moods: Readonly<Record<Mode, readonly string[]>>;
  /** The groove word producers tag it with. */
  readonly feel: string;
  /** Stem palettes: each composition takes one (2 to 4 instruments). */
  readonly palettes: readonly (readonly DemoInstrument[])[];
  /** Delay of the off-beat 16ths, as a share of a 16th (0 straight, ~0.33 a triplet shuffle). */
  readonly swing: number;
  /** Chords with sevenths (and ninths): the jazzier genres. */
  readonly extended: boolean;
  /** How many of every five of its compositions are in minor. */
  readonly minorShare: number;
  /** Drum types its kits have loops of. */
  readonly drums: readonly DrumType[];
}

export const GENRES: readonly GenreProfile[] = [
  {
    genre: 'Trap', tempos: [140, 145, 150, 135, 160, 130, 155],
    artists: ['Travis Scott', 'Metro Boomin', 'Future', 'Young Thug', '21 Savage', 'Lil Baby', 'Drake'],
    moods: { Minor: ['Dark', 'Hard', 'Sad', 'Emotional'], Major: ['Energetic', 'Dreamy', 'Happy'] },
    feel: 'Half-Time', swing: 0, extended: false, minorShare: 4,
    palettes: [['Bells', 'Pad', 'Piano'], ['Piano', 'Strings'], ['Arp', 'Pad', 'Lead'], ['Bells', 'Strings', 'Pad', 'Keys'], ['Pluck', 'Pad'], ['Keys', 'Bells'], ['Strings', 'Lead', 'Pad'], ['Piano', 'Arp', 'Pad']],
    drums: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals', 'FX'],
  },
  {
    genre: 'Drill', tempos: [142, 140, 144, 138, 146],
    artists: ['Pop Smoke', 'Central Cee', 'Fivio Foreign', 'Headie One', 'Kay Flock'],
    moods: { Minor: ['Dark', 'Aggressive', 'Menacing', 'Hard'], Major: ['Energetic', 'Hard'] },
    feel: 'Bouncy', swing: 0, extended: false, minorShare: 4,
    palettes: [['Strings', 'Piano'], ['Pad', 'Bells', 'Strings'], ['Lead', 'Pad'], ['Piano', 'Pad', 'Bells'], ['Strings', 'Keys'], ['Bells', 'Strings'], ['Piano', 'Lead', 'Strings'], ['Keys', 'Pad', 'Lead']],
    drums: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Percs', 'FX'],
  },
  {
    genre: 'Boom Bap', tempos: [90, 86, 92, 95, 88, 84],
    artists: ['J Dilla', 'Nas', 'DJ Premier', 'Joey Bada$$', 'J. Cole'],
    moods: { Minor: ['Soulful', 'Nostalgic', 'Jazzy', 'Dark'], Major: ['Soulful', 'Jazzy', 'Chill'] },
    feel: 'Swing', swing: 0.3, extended: true, minorShare: 3,
    palettes: [['Keys', 'Strings'], ['Piano', 'Pad'], ['Keys', 'Bells', 'Strings'], ['Piano', 'Strings'], ['Keys', 'Pad'], ['Piano', 'Bells'], ['Strings', 'Pad', 'Bells'], ['Keys', 'Piano', 'Pad']],
    drums: ['Kicks', 'Snares', 'Hihats', 'Open Hats', 'Percs', 'Cymbals'],
  },
  {
    genre: 'Lo-Fi', tempos: [80, 75, 85, 70, 72, 78],
    artists: ['Nujabes', 'J Dilla', 'Idealism', 'Joji', 'Tomppabeats'],
    moods: { Minor: ['Chill', 'Sad', 'Dreamy', 'Relaxed'], Major: ['Chill', 'Relaxed', 'Dreamy', 'Happy'] },
    feel: 'Laid-Back', swing: 0.24, extended: true, minorShare: 3,
    palettes: [['Keys', 'Pad'], ['Piano', 'Pluck'], ['Keys', 'Bells', 'Pad'], ['Piano', 'Pad'], ['Guitar', 'Keys'], ['Guitar', 'Bells', 'Pad'], ['Pluck', 'Keys'], ['Piano', 'Bells']],
    drums: ['Kicks', 'Snares', 'Hihats', 'Percs'],
  },
  {
    genre: 'R&B', tempos: [75, 70, 85, 95, 65, 80],
    artists: ['The Weeknd', 'SZA', 'Brent Faiyaz', 'Drake', 'Bryson Tiller', 'Summer Walker'],
    moods: { Minor: ['Romantic', 'Smooth', 'Sad', 'Emotional'], Major: ['Romantic', 'Smooth', 'Love', 'Happy'] },
    feel: 'Slow', swing: 0.14, extended: true, minorShare: 3,
    palettes: [['Keys', 'Pad', 'Strings'], ['Piano', 'Pad'], ['Pluck', 'Pad', 'Lead'], ['Keys', 'Bells'], ['Guitar', 'Keys', 'Pad'], ['Piano', 'Strings', 'Bells'], ['Guitar', 'Lead', 'Pad'], ['Keys', 'Pluck']],
    drums: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs'],
  },
  {
    genre: 'Afrobeats', tempos: [105, 100, 108, 112, 102, 110],
    artists: ['Burna Boy', 'Wizkid', 'Rema', 'Tems', 'Davido'],
    moods: { Minor: ['Chill', 'Romantic', 'Smooth'], Major: ['Happy', 'Uplifting', 'Summer', 'Dance'] },
    feel: 'Bouncy', swing: 0.1, extended: false, minorShare: 1,
    palettes: [['Pluck', 'Keys', 'Pad'], ['Guitar', 'Pluck', 'Pad'], ['Arp', 'Keys', 'Lead'], ['Guitar', 'Keys', 'Bells'], ['Pluck', 'Strings'], ['Arp', 'Guitar', 'Pad'], ['Keys', 'Lead', 'Strings'], ['Pluck', 'Bells', 'Pad']],
    drums: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'FX'],
  },
  {
    genre: 'Pop', tempos: [118, 100, 110, 124, 105, 128],
    artists: ['Dua Lipa', 'Ed Sheeran', 'Taylor Swift', 'The Weeknd', 'Harry Styles'],
    moods: { Minor: ['Emotional', 'Dreamy', 'Dark'], Major: ['Happy', 'Uplifting', 'Energetic', 'Dance'] },
    feel: 'Upbeat', swing: 0, extended: false, minorShare: 2,
    palettes: [['Piano', 'Pad', 'Pluck'], ['Arp', 'Pad', 'Lead', 'Strings'], ['Keys', 'Strings'], ['Guitar', 'Piano', 'Pad'], ['Piano', 'Lead', 'Bells'], ['Pluck', 'Strings', 'Bells'], ['Guitar', 'Arp', 'Lead'], ['Keys', 'Pad', 'Lead']],
    drums: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals'],
  },
  {
    genre: 'Country', tempos: [96, 84, 104, 92, 88, 100],
    artists: ['Morgan Wallen', 'Luke Combs', 'Chris Stapleton', 'Zach Bryan', 'Kane Brown'],
    moods: { Minor: ['Sad', 'Emotional', 'Nostalgic'], Major: ['Warm', 'Happy', 'Nostalgic', 'Uplifting'] },
    feel: 'Driving', swing: 0.06, extended: false, minorShare: 1,
    palettes: [['Guitar', 'Lead', 'Strings'], ['Guitar', 'Piano', 'Pad'], ['Guitar', 'Keys', 'Lead'], ['Piano', 'Pluck', 'Strings'], ['Guitar', 'Pluck', 'Lead'], ['Pluck', 'Keys', 'Pad'], ['Piano', 'Lead', 'Pad'], ['Guitar', 'Strings']],
    drums: ['Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals'],
  },
];

export function genreProfile(genre: DemoGenre): GenreProfile {
  const profile = GENRES.find((g) => g.genre === genre);
  if (!profile) throw new Error(`Unknown demo genre ${genre}`);
  return profile;
}

/** "Slow", "Mid-Tempo" or "Fast": the tempo words a prompt may use. */
export const tempoWord = (bpm: number): string => (bpm < 90 ? 'Slow' : bpm <= 115 ? 'Mid-Tempo' : 'Fast');
