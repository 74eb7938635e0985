import { Entity, OneToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Beat } from '../beats';

/**
 * That a beat's audio is fingerprinted: written in the same transaction as its landmarks (and, for a
 * new beat, as the beat itself). Its small integer id stands for the beat in every landmark row (4
 * bytes instead of a 16-byte uuid, on tens of millions of rows). The backfill job fingerprints the
 * beats that have none.
 */
@Entity({ tableName: 'beat_landmark_sets' })
export class BeatLandmarkSet {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => Beat, { owner: true, unique: true, deleteRule: 'cascade' })
  beat!: Rel<Beat>;

  /** How many landmark rows the beat has. */
  @Property({ type: 'integer' })
  hashCount!: number;

  /** Seconds of audio fingerprinted. */
  @Property({ type: 'double' })
  seconds!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
