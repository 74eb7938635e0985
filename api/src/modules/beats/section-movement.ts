import { createHash } from 'node:crypto';
import type { Arrangement, ArrangementLayer, ArrangementPart, ArrangementSection, LayerRole, PartRange } from '../../audio';
import { fxKindOfLayer, fxRanges } from './fx-placement';

/**
 * How an arrangement moves, made of ranges of its parts (PartRange: muted, repeated, reversed,
 * filtered or faded stretches of the beat's own loops, so every sound stays a credited producer's):
 *
 * - gain staging: verses leave room (their parts lower), choruses sit higher, the bridge is filtered;
 * - a transition in the last bar of every section, chosen per genre and by the plan's seed: rolls
 *   (the hat's or snare's own hit repeated), fills, the kick and 808 cut before a chorus, a full stop
 *   before the hook, a reversed swell into it, a tape-stop-like filter close for lo-fi;
 * - movement inside a section: its fourth bar varies (a dropped beat, a stutter, a filter dip), and a
 *   second verse is not the first (another stem rests, another variation);
 * - an intro whose filter opens, and an outro that resolves: a final hit with its tail, the melody
 *   fading out, never a cut;
 * - a riser and an impact from the catalogue, where the beat has them (fx-placement.ts), placed
 *   before the transition so its break leaves the riser sounding into the chorus.
 *
 * Deterministic: the seed is a hash of the plan's loops, structure and key (movementSeedText), so the
 * same choice of loops always gives the same beat.
 */

export type MovementSeed = () => number;

/** A small deterministic generator (mulberry32) from a text. */
export function movementSeed(text: string): MovementSeed {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What a beat's movement is seeded with: its layers and the loop each first plays, its structure
 * and its key (not its tempo, which the uniqueness check may nudge). The planner and an energy edit
 * seed alike, so an edited section set back to 0 moves as it was generated.
 */
export function movementSeedText(arrangement: Pick<Arrangement, 'layers' | 'sections' | 'key' | 'mode'>): string {
  // The one-shots are left out: the same loops move alike with or without a riser and an impact.
  const loops = arrangement.layers.filter((layer) => fxKindOfLayer(layer) === null).map((layer) => {
    const part = arrangement.sections.flatMap((s) => s.parts).find((p) => p.layerId === layer.id);
    return `${layer.id}:${part?.sample.sampleId ?? ''}`;
  });
  return [...loops, arrangement.sections.map((s) => s.label).join(''), arrangement.key, arrangement.mode].join('|');
}

/** Part gain (dB) per section kind, on top of the layer's: choruses forward, verses back. */
export const SECTION_GAIN_DB: Record<string, number> = { I: -3, V: -2, C: 1, B: -2, O: -1 };
/** Part gain (dB) per step of a section's energy (ArrangementSection.energy), on top of SECTION_GAIN_DB. */
export const ENERGY_GAIN_DB = 1.5;

/** The gain (dB) the movement adds to every part of a section. */
export const movementGainDb = (section: Pick<ArrangementSection, 'label' | 'energy'>): number =>
  (SECTION_GAIN_DB[section.label] ?? 0) + ENERGY_GAIN_DB * (section.energy ?? 0);

type Family = 'trap' | 'groove' | 'afro' | 'lofi';
const familyOf = (genre: string | null): Family =>
  genre === 'trap' || genre === 'drill' ? 'trap'
    : genre === 'afrobeats' ? 'afro'
      : genre === 'lo-fi' ? 'lofi'
        : 'groove';

/** Ranges being collected for one section: by layer id, kept in order without overlaps. */
class SectionRanges {
  private readonly byLayer = new Map<string, PartRange[]>();

  constructor(private readonly parts: readonly ArrangementPart[], private readonly roles: ReadonlyMap<string, LayerRole>) {}

  /** Layer ids of the section's parts with a role. */
  of(role: LayerRole): string[] {
    return this.parts.filter((p) => this.roles.get(p.layerId) === role).map((p) => p.layerId);
  }

  has(role: LayerRole): boolean {
    return this.of(role).length > 0;
  }

  /** Adds a range to every part of `role` (or to one layer id), unless it overlaps one already there. */
  add(target: LayerRole | { layerId: string }, range: PartRange): void {
    const ids = typeof target === 'object' ? [target.layerId] : this.of(target);
    for (const id of ids) {
      const list = this.byLayer.get(id) ?? [];
      if (list.some((r) => r.fromBeat < range.toBeat && range.fromBeat < r.toBeat)) continue;
      list.push(range);
      this.byLayer.set(id, list);
    }
  }

  /** Adds a range to every part of the section that has none over it (a full stop, an ending). */
  addAll(range: PartRange, except: readonly LayerRole[] = []): void {
    for (const part of this.parts) if (!except.includes(this.roles.get(part.layerId)!)) this.add({ layerId: part.layerId }, range);
  }

  apply(): ArrangementPart[] {
    return this.parts.map((part) => {
      const ranges = this.byLayer.get(part.layerId);
      return ranges?.length ? { ...part, ranges: [...ranges].sort((a, b) => a.fromBeat - b.fromBeat) } : part;
    });
  }
}

/** Where the demo kits' and most producers' snares land: on 3 in half-time trap and drill, on 2 and 4 elsewhere. */
const snareBeat = (family: Family) => (family === 'trap' ? 2 : 1);

/**
 * The transition in a section's last bar (beats `end - 4` to `end`) into the next section (`intoHook`:
 * a chorus, or a section a listener raised).
 * Its last beat is always a break: the low end and the melody stop (or give way to a reversed swell)
 * and only the fill goes on, so the bar before a boundary is heard as an ending, not as the loop again.
 */
function transition(r: SectionRanges, family: Family, intoHook: boolean, end: number, pick: number): void {
  if (family === 'lofi') {
    // Tape stop: the melody closes and sinks, the drums drop out under it.
    r.add('melody', { fromBeat: end - 2, toBeat: end, op: 'filter', fromHz: 6000, toHz: 180, fromDb: 0, toDb: -14 });
    for (const role of ['Kicks', 'Hihats', 'Percs', 'Snares'] as const) r.add(role, { fromBeat: end - 1, toBeat: end, op: 'mute' });
    return;
  }
  if (family === 'trap') {
    // Hat roll in 32nds (or triplets), rising; a snare roll on the first half of the last beat, the
    // hats rolling on alone over its second half; before the hook a full stop there instead.
    const roll = pick < 0.5 ? 1 / 8 : 1 / 6;
    r.add('Hihats', { fromBeat: end - 2, toBeat: end - (intoHook ? 0.5 : 0), op: 'repeat', sliceBeat: 0, sliceBeats: roll, fromDb: -8, toDb: 0 });
    r.add('Snares', { fromBeat: end - 1, toBeat: end - 0.5, op: 'repeat', sliceBeat: snareBeat(family), sliceBeats: 1 / 4, fromDb: -6, toDb: 0 });
    r.add('808s', { fromBeat: end - (intoHook ? 2 : 1), toBeat: end, op: 'mute' });
    r.add('Kicks', { fromBeat: end - (intoHook ? 2 : 1), toBeat: end, op: 'mute' });
    // The rolls play the last beat alone (before the hook, under the melody).
    r.addAll({ fromBeat: end - 1, toBeat: end, op: 'mute' }, intoHook ? ['Hihats', 'Snares', 'melody'] : ['Hihats', 'Snares']);
    if (intoHook) r.addAll({ fromBeat: end - 0.5, toBeat: end, op: 'mute' });
    else r.add('Snares', { fromBeat: end - 0.5, toBeat: end, op: 'mute' });
    return;
  }
  if (family === 'afro') {
    // A percussion fill in sixteenths (or triplets), rising, over the third beat; the shaker rolls
    // alone over the last.
    r.add('Percs', { fromBeat: end - 2, toBeat: end - 1, op: 'repeat', sliceBeat: pick < 0.5 ? 0 : 0.5, sliceBeats: pick < 0.5 ? 1 / 4 : 1 / 6, fromDb: -6, toDb: 0 });
    r.add('Kicks', { fromBeat: end - 2, toBeat: end - 1, op: 'mute' });
    r.add('Hihats', { fromBeat: end - 1, toBeat: end, op: 'repeat', sliceBeat: 0, sliceBeats: 1 / 4, fromDb: -6, toDb: 0 });
    r.addAll({ fromBeat: end - 1, toBeat: end, op: 'mute' }, ['Hihats']);
    return;
  }
  // Boom bap, pop, country, R&B: a snare fill (eighths, then sixteenths; the hats' where the section
  // has no snare) with the groove out under its last beat, and a stop on its last half beat. Into the
  // hook either the stop first (everything out, the fill's pickup on the last half beat) or the
  // melody reversed, swelling alone into the chorus's downbeat.
  const fill = r.has('Snares') ? 'Snares' : r.has('Claps') ? 'Claps' : 'Hihats';
  const at = fill === 'Hihats' ? 0 : snareBeat(family);
  const swell = intoHook && pick < 0.5 && r.has('melody');
  r.add(fill, { fromBeat: end - 2, toBeat: end - 1, op: 'repeat', sliceBeat: at, sliceBeats: 1 / 2, fromDb: -6, toDb: -2 });
  if (swell) {
    r.add('melody', { fromBeat: end - 1, toBeat: end, op: 'reverse', fromHz: 300, toHz: 8000, fromDb: -30, toDb: -4 });
  } else if (intoHook) {
    r.add(fill, { fromBeat: end - 1, toBeat: end - 0.5, op: 'mute' });
    r.add(fill, { fromBeat: end - 0.5, toBeat: end, op: 'repeat', sliceBeat: at, sliceBeats: 1 / 4, fromDb: -4, toDb: 0 });
  } else {
    // Elsewhere the fill runs on in sixteenths (or triplets) and stops half a beat before the join.
    r.add(fill, { fromBeat: end - 1, toBeat: end - 0.5, op: 'repeat', sliceBeat: at, sliceBeats: pick < 0.5 ? 1 / 4 : 1 / 6, fromDb: -4, toDb: 0 });
    r.add(fill, { fromBeat: end - 0.5, toBeat: end, op: 'mute' });
  }
  r.addAll({ fromBeat: end - 1, toBeat: end, op: 'mute' }, swell ? [] : [fill]);
}

/** A variation of a section's fourth bar (beats 12-16): a dropped beat, a stutter or a filter dip. */
function fourthBar(r: SectionRanges, family: Family, pick: number): void {
  const variant = Math.floor(pick * 3);
  if (variant === 0) {
    // The low end drops out for the bar's last beat.
    r.add('Kicks', { fromBeat: 15, toBeat: 16, op: 'mute' });
    r.add('808s', { fromBeat: 15, toBeat: 16, op: 'mute' });
  } else if (variant === 1) {
    // A stutter: the hats (or the percussion) repeat their last hit.
    const role = family === 'afro' && r.has('Percs') ? 'Percs' : 'Hihats';
    r.add(role, { fromBeat: 15, toBeat: 16, op: 'repeat', sliceBeat: 12, sliceBeats: family === 'trap' ? 1 / 6 : 1 / 4 });
    r.add('Kicks', { fromBeat: 15.5, toBeat: 16, op: 'mute' });
  } else {
    // The melody dips under a closing filter and opens again.
    r.add('melody', { fromBeat: 14, toBeat: 16, op: 'filter', fromHz: 1200, toHz: 9000 });
    r.add('Snares', { fromBeat: 15, toBeat: 16, op: 'repeat', sliceBeat: 12 + snareBeat(family), sliceBeats: 1 / 2 });
  }
}

/** The outro's ending: its last bar is one final hit and its tail, the melody fading out over the last two. */
function ending(r: SectionRanges, end: number): void {
  r.add('melody', { fromBeat: end - 8, toBeat: end, op: 'play', fromDb: 0, toDb: -40 });
  // The low end and the cymbals play the bar's first hit and ring out; the rest stop after it.
  for (const role of ['808s', 'Kicks', 'Cymbals', 'Open Hats'] as const) r.add(role, { fromBeat: end - 4, toBeat: end, op: 'play', fromDb: 0, toDb: -50 });
  r.addAll({ fromBeat: end - 3.5, toBeat: end, op: 'mute' }, ['melody', '808s', 'Kicks', 'Cymbals', 'Open Hats']);
}

/**
 * Adds the movement to planned sections (see the file's comment). `seedText` names the plan (its
 * loops, structure and tempo); `sections` are the planner's, parts without ranges and without the
 * movement's gain. With `only`, the other sections are returned as they were given (the seed still
 * draws for every section, so a section's choices do not depend on which ones are moved).
 */
export function withMovement(
  sections: readonly ArrangementSection[], layers: readonly ArrangementLayer[], genre: string | null, seedText: string, only?: ReadonlySet<number>,
): ArrangementSection[] {
  const random = movementSeed(seedText);
  const family = familyOf(genre);
  const roles = new Map(layers.map((l) => [l.id, l.role] as const));
  const fxKinds = new Map(layers.flatMap((l) => { const kind = fxKindOfLayer(l); return kind ? [[l.id, kind] as const] : []; }));
  let verses = 0;
  return sections.map((section, i) => {
    const picks = [random(), random(), random()];
    if (section.label === 'V') verses++;
    if (only && !only.has(i)) return section;
    const end = section.bars * 4;
    const gain = movementGainDb(section);
    const parts = section.parts.map((p) => ({ ...p, transform: { ...p.transform, gainDb: p.transform.gainDb + gain } }));
    const r = new SectionRanges(parts, roles);
    // Risers and impacts first: their place in the section (fx-placement.ts) is kept by the break after.
    // Trap and drill stop dead for the last beat before a hook: the riser stops with everything else.
    const stopBeats = family === 'trap' ? 1 : 0;
    for (const part of parts) {
      const kind = fxKinds.get(part.layerId);
      if (kind) for (const range of fxRanges(kind, part.sample.bars, end, stopBeats)) r.add({ layerId: part.layerId }, range);
    }
    const next = sections[i + 1];
    if (section.label === 'O' && next === undefined) ending(r, end);
    else if (next !== undefined && end >= 8) transition(r, family, next.label === 'C' || (next.energy ?? 0) > 0, end, picks[0]);
    if (section.label === 'I') r.add('melody', { fromBeat: 0, toBeat: Math.min(end, 16), op: 'filter', fromHz: 350, toHz: 12000 });
    if (section.label === 'B') r.add('melody', { fromBeat: 0, toBeat: Math.max(4, end - 4), op: 'filter', fromHz: 1400, toHz: 1400 });
    // A second verse takes another variation than the first (the pick moves on by a third).
    if (end >= 16 && section.label !== 'I') fourthBar(r, family, (picks[1] + (section.label === 'V' && verses > 1 ? 1 / 3 : 0)) % 1);
    return { ...section, parts: r.apply() };
  });
}

/** A section as the planner made it, before the movement: no ranges, no movement gain. */
export function withoutMovement(section: ArrangementSection): ArrangementSection {
  const gain = movementGainDb(section);
  return { ...section, parts: section.parts.map(({ ranges: _ranges, ...p }) => ({ ...p, transform: { ...p.transform, gainDb: p.transform.gainDb - gain } })) };
}
