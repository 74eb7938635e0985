/**
 * The public surface of the beats module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { BeatsService, BeatSummary, LoopUsage } from './beats.service';
export { Beat, type StoredProducerShare } from './beat.entity';
export type { LicenceAudio, LicenceMaster, LicenceStem } from './licence-audio';
export { storedBeatCount, storedBeatsPage, type StoredBeatRef } from './stored-beats';
