/** Section letters of a beat's structure (requirements §L3): I intro, V verse, C chorus, B bridge, O outro. */
const SECTION_NAMES: Readonly<Record<string, string>> = { I: 'Intro', V: 'Verse', C: 'Chorus', B: 'Bridge', O: 'Outro' };

/** "Chorus" for "C"; an unknown letter is shown as it is. */
export const sectionName = (label: string): string => SECTION_NAMES[label] ?? label;

/** The structure string split into one label per character, as names ("Intro", "Verse", ...). */
export const structureNames = (structure: string): string[] => [...structure].map(sectionName);
