import { createRandom } from '../../../audio/random/seeded-random';
import { KEYS, MODES, type DrumType, type Key, type Mode } from '../../../shared/music-theory';
import type { SampleTags } from '../tags';
import { GENRES, tempoWord, type DemoGenre, type DemoInstrument, type GenreProfile } from './genres';
import { drumKit, stemSound, type StemSound } from './instruments';
import { producersOf } from './producers';
import { PROGRESSIONS } from './theory';

export { DEMO_PRODUCERS, type DemoProducer } from './producers';

/** Bump when the synthesis changes: the on-disk cache and the stored demo files are rebuilt. */
export const DEMO_LIBRARY_VERSION = 3;

export interface CompositionPlan {
  readonly kind: 'composition';
  readonly id: string;
  readonly producerKey: string;
  readonly genre: DemoGenre;
  readonly tags: SampleTags;
  readonly bpm: number;
  readonly key: Key;
  readonly mode: Mode;
  /** Scale degrees of its four chords, two bars each. */
  readonly progression: readonly number[];
  /** Stem roles: how each stem's part is written. */
  readonly instruments: readonly DemoInstrument[];
  /** The sampled instrument playing each role, in the same order. */
  readonly sounds: readonly StemSound[];
  readonly seed: number;
}

export interface DrumLoopPlan {
  readonly kind: 'drums';
  readonly id: string;
  readonly producerKey: string;
  readonly genre: DemoGenre;
  readonly drumType: DrumType;
  readonly tags: SampleTags;
  readonly bpm: number;
  /** 808s only. */
  readonly key: Key | null;
  readonly mode: Mode | null;
  /** Which of the genre's patterns (and, for 808s, bass lines). */
  readonly variant: number;
  /** The General MIDI kit it is played on, or null when synthesised. */
  readonly kit: number | null;
  readonly seed: number;
}

export type DemoItemPlan = CompositionPlan | DrumLoopPlan;

export interface DemoLibraryPlan {
  readonly compositions: CompositionPlan[];
  readonly drumLoops: DrumLoopPlan[];
}

const COMPOSITIONS_PER_GENRE = 5;
/** Loops per drum type and genre; 808s get more, in several keys. */
const VARIANTS = 3;
const BASS_VARIANTS = 4;

/** Instrument tags of a palette: what plays each stem and the words prompts use for it ("marimba", "rhodes", "synth"). */
function instrumentTags(genre: DemoGenre, palette: readonly DemoInstrument[]): string[] {
  const tags = palette.flatMap((instrument) => {
    const sound = stemSound(genre, instrument);
    return [sound.label, ...sound.tags];
  });
  return [...new Set(tags)];
}

const rotate = <T>(list: readonly T[], from: number, count: number): T[] => Array.from({ length: count }, (_, k) => list[(from + k) % list.length]);

function tagsFor(profile: GenreProfile, mode: Mode, bpm: number, index: number, instruments: string[]): SampleTags {
  const moods = profile.moods[mode];
  return {
    artists: rotate(profile.artists, index, 3),
    instruments,
    genres: [profile.genre],
    moods: rotate(moods, index, 2),
    tempoStyles: [...new Set([profile.feel, tempoWord(bpm)])],
  };
}

/**
 * The whole library as data: five compositions per genre (40, every key at least three times, trap
 * and drill mostly minor, pop, afrobeats and country mostly major) and the drum loops of every
 * genre's kit, three patterns per drum type and four 808 lines in different keys. Deterministic: the
 * same plan on every machine.
 */
export function planDemoLibrary(): DemoLibraryPlan {
  const random = createRandom(20261122);
  const compositions: CompositionPlan[] = [];
  let i = 0;
  GENRES.forEach((profile, g) => {
    const producers = producersOf(profile.genre);
    for (let j = 0; j < COMPOSITIONS_PER_GENRE; j++, i++) {
      // Keys walk the circle of fifths from a different start per genre: 40 pieces cover all 12.
      const key = KEYS[(g * 5 + j * 7) % 12];
      const mode: Mode = j < profile.minorShare ? 'Minor' : 'Major';
      const palette = profile.palettes[j % profile.palettes.length];
      const progressions = PROGRESSIONS[mode];
      const bpm = profile.tempos[j % profile.tempos.length];
      compositions.push({
        kind: 'composition',
        id: `composition-${i}`,
        producerKey: producers[j % producers.length].key,
        genre: profile.genre,
        tags: tagsFor(profile, mode, bpm, j, instrumentTags(profile.genre, palette)),
        bpm,
        key,
        mode,
        progression: progressions[random.int(progressions.length)],
        instruments: palette,
        sounds: palette.map((instrument) => stemSound(profile.genre, instrument)),
        seed: 1000 + i,
      });
    }
  });

  const drumLoops: DrumLoopPlan[] = [];
  let n = 0;
  GENRES.forEach((profile, g) => {
    const producers = producersOf(profile.genre);
    for (const drumType of profile.drums) {
      const is808 = drumType === '808s';
      const count = is808 ? BASS_VARIANTS : VARIANTS;
      for (let v = 0; v < count; v++, n++) {
        const bpm = profile.tempos[(v + g) % profile.tempos.length];
        // 808s: lines in the genre's usual mode and the other, in keys spread round the circle of fifths.
        const usual: Mode = profile.minorShare >= 3 ? 'Minor' : 'Major';
        const mode: Mode | null = is808 ? (v % 2 === 0 ? usual : MODES.find((m) => m !== usual)!) : null;
        drumLoops.push({
          kind: 'drums',
          id: `drums-${n}`,
          producerKey: producers[(v + n) % producers.length].key,
          genre: profile.genre,
          drumType,
          tags: { ...tagsFor(profile, mode ?? 'Minor', bpm, v + g, [drumType]), ...(is808 ? {} : { moods: rotate([...profile.moods.Minor, ...profile.moods.Major], v, 2) }) },
          bpm,
          key: is808 ? KEYS[(v * 5 + g * 7) % 12] : null,
          mode,
          variant: v,
          kit: drumKit(profile.genre, drumType, v),
          seed: 5000 + n,
        });
      }
    }
  });
  return { compositions, drumLoops };
}
