import { KEYS, MODES, type DrumType, type Key, type Mode } from '../../../shared/music-theory';
import type { FxKind } from '../fx-kinds';
import type { SampleTags } from '../tags';
import { GENRES, tempoWord, type DemoGenre, type DemoInstrument, type GenreProfile } from './genres';
import { planFxSounds } from './fx-sounds';
import { drumKit, stemSound, type StemSound } from './instruments';
import { producersOf } from './producers';
import type { PartStyle } from './parts';
import { PROGRESSIONS } from './theory';

export { DEMO_PRODUCERS, type DemoProducer } from './producers';

/** Bump when the synthesis changes: the on-disk cache and the stored demo files are rebuilt. */
export const DEMO_LIBRARY_VERSION = 4;

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
  /** How its parts are written: which rhythms, melodic shape, figure and voicing (parts.ts). */
  readonly style: PartStyle;
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
  /** A one-shot effect (FX only, fx-sounds.ts): a riser or an impact, not a loop. */
  readonly fx?: FxKind;
  /** Length in bars when not the loops' 8 (the one-shot effects). */
  readonly bars?: number;
}

export type DemoItemPlan = CompositionPlan | DrumLoopPlan;

export interface DemoLibraryPlan {
  readonly compositions: CompositionPlan[];
  readonly drumLoops: DrumLoopPlan[];
}

const COMPOSITIONS_PER_GENRE = 12;
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
 * How the j-th composition of a genre is written. Each choice steps through its options at its own
 * stride, so no two of a genre's twelve pieces share all of them (comping and motif rhythms, melodic
 * contour, arpeggio figure, voicing).
 */
function styleOf(g: number, j: number): PartStyle {
  return { comp: j % 3, motif: (j + g) % 3, contour: (j * 5 + g) % 6, figure: (j * 2 + g) % 5, voicing: Math.floor(j / 3) % 3 };
}

/**
 * The whole library as data: twelve compositions per genre (96, every key in every genre; trap and
 * drill mostly minor, pop, afrobeats and country mostly major), each with its own progression (up
 * to eight per mode, so no more than two of a genre share one), palette, tempo, rhythms, contour and
 * voicing, and the drum loops of every genre's kit, three patterns per drum type and four 808 lines
 * in different keys, and the risers and impacts of the genres that use them (fx-sounds.ts).
 * Deterministic: the same plan on every machine.
 */
export function planDemoLibrary(): DemoLibraryPlan {
  const compositions: CompositionPlan[] = [];
  let i = 0;
  GENRES.forEach((profile, g) => {
    const producers = producersOf(profile.genre);
    const minorCount = Math.round((profile.minorShare * COMPOSITIONS_PER_GENRE) / 5);
    const used: Record<Mode, number> = { Minor: 0, Major: 0 };
    for (let j = 0; j < COMPOSITIONS_PER_GENRE; j++, i++) {
      // Keys walk the circle of fifths from a different start per genre: every genre has all 12.
      const key = KEYS[(g * 5 + j * 7) % 12];
      // Minor and major pieces interleave evenly, the first of a genre in its usual mode.
      const usualIsMinor = minorCount * 2 >= COMPOSITIONS_PER_GENRE;
      const usualCount = usualIsMinor ? minorCount : COMPOSITIONS_PER_GENRE - minorCount;
      const usual = (j * usualCount) % COMPOSITIONS_PER_GENRE < usualCount;
      const mode: Mode = usual === usualIsMinor ? 'Minor' : 'Major';
      const progressions = PROGRESSIONS[mode];
      // A stride of 3 through eight progressions: a genre's first eight pieces of a mode all differ.
      const progression = progressions[(used[mode]++ * 3 + g) % progressions.length];
      const palette = profile.palettes[(j * 3) % profile.palettes.length];
      const bpm = profile.tempos[(j + g) % profile.tempos.length];
      compositions.push({
        kind: 'composition',
        id: `composition-${i}`,
        producerKey: producers[j % producers.length].key,
        genre: profile.genre,
        tags: tagsFor(profile, mode, bpm, j, instrumentTags(profile.genre, palette)),
        bpm,
        key,
        mode,
        progression,
        instruments: palette,
        sounds: palette.map((instrument) => stemSound(profile.genre, instrument)),
        style: styleOf(g, j),
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
  // The one-shot effects (risers, impacts) are drum samples too, after the loops (their ids are their own).
  drumLoops.push(...planFxSounds());
  return { compositions, drumLoops };
}
