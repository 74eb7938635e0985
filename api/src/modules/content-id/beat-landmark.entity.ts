import { Entity, Index, ManyToOne, PrimaryKey, type Rel } from '@mikro-orm/core';
import { BeatLandmarkSet } from './beat-landmark-set.entity';

/**
 * One landmark hash of a beat (audio/analysis/landmarks.ts) at the frame of its anchor. The primary
 * key (hash, set, frame) is also the lookup index: identifying a recording reads the rows of its
 * hashes, and gets the beat and frame from the index alone. Rows arrive set by set, so a BRIN index
 * (a few kB for millions of rows) finds a set's rows when a beat is deleted, where a B-tree on
 * set_id would cost a third of the table again.
 */
@Entity({ tableName: 'beat_landmarks' })
@Index({ name: 'beat_landmarks_set_id_brin', expression: 'create index "beat_landmarks_set_id_brin" on "beat_landmarks" using brin ("set_id")' })
export class BeatLandmark {
  @PrimaryKey({ type: 'integer' })
  hash!: number;

  @ManyToOne(() => BeatLandmarkSet, { primary: true, deleteRule: 'cascade', fieldName: 'set_id' })
  set!: Rel<BeatLandmarkSet>;

  /** The anchor's frame (LANDMARK_FRAME_SECONDS each) from the beat's start. */
  @PrimaryKey({ type: 'integer' })
  frame!: number;
}
