/** The genres the demo library covers, with what makes each sound like itself. */
export type DemoGenre = 'Trap' | 'Drill' | 'Boom Bap' | 'Lo-Fi' | 'R&B' | 'Afrobeats' | 'Pop' | 'Country';

export type DemoInstrument = 'Keys' | 'Piano' | 'Pad' | 'Pluck' | 'Arp' | 'Bells' | 'Lead' | 'Strings' | 'Guitar';

export interface GenreProfile {
  readonly genre: DemoGenre;
  /** Typical tempi; loops pick among them. */
  readonly tempos: readonly number[];
  readonly artists: readonly string[];
  readonly moods: readonly string[];
  readonly tempoStyle: string;
  /** Stem palettes: each composition takes one (2 to 4 instruments). */
  readonly palettes: readonly (readonly DemoInstrument[])[];
  /** Swing of the off-beat 16ths (0 straight, 0.33 triplet feel). */
  readonly swing: number;
  /** Drum types this genre's kits have (every one gets loops). */
  readonly drums: readonly string[];
}

export const GENRES: readonly GenreProfile[] = [
  {
    genre: 'Trap', tempos: [130, 140, 145, 150], artists: ['Travis Scott', 'Metro Boomin', 'Future', 'Young Thug'],
    moods: ['Dark', 'Hard', 'Energetic'], tempoStyle: 'half-time', swing: 0,
    palettes: [['Bells', 'Pad', 'Keys'], ['Piano', 'Strings'], ['Pluck', 'Pad', 'Lead'], ['Bells', 'Strings', 'Pad', 'Arp']],
    drums: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals', 'FX'],
  },
  {
    genre: 'Drill', tempos: [140, 142, 144], artists: ['Pop Smoke', 'Central Cee', 'Fivio Foreign'],
    moods: ['Dark', 'Aggressive', 'Menacing'], tempoStyle: 'bouncy', swing: 0,
    palettes: [['Strings', 'Piano'], ['Pad', 'Bells', 'Strings'], ['Lead', 'Pad']],
    drums: ['808s', 'Kicks', 'Snares', 'Hihats', 'Percs', 'FX'],
  },
  {
    genre: 'Boom Bap', tempos: [86, 90, 92, 95], artists: ['J Dilla', 'Nas', 'DJ Premier'],
    moods: ['Nostalgic', 'Chill', 'Soulful'], tempoStyle: 'swing', swing: 0.28,
    palettes: [['Keys', 'Strings'], ['Piano', 'Pad'], ['Keys', 'Bells', 'Strings']],
    drums: ['Kicks', 'Snares', 'Hihats', 'Open Hats', 'Percs', 'Cymbals'],
  },
  {
    genre: 'Lo-Fi', tempos: [70, 75, 80, 85], artists: ['Nujabes', 'Joji', 'Idealism'],
    moods: ['Chill', 'Sad', 'Relaxed', 'Dreamy'], tempoStyle: 'laid-back', swing: 0.22,
    palettes: [['Keys', 'Pad'], ['Piano', 'Pluck'], ['Keys', 'Bells', 'Pad']],
    drums: ['Kicks', 'Snares', 'Claps', 'Hihats', 'Percs', 'FX'],
  },
  {
    genre: 'R&B', tempos: [70, 75, 90, 96], artists: ['The Weeknd', 'SZA', 'Brent Faiyaz'],
    moods: ['Romantic', 'Smooth', 'Sad'], tempoStyle: 'slow', swing: 0.12,
    palettes: [['Keys', 'Pad', 'Strings'], ['Piano', 'Pad'], ['Pluck', 'Pad', 'Lead']],
    drums: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs'],
  },
  {
    genre: 'Afrobeats', tempos: [100, 105, 108, 112], artists: ['Burna Boy', 'Wizkid', 'Rema'],
    moods: ['Happy', 'Uplifting', 'Summer'], tempoStyle: 'bouncy', swing: 0.1,
    palettes: [['Pluck', 'Keys', 'Pad'], ['Guitar', 'Pad'], ['Arp', 'Keys', 'Lead']],
    drums: ['Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs'],
  },
  {
    genre: 'Pop', tempos: [100, 110, 118, 124], artists: ['Dua Lipa', 'Ed Sheeran', 'Taylor Swift'],
    moods: ['Happy', 'Uplifting', 'Energetic'], tempoStyle: 'upbeat', swing: 0,
    palettes: [['Piano', 'Pad', 'Pluck'], ['Arp', 'Pad', 'Lead', 'Strings'], ['Keys', 'Strings']],
    drums: ['Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Cymbals', 'FX'],
  },
  {
    genre: 'Country', tempos: [84, 92, 96, 104], artists: ['Morgan Wallen', 'Luke Combs', 'Chris Stapleton'],
    moods: ['Warm', 'Nostalgic', 'Happy'], tempoStyle: 'driving', swing: 0.08,
    palettes: [['Guitar', 'Strings'], ['Guitar', 'Piano', 'Pad'], ['Guitar', 'Keys']],
    drums: ['Kicks', 'Snares', 'Hihats', 'Percs', 'Cymbals'],
  },
];

export const genreProfile = (genre: DemoGenre): GenreProfile => GENRES.find((g) => g.genre === genre)!;
