/**
 * The public surface of the catalog module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { CatalogService, ContributorLoop } from './catalog.service';
export type { CompositionCandidate, DrumCandidate } from './catalog.queries';
export { tagKey, type TagKind } from './tags';
export { FX_KINDS, FX_KIND_BARS, type FxKind } from './fx-kinds';
