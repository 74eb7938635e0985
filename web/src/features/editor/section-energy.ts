/**
 * Section energy (issue 32): a listener sets a section lower or higher than it was generated, and the
 * api re-plans its layers and transitions. -2 to 2, 0 as generated.
 */
export const ENERGY_LEVELS = [
  { value: -2, label: 'Much calmer' },
  { value: -1, label: 'Calmer' },
  { value: 0, label: 'As generated' },
  { value: 1, label: 'Fuller' },
  { value: 2, label: 'Much fuller' },
] as const;

/** Energy chosen per section (0-based index into the beat's structure). */
export type EnergySelection = Readonly<Record<number, number>>;

/** The mutation's `sections` argument: the sections whose chosen energy differs from what they have, in song order. */
export function toSectionEnergyInput(selection: EnergySelection, current: readonly { readonly energy: number }[]): Array<{ section: number; energy: number }> {
  return Object.entries(selection)
    .map(([key, energy]) => ({ section: Number(key), energy }))
    .filter(({ section, energy }) => current[section] !== undefined && current[section].energy !== energy)
    .sort((a, b) => a.section - b.section);
}
