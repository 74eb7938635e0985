/**
 * The public surface of the sharing module (public beat pages): other modules import only this file.
 * The service is exported as a type: the composition root (core.ts) builds it.
 */
export type { SharingService, PublicBeat, ShareStatus } from './sharing.service';
export { sharingEntities } from './sharing.entities';
