import { tagKey } from './tags';

/**
 * One-shot effects a beat places at a chorus (issue 32): a riser (a noise sweep, an uplifter, a
 * reversed cymbal) over the bar before it, an impact (a crash over a sub hit) on its first downbeat.
 * They are drum samples of the type FX whose instruments name them, so the demo library's and a
 * producer's upload (/upload-drums: type FX, instruments "riser" or "impact") are found alike.
 */
export const FX_KINDS = ['riser', 'impact'] as const;
export type FxKind = (typeof FX_KINDS)[number];

/** The instrument words that make an FX sample one of the kinds (any one of them is enough). */
export const FX_KIND_WORDS: Readonly<Record<FxKind, readonly string[]>> = {
  riser: ['riser', 'uplifter', 'noise sweep', 'reverse cymbal', 'reversed cymbal'],
  impact: ['impact', 'sub hit', 'crash hit'],
};

/** The `instrument:` tag keys of a kind, as stored in `tag_keys`. */
export const fxKindTagKeys = (kind: FxKind): string[] => FX_KIND_WORDS[kind].map((word) => `instrument:${tagKey(word)}`);

/** Every one-shot's tag keys: an FX sample carrying none of them is a loop (it plays through a section). */
export const allFxKindTagKeys = (): string[] => FX_KINDS.flatMap(fxKindTagKeys);

/**
 * Lengths (bars) a one-shot of a kind may have to be placed: a riser ends on the chorus's downbeat
 * and lasts one or two bars, an impact starts on it and rings for at most four. Both divide the
 * 8-bar sections, so the sound starts on a bar line wherever it recurs.
 */
export const FX_KIND_BARS: Readonly<Record<FxKind, readonly number[]>> = { riser: [1, 2], impact: [1, 2, 4] };

/** The kind of an FX sample from its tag keys (a riser if it names both), or null for a loop. */
export function fxKindOf(tagKeys: readonly string[]): FxKind | null {
  const have = new Set(tagKeys);
  return FX_KINDS.find((kind) => fxKindTagKeys(kind).some((key) => have.has(key))) ?? null;
}
