import { Entity, ManyToOne, PrimaryKey, PrimaryKeyProp, Property, type Rel } from '@mikro-orm/core';
import { Beat } from '../beats';

/**
 * One listener's plays of a shared beat on one UTC day: however often they press play, the day
 * counts once. The listener is an account (`user:<id>`) or, without sign-in, a keyed hash of the
 * network (`net:<hmac>`), so no address is stored. Kept when the beat stops being shared.
 */
@Entity({ tableName: 'beat_plays' })
export class BeatPlay {
  [PrimaryKeyProp]?: ['beat', 'listener', 'day'];

  @ManyToOne(() => Beat, { primary: true, deleteRule: 'cascade' })
  beat!: Rel<Beat>;

  @PrimaryKey({ type: 'text' })
  listener!: string;

  /** The UTC day, YYYY-MM-DD. */
  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'timestamptz' })
  firstPlayedAt: Date = new Date();
}
