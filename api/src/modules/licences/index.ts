/**
 * The public surface of the licences module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { LicencesService } from './licences.service';
export type { LicenceRefunds } from './licence-refunds';
