/** The three section-editor modes (requirements §L2): swap drums per section, remove drums, one drum kit for all sections. */
export type EditMode = 'swap' | 'remove' | 'global';

/** The drum categories an edit can name, in the spec's order (requirements §L3). */
export const DRUM_CATEGORIES = ['808s', 'Kicks', 'Claps', 'Snares', 'Hihats', 'Open Hats', 'Percs', 'Cymbals'] as const;
export type DrumCategory = (typeof DRUM_CATEGORIES)[number];

/** Drums chosen per section (0-based index into the beat's structure). */
export type SectionSelection = Readonly<Record<number, readonly DrumCategory[]>>;

export const EMPTY_SELECTION: SectionSelection = {};

const without = (drums: readonly DrumCategory[] | undefined, drum: DrumCategory) => (drums ?? []).filter((d) => d !== drum);

/** In category order, so a section's list reads the same however it was clicked. */
const ordered = (drums: readonly DrumCategory[]) => DRUM_CATEGORIES.filter((d) => drums.includes(d));

/**
 * Chooses or un-chooses `drum` in `section` (requirements §L4). Swap and remove toggle per section; in
 * global mode a drum comes from one section only, so choosing it clears it in every other section.
 */
export function toggleDrum(selection: SectionSelection, mode: EditMode, section: number, drum: DrumCategory): SectionSelection {
  const current = selection[section] ?? [];
  const chosen = current.includes(drum);
  const next: Record<number, readonly DrumCategory[]> = {};
  for (const [key, drums] of Object.entries(selection)) {
    const index = Number(key);
    next[index] = mode === 'global' && index !== section && !chosen ? without(drums, drum) : drums;
  }
  next[section] = chosen ? without(current, drum) : ordered([...current, drum]);
  return next;
}

/** How many drums are chosen in all. */
export const selectionSize = (selection: SectionSelection): number => Object.values(selection).reduce((n, drums) => n + drums.length, 0);

/** The mutation's `sections` argument: sections with a choice, in song order. */
export function toSectionDrumsInput(selection: SectionSelection): Array<{ section: number; drums: DrumCategory[] }> {
  return Object.entries(selection)
    .map(([key, drums]) => ({ section: Number(key), drums: ordered(drums) }))
    .filter((entry) => entry.drums.length > 0)
    .sort((a, b) => a.section - b.section);
}

/** Whether a drum can be chosen in a section in this mode, given what the section has. */
export function canChoose(mode: EditMode, section: { readonly drums: readonly string[]; readonly removedDrums: readonly string[] }, drum: DrumCategory): boolean {
  if (section.drums.includes(drum)) return true;
  // A removed drum can be swapped back in with another loop; removing it again or copying its
  // silence everywhere means nothing.
  return mode === 'swap' && section.removedDrums.includes(drum);
}
