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
    for (const layer of drumLayers) {
      const parts = section.parts.filter((part) => part.layerId === layer.id);
      if (!parts.length) continue;
      const drumType = layer.role as DrumType;
      if (parts.some((part) => !part.transform.muted)) drums.push(drumType);
      else removedDrums.push(drumType);
    }
    return { label: section.label, drums, removedDrums, energy: section.energy ?? 0 };
  });
}
