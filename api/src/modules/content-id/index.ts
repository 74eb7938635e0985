/** Content identification: beats' landmark fingerprints, the backfill, identifying recordings. */
export { ContentIdService, type BackfillReport, type ContentIdDeps } from './content-id.service';
export { contentIdEntities } from './content-id.entities';
