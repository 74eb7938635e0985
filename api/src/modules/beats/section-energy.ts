import type { Arrangement, ArrangementPart, DrumType } from '../../audio';
import { sectionLayers } from './arrangement-planner';
import { fxKindOfLayer, fxPlaysIn } from './fx-placement';
import { movementSeedText, withMovement, withoutMovement } from './section-movement';

/** One requested change: a section (0-based index into the structure) and the energy it should have. */
export interface SectionEnergy {
  readonly section: number;
  readonly energy: number;
}

/** The part a layer plays wherever it plays nearest section `index` (its loop, tempo and shift), at the planner's gain. */
function templateOf(arrangement: Arrangement, index: number, layerId: string): ArrangementPart | undefined {
  const order = arrangement.sections.map((_, i) => i).sort((a, b) => Math.abs(a - index) - Math.abs(b - index) || a - b);
  for (const i of order) {
    const part = arrangement.sections[i].parts.find((p) => p.layerId === layerId);
    if (part) return part;
  }
  return undefined;
}

/**
 * Sets sections' energy (ArrangementSection.energy, relative to the generated section) and re-plans
 * them: which layers play (the planner's sectionLayers at that energy, with the loops the beat plays
 * there or nearest), their gain, and the transitions into and out of them (a raised section is led
 * into like a chorus). A drum an edit removed from the section stays removed. Every other section is
 * left as it was, so an edit re-renders only what it changed and its neighbours' joins.
 */
export function withSectionEnergy(arrangement: Arrangement, genre: string | null, changes: readonly SectionEnergy[]): Arrangement {
  const hasMovement = arrangement.sections.some((s) => s.parts.some((p) => p.ranges?.length));
  const base = arrangement.sections.map((s) => (hasMovement ? withoutMovement(s) : s));
  const melody = arrangement.layers.filter((l) => l.role === 'melody');
  const drumTypes = arrangement.layers.filter((l) => l.role !== 'melody' && fxKindOfLayer(l) === null).map((l) => l.role as DrumType);
  const touched = new Set<number>();
  for (const { section: index, energy } of changes) {
    const section = base[index];
    const verse = base.slice(0, index).filter((s) => s.label === 'V').length;
    const { stems, drums } = sectionLayers(section.label, genre, energy, melody.length, verse, drumTypes);
    const parts: ArrangementPart[] = [];
    for (const layer of arrangement.layers) {
      const kind = fxKindOfLayer(layer);
      // A riser or an impact stays where the structure puts it (before and on a chorus), whatever the energy.
      const plays = kind ? fxPlaysIn(kind, base, index) : layer.role === 'melody' ? stems.includes(melody.indexOf(layer)) : drums.has(layer.role);
      if (!plays) continue;
      const own = section.parts.find((p) => p.layerId === layer.id);
      const template = own ?? templateOf({ ...arrangement, sections: base }, index, layer.id);
      if (!template) continue;
      parts.push({
        layerId: layer.id,
        sample: template.sample,
        transform: {
          ...template.transform,
          gainDb: layer.role === 'melody' && section.label === 'O' ? -3 : 0,
          muted: own?.transform.muted ?? false,
        },
      });
    }
    const { energy: _previous, ...rest } = section;
    base[index] = energy === 0 ? { ...rest, parts } : { ...rest, parts, energy };
    touched.add(index);
    if (index > 0) touched.add(index - 1);
  }
  const moved = withMovement(base, arrangement.layers, genre, movementSeedText(arrangement), touched);
  return { ...arrangement, sections: arrangement.sections.map((s, i) => (touched.has(i) ? moved[i] : s)) };
}
