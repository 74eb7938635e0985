import type { Arrangement, ArrangementLayer, ArrangementPart, DrumType, SectionLabel } from '../../audio';
import { KEYS, type Key, type Mode } from '../../shared/music-theory';
import { fxKindsFor, fxLayers, fxPart, fxPlaysIn, type PlannedFx } from './fx-placement';
import { movementSeedText, withMovement } from './section-movement';

/** A melody stem as the planner sees it. */
export interface PlannedStem {
  readonly sampleId: string;
  readonly instrument: string | null;
  readonly producerId: string;
}

export interface PlannedComposition {
  readonly id: string;
  readonly bpm: number;
  readonly bars: number;
  readonly key: Key;
  readonly mode: Mode;
  readonly stems: readonly PlannedStem[];
}

export interface PlannedDrumLoop {
  readonly sampleId: string;
  readonly drumType: DrumType;
  readonly bpm: number;
  readonly bars: number;
  /** 808s only. */
  readonly key: Key | null;
  readonly producerId: string;
}

export interface PlanInput {
  readonly bpm: number;
  readonly key: Key;
  readonly mode: Mode;
  readonly structure: string;
  /** Main genre of the prompt (lower case), for genre-aware section choices. */
  readonly genre: string | null;
  readonly composition: PlannedComposition;
  readonly drums: readonly PlannedDrumLoop[];
  /** Risers and impacts from the catalogue (fx-placement.ts); absent or empty: none, the beat as before. */
  readonly fx?: readonly PlannedFx[];
}

/** Bars of every section (spec: "8 bars a section"). */
export const SECTION_BARS = 8;

/** Which drum types play in each section kind; genres adjust it below. */
const DRUMS_IN: Record<SectionLabel, readonly DrumType[]> = {
  I: ['Hihats', 'FX'],
  V: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Percs'],
  C: ['808s', 'Kicks', 'Snares', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals', 'FX'],
  B: ['808s', 'Hihats', 'Percs'],
  O: ['Hihats', 'Cymbals'],
};

type SectionChange = { readonly add?: readonly DrumType[]; readonly drop?: readonly DrumType[] };

/**
 * How a genre departs from DRUMS_IN, section by section: groove-first genres (afrobeats, pop,
 * country, boom bap) bring the kick in with the intro and keep the groove through the bridge,
 * afrobeats keeps its percussion everywhere, lo-fi stays calm (no crashes or risers), R&B opens on
 * the melody alone, drill rides snares rather than claps.
 */
const GENRE_SECTIONS: Record<string, Partial<Record<SectionLabel, SectionChange>>> = {
  afrobeats: { I: { add: ['Kicks', 'Percs'] }, V: { add: ['Open Hats'] }, B: { add: ['Kicks', 'Claps'] }, O: { add: ['Percs'] } },
  pop: { I: { add: ['Kicks'] }, B: { add: ['Kicks', 'Claps'] } },
  country: { I: { add: ['Kicks'] }, B: { add: ['Kicks', 'Snares'] }, C: { drop: ['FX'] } },
  'boom bap': { I: { add: ['Kicks'] }, B: { add: ['Kicks', 'Snares'] }, C: { drop: ['FX', 'Open Hats'] } },
  'lo-fi': { I: { drop: ['FX'] }, C: { drop: ['Cymbals', 'FX'] }, O: { drop: ['Cymbals'] } },
  'r&b': { I: { drop: ['Hihats'] }, B: { add: ['Claps'] }, C: { drop: ['Cymbals'] } },
  drill: { V: { drop: ['Claps'] }, B: { add: ['Snares'] } },
};

/** The drum types that play in a section of a genre's beat. */
export function drumsInSection(label: SectionLabel, genre: string | null): Set<DrumType> {
  const change = (genre && GENRE_SECTIONS[genre]?.[label]) || {};
  const drums = new Set<DrumType>([...DRUMS_IN[label], ...(change.add ?? [])]);
  for (const drum of change.drop ?? []) drums.delete(drum);
  return drums;
}

/** How many of the composition's stems play in a section: sparse verses, full choruses. */
function stemCount(label: SectionLabel, total: number): number {
  if (label === 'C') return total;
  if (label === 'I' || label === 'O') return Math.max(1, Math.ceil(total / 2));
  if (label === 'B') return Math.max(1, total - 1);
  return Math.max(1, total - 1);
}

/** Section energy a listener can set, relative to the generated section (0). */
export const MIN_ENERGY = -2;
export const MAX_ENERGY = 2;
/** Drum types a section gains with each step of energy, first first (two a step). */
const ENERGY_ADDS: readonly DrumType[] = ['Kicks', 'Snares', '808s', 'Claps', 'Hihats', 'Open Hats', 'Percs', 'Cymbals', 'FX'];
/** Drum types a section loses with each step down, first first (two a step); the hats stay. */
const ENERGY_DROPS: readonly DrumType[] = ['FX', 'Cymbals', 'Open Hats', 'Percs', 'Claps', '808s', 'Snares', 'Kicks'];

/**
 * Which of the composition's stems (indices) and which drum types play in a section of a genre's
 * beat at an energy (0 as generated; each step up adds a stem and two drum types, each step down
 * takes them away). `verse` counts the verses before this one: a second verse rests another stem.
 */
export function sectionLayers(
  label: SectionLabel, genre: string | null, energy: number, stemTotal: number, verse: number, drumTypes: readonly DrumType[],
): { stems: number[]; drums: Set<DrumType> } {
  const count = Math.min(stemTotal, Math.max(1, stemCount(label, stemTotal) + energy));
  // A verse rests one stem (the last); a second verse rests another one, so it is not the first again.
  const resting = label === 'V' && count < stemTotal ? (stemTotal - 1 - (verse % stemTotal) + stemTotal) % stemTotal : -1;
  const order = Array.from({ length: stemTotal }, (_, i) => i).filter((i) => i !== resting);
  const stems = order.slice(0, count);
  const drums = new Set([...drumsInSection(label, genre)].filter((d) => drumTypes.includes(d)));
  const step = (list: readonly DrumType[], add: boolean, n: number) => {
    for (const drum of list) {
      if (n <= 0) break;
      if (!drumTypes.includes(drum) || drums.has(drum) === add) continue;
      if (add) drums.add(drum);
      else drums.delete(drum);
      n--;
    }
  };
  if (energy > 0) step(ENERGY_ADDS, true, 2 * energy);
  if (energy < 0) step(ENERGY_DROPS, false, -2 * energy);
  return { stems, drums };
}

/** The smallest shift from one key to another, in -6..+5 semitones. */
export function semitonesBetween(from: Key, to: Key): number {
  const up = (KEYS.indexOf(to) - KEYS.indexOf(from) + 12) % 12;
  return up > 5 ? up - 12 : up;
}

const LAYER_GAIN: Partial<Record<DrumType | 'melody', number>> = {
  melody: -2, '808s': -1, Kicks: 0, Snares: -1, Claps: -3, Hihats: -6, 'Open Hats': -8, Percs: -8, Cymbals: -10, FX: -10,
};

const layerIdOf = (role: 'melody' | DrumType, index = 0) =>
  role === 'melody' ? `melody-${index + 1}` : role.toLowerCase().replace(/\s+/g, '-');

/**
 * Turns the chosen samples into an arrangement: which layer plays in which section, stretched to
 * the beat's tempo, melody and 808s moved into the beat's key. Deterministic: the same input gives
 * the same arrangement, so a beat re-renders exactly from its stored provenance.
 */
export function planArrangement(input: PlanInput): Arrangement {
  const labels = [...input.structure] as SectionLabel[];
  const melodyShift = semitonesBetween(input.composition.key, input.key);
  const layers: ArrangementLayer[] = input.composition.stems.map((stem, i) => ({
    id: layerIdOf('melody', i),
    role: 'melody',
    name: stem.instrument ?? `Stem ${i + 1}`,
    gainDb: LAYER_GAIN.melody!,
  }));
  for (const drum of input.drums) {
    layers.push({
      id: layerIdOf(drum.drumType),
      role: drum.drumType,
      name: drum.drumType,
      gainDb: LAYER_GAIN[drum.drumType] ?? -6,
      sidechain: drum.drumType === 'Kicks' ? 'source' : drum.drumType === '808s' ? 'ducked' : undefined,
    });
  }
  // The one-shots the genre takes, one of each kind at most, where the structure has a place for them.
  const sectionLabels = labels.map((label) => ({ label }));
  const fx = fxKindsFor(input.genre)
    .flatMap((kind) => input.fx?.find((f) => f.fx === kind) ?? [])
    .filter((one) => labels.some((_, i) => fxPlaysIn(one.fx, sectionLabels, i)));
  layers.push(...fxLayers(fx));
  let verses = 0;
  const drumTypes = input.drums.map((d) => d.drumType);
  const sections = labels.map((label, index) => {
    const parts: ArrangementPart[] = [];
    const { stems, drums: drumsHere } = sectionLayers(label, input.genre, 0, input.composition.stems.length, label === 'V' ? verses++ : 0, drumTypes);
    for (const i of stems) {
      parts.push({
        layerId: layerIdOf('melody', i),
        sample: { sampleId: input.composition.stems[i].sampleId, sourceBpm: input.composition.bpm, bars: input.composition.bars },
        transform: { toBpm: input.bpm, semitones: melodyShift, gainDb: label === 'O' ? -3 : 0, muted: false },
      });
    }
    for (const drum of input.drums) {
      if (!drumsHere.has(drum.drumType)) continue;
      parts.push({
        layerId: layerIdOf(drum.drumType),
        sample: { sampleId: drum.sampleId, sourceBpm: drum.bpm, bars: drum.bars },
        transform: {
          toBpm: input.bpm,
          semitones: drum.drumType === '808s' && drum.key ? semitonesBetween(drum.key, input.key) : 0,
          gainDb: 0,
          muted: false,
        },
      });
    }
    for (const one of fx) if (fxPlaysIn(one.fx, sectionLabels, index)) parts.push(fxPart(one, input.bpm));
    return { label, bars: SECTION_BARS, parts };
  });
  const planned: Arrangement = { version: 1, bpm: input.bpm, key: input.key, mode: input.mode === 'Major' ? 'major' : 'minor', layers, sections };
  return { ...planned, sections: withMovement(sections, layers, input.genre, movementSeedText(planned)) };
}
