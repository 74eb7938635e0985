/** The three section-editor modes (spec 1 §8): swap drums per section, remove drums, one drum kit for all sections. */
export type EditMode = 'swap' | 'remove' | 'global';
