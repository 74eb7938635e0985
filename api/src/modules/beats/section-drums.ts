import type { Arrangement, DrumType } from '../../audio';

/** What the section editor needs of one section: its label and the drums it has. */
export interface SectionDrums {
  readonly label: string;
  /** Drum types that play in this section. */
  readonly drums: DrumType[];
  /** Drum types this section has but an earlier edit removed (muted). */
  readonly removedDrums: DrumType[];
  /** Energy set by an edit (-2 to 2), 0 as generated. */
  readonly energy: number;
}

/**
 * Per section of a beat's arrangement, the drum types it plays and the ones removed from it, so the
 * editor offers only drums an edit can name (an edit naming a drum a section lacks is refused).
 */
export function sectionDrumsOf(arrangement: Arrangement): SectionDrums[] {
  const drumLayers = arrangement.layers.filter((layer) => layer.role !== 'melody');
  return arrangement.sections.map((section) => {
    const drums: DrumType[] = [];
    const removedDrums: DrumType[] = [];
    // A type with several layers (FX: the loop, a riser, an impact) is listed once: playing if any of them plays.
    for (const drumType of [...new Set(drumLayers.map((layer) => layer.role as DrumType))]) {
      const ids = new Set(drumLayers.filter((layer) => layer.role === drumType).map((layer) => layer.id));
      const parts = section.parts.filter((part) => ids.has(part.layerId));
      if (!parts.length) continue;
      if (parts.some((part) => !part.transform.muted)) drums.push(drumType);
      else removedDrums.push(drumType);
    }
    return { label: section.label, drums, removedDrums, energy: section.energy ?? 0 };
  });
}
