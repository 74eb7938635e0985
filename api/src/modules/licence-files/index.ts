/**
 * The public surface of the licence-files module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { LicenceFilesService } from './licence-files.service';
export type { LicenceDocument, LicenceFile, LicenceFileSet, LicenceFilesPort, LicenceTier, LicensedProducer, OutgoingMail } from './licence-files.types';
