import type { Arrangement, ArrangementLayer, ArrangementPart, DrumType, SampleRef } from '../../audio';
import type { FxKind } from '../catalog';
import { badInput } from '../../platform/errors';
import { normaliseDrumType } from '../../shared/music-theory';
import { MAX_ENERGY, MIN_ENERGY } from './arrangement-planner';
import { fxKindOfLayer } from './fx-placement';
import type { SectionEnergy } from './section-energy';

/** The edit modes of the section editor (requirements §L2), and a section's energy (issue 32). */
export type EditMode = 'swap' | 'remove' | 'global' | 'energy';
/** The modes that name drums in sections. */
export type DrumEditMode = Exclude<EditMode, 'energy'>;

/** One requested change: a drum type in a section (0-based index into the structure). */
export interface SectionDrum {
  readonly section: number;
  readonly drumType: DrumType;
}

const SECTION_NAMES: Record<string, string> = { I: 'Intro', V: 'Verse', C: 'Chorus', B: 'Bridge', O: 'Outro' };

/** "Chorus (section 3)": how errors name a section to a person. */
export const sectionName = (arrangement: Arrangement, index: number): string =>
  `${SECTION_NAMES[arrangement.sections[index]?.label] ?? 'Section'} (section ${index + 1})`;

/**
 * The layer a drum type names in a section: the one of that role with a part there, the loop before a
 * one-shot (an FX loop before a riser or an impact, fx-placement.ts), so "FX" in a chorus with both
 * names the loop, and in the bar before it the riser.
 */
function layerOfPick(arrangement: Arrangement, section: number, drumType: DrumType): ArrangementLayer | undefined {
  const parts = arrangement.sections[section]?.parts ?? [];
  const here = arrangement.layers.filter((l) => l.role === drumType && parts.some((p) => p.layerId === l.id));
  return here.find((l) => fxKindOfLayer(l) === null) ?? here[0];
}

const partOf = (arrangement: Arrangement, section: number, drumType: DrumType): ArrangementPart | undefined => {
  const layer = layerOfPick(arrangement, section, drumType);
  return layer ? arrangement.sections[section].parts.find((p) => p.layerId === layer.id) : undefined;
};

/** The one-shot kind an edit of a drum in a section names (a riser or an impact), or null for a loop. */
export function fxKindOfPick(arrangement: Arrangement, pick: SectionDrum): FxKind | null {
  const layer = layerOfPick(arrangement, pick.section, pick.drumType);
  return layer ? fxKindOfLayer(layer) : null;
}

/**
 * Reads an editor request body: `{ "<section index>": { "<drum type>": true } }` (swap, global) or
 * `{ "<section index>": ["<drum type>", ...] }` (remove), checking that every section and drum
 * exists in the beat. Nothing is applied unless everything is valid.
 */
export function readSectionDrums(arrangement: Arrangement, body: unknown, mode: DrumEditMode): SectionDrum[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badInput('The edit must map sections to drums.');
  const picked: SectionDrum[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const section = Number(key);
    if (!Number.isInteger(section) || section < 0 || section >= arrangement.sections.length) {
      throw badInput(`There is no section ${key} in this beat (it has ${arrangement.sections.length}).`);
    }
    const names =
      mode === 'remove'
        ? Array.isArray(value) ? value : badList(key)
        : value && typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value as Record<string, unknown>).filter(([, on]) => on === true).map(([name]) => name)
          : badMap(key);
    for (const name of names) {
      const drumType = typeof name === 'string' ? (normaliseDrumType(name)) : null;
      if (!drumType) throw badInput(`Unknown drum type: ${String(name)}.`);
      if (!partOf(arrangement, section, drumType)) throw badInput(`${sectionName(arrangement, section)} has no ${drumType}.`);
      if (!picked.some((p) => p.section === section && p.drumType === drumType)) picked.push({ section, drumType });
    }
  }
  if (!picked.length) throw badInput('Choose at least one drum to change.');
  if (mode === 'global') {
    const types = picked.map((p) => p.drumType);
    const twice = types.find((t, i) => types.indexOf(t) !== i);
    if (twice) throw badInput(`Choose ${twice} in one section only: that section's ${twice} plays everywhere.`);
  }
  return picked;
}

/**
 * Reads an energy edit: `{ "<section index>": <energy> }`, the energy a whole number from -2 (much
 * calmer than generated) to 2 (much fuller); 0 is the section as generated. Every section must exist
 * and at least one must change; nothing is applied unless everything is valid.
 */
export function readSectionEnergy(arrangement: Arrangement, body: unknown): SectionEnergy[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badInput('The edit must map sections to energies.');
  const picked: SectionEnergy[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const section = Number(key);
    if (!Number.isInteger(section) || section < 0 || section >= arrangement.sections.length) {
      throw badInput(`There is no section ${key} in this beat (it has ${arrangement.sections.length}).`);
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_ENERGY || value > MAX_ENERGY) {
      throw badInput(`The energy of ${sectionName(arrangement, section)} must be a whole number from ${MIN_ENERGY} to ${MAX_ENERGY}.`);
    }
    if ((arrangement.sections[section].energy ?? 0) !== value) picked.push({ section, energy: value });
  }
  if (!picked.length) throw badInput('Choose a section and an energy other than the one it has.');
  return picked.sort((a, b) => a.section - b.section);
}

function badList(key: string): never {
  throw badInput(`Section ${key} must list the drums to remove.`);
}
function badMap(key: string): never {
  throw badInput(`Section ${key} must map drum types to true.`);
}

const withPart = (arrangement: Arrangement, section: number, layerId: string, change: (p: ArrangementPart) => ArrangementPart): Arrangement => ({
  ...arrangement,
  sections: arrangement.sections.map((s, i) => (i !== section ? s : { ...s, parts: s.parts.map((p) => (p.layerId === layerId ? change(p) : p)) })),
});

const layerIdOf = (arrangement: Arrangement, pick: SectionDrum) => layerOfPick(arrangement, pick.section, pick.drumType)!.id;

/** Remove: mutes the chosen drums in the chosen sections (every layer of the type there: "FX" takes a riser or an impact with the loop; the samples stay in the provenance). */
export function removeDrums(arrangement: Arrangement, picks: readonly SectionDrum[]): Arrangement {
  return picks.reduce(
    (a, p) => a.layers
      .filter((l) => l.role === p.drumType)
      .reduce((b, l) => withPart(b, p.section, l.id, (part) => ({ ...part, transform: { ...part.transform, muted: true } })), a),
    arrangement,
  );
}

/** Swap: plays another sample of the same drum type (a one-shot: of the same kind) in the chosen sections. */
export function swapDrums(arrangement: Arrangement, picks: readonly SectionDrum[], replacement: (pick: SectionDrum) => SampleRef & { semitones: number }): Arrangement {
  return picks.reduce((a, p) => {
    const next = replacement(p);
    return withPart(a, p.section, layerIdOf(a, p), (part) => ({
      ...part,
      sample: { sampleId: next.sampleId, sourceBpm: next.sourceBpm, bars: next.bars },
      transform: { ...part.transform, semitones: next.semitones, muted: false },
    }));
  }, arrangement);
}

/** Global: one section's loop of a drum type plays in every section that has that type. */
export function setGlobalDrums(arrangement: Arrangement, picks: readonly SectionDrum[]): Arrangement {
  return picks.reduce((a, p) => {
    const layerId = layerIdOf(a, p);
    const source = partOf(a, p.section, p.drumType)!;
    return a.sections.reduce(
      (acc, section, i) =>
        section.parts.some((part) => part.layerId === layerId)
          ? withPart(acc, i, layerId, (part) => ({ ...part, sample: source.sample, transform: { ...part.transform, semitones: source.transform.semitones, muted: false } }))
          : acc,
      a,
    );
  }, arrangement);
}

/** Sample ids a beat's arrangement plays with the drum type of their layers. */
export function playingDrumSamples(arrangement: Arrangement, drumType: DrumType): string[] {
  const ids = new Set(arrangement.layers.filter((l) => l.role === drumType).map((l) => l.id));
  return [...new Set(arrangement.sections.flatMap((s) => s.parts.filter((p) => ids.has(p.layerId)).map((p) => p.sample.sampleId)))];
}
