import { createRandom } from '../../../audio/testing/seeded-random';
import { KEYS, MODES, type Key, type Mode } from '../music-theory';
import type { SampleTags } from '../tags';
import { GENRES, type DemoGenre, type DemoInstrument } from './genres';
import { PROGRESSIONS } from './theory';

/** Bump when the synthesis changes: the on-disk cache and the stored demo rows are rebuilt. */
export const DEMO_LIBRARY_VERSION = 1;

export interface DemoProducer {
  readonly key: string;
  readonly username: string;
  readonly displayName: string;
  readonly genres: readonly DemoGenre[];
}

/** The demo library's producers: every composition and loop is credited to one of them. */
export const DEMO_PRODUCERS: readonly DemoProducer[] = [
  { key: 'nightshift', username: 'nightshift_beats', displayName: 'Nightshift', genres: ['Trap', 'Drill'] },
  { key: 'velvet', username: 'velvet_keys', displayName: 'Velvet Keys', genres: ['R&B', 'Lo-Fi'] },
  { key: 'dusty', username: 'dusty_crates', displayName: 'Dusty Crates', genres: ['Boom Bap', 'Lo-Fi'] },
  { key: 'lagos', username: 'lagos_sunset', displayName: 'Lagos Sunset', genres: ['Afrobeats', 'Pop'] },
  { key: 'prairie', username: 'prairie_wind', displayName: 'Prairie Wind', genres: ['Country', 'Pop'] },
  { key: 'cold', username: 'cold_front', displayName: 'Cold Front', genres: ['Drill', 'Trap', 'R&B'] },
];

export interface CompositionPlan {
  readonly kind: 'composition';
  readonly id: string;
  readonly producerKey: string;
  readonly genre: DemoGenre;
  readonly tags: SampleTags;
  readonly bpm: number;
  readonly key: Key;
  readonly mode: Mode;
  readonly progression: readonly number[];
  readonly instruments: readonly DemoInstrument[];
  readonly seed: number;
}

export interface DrumLoopPlan {
  readonly kind: 'drums';
  readonly id: string;
  readonly producerKey: string;
  readonly genre: DemoGenre;
  readonly drumType: string;
  readonly tags: SampleTags;
  readonly bpm: number;
  /** 808s only. */
  readonly key: Key | null;
  readonly mode: Mode | null;
  readonly variant: number;
  readonly seed: number;
}

export interface DemoLibraryPlan {
  readonly compositions: CompositionPlan[];
  readonly drumLoops: DrumLoopPlan[];
}

const producersOf = (genre: DemoGenre) => DEMO_PRODUCERS.filter((p) => p.genres.includes(genre));

const instrumentTags = (instruments: readonly string[]) => [...new Set(instruments)];

/** Loops per drum type and genre (808s get more, in several keys). */
const VARIANTS = 3;
const COMPOSITIONS_PER_GENRE = 5;
/** How many of a genre's five compositions are minor (trap and drill live in minor, pop in major). */
const MINOR_SHARE: Record<DemoGenre, number> = { Trap: 4, Drill: 4, 'Boom Bap': 3, 'Lo-Fi': 3, 'R&B': 3, Afrobeats: 1, Pop: 2, Country: 1 };
const BASS_LOOPS_PER_GENRE = 6;

/**
 * The whole library as data: five compositions per genre (40, over all 12 keys, mostly minor for trap
 * and drill, mostly major for pop, afrobeats and country) and the drum loops of every genre's kit. Deterministic: the same plan on every machine.
 */
export function planDemoLibrary(): DemoLibraryPlan {
  const random = createRandom(20261122);
  const compositions: CompositionPlan[] = [];
  let i = 0;
  GENRES.forEach((profile, g) => {
    const producers = producersOf(profile.genre);
    for (let j = 0; j < COMPOSITIONS_PER_GENRE; j++, i++) {
      const key = KEYS[(g * 5 + j * 7) % 12];
      const mode: Mode = j < MINOR_SHARE[profile.genre] ? 'Minor' : 'Major';
      const palette = profile.palettes[j % profile.palettes.length];
      const progressions = PROGRESSIONS[mode];
      const moods = mode === 'Minor' ? [profile.moods[j % profile.moods.length], 'Sad'] : [profile.moods[j % profile.moods.length], 'Happy'];
      compositions.push({
        kind: 'composition',
        id: `composition-${i}`,
        producerKey: producers[j % producers.length].key,
        genre: profile.genre,
        tags: {
          artists: [profile.artists[j % profile.artists.length], profile.artists[(j + 1) % profile.artists.length]],
          instruments: instrumentTags(palette),
          genres: [profile.genre],
          moods: [...new Set(moods)],
          tempoStyles: [profile.tempoStyle],
        },
        bpm: profile.tempos[j % profile.tempos.length],
        key,
        mode,
        progression: progressions[random.int(progressions.length)],
        instruments: palette,
        seed: 1000 + i,
      });
    }
  });

  const drumLoops: DrumLoopPlan[] = [];
  let n = 0;
  for (const profile of GENRES) {
    const producers = producersOf(profile.genre);
    for (const drumType of profile.drums) {
      const count = drumType === '808s' ? BASS_LOOPS_PER_GENRE : VARIANTS;
      for (let v = 0; v < count; v++) {
        const is808 = drumType === '808s';
        const key = is808 ? KEYS[(v * 7 + GENRES.indexOf(profile) * 5) % 12] : null;
        const mode = is808 ? MODES[v % 2] : null;
        drumLoops.push({
          kind: 'drums',
          id: `drums-${n}`,
          producerKey: producers[(v + n) % producers.length].key,
          genre: profile.genre,
          drumType,
          tags: {
            artists: [profile.artists[v % profile.artists.length]],
            instruments: [drumType],
            genres: [profile.genre],
            moods: [profile.moods[v % profile.moods.length]],
            tempoStyles: [profile.tempoStyle],
          },
          bpm: profile.tempos[(v + n) % profile.tempos.length],
          key,
          mode,
          variant: v % VARIANTS,
          seed: 5000 + n,
        });
        n++;
      }
    }
  }
  return { compositions, drumLoops };
}
