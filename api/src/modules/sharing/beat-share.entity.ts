import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Beat } from '../beats';
import { User } from '../accounts';

/**
 * A beat its owner (or its exclusive holder) shares: the row's id is the public link's unguessable
 * part (128 random bits). Stopping sharing deletes the row, so the link answers 404 from then on
 * and sharing again makes a new link.
 */
@Entity({ tableName: 'beat_shares' })
export class BeatShare {
  [OptionalProps]?: 'createdAt';

  /** 22 base64url characters (16 random bytes). */
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** One live share per beat: a second share of the same beat answers the first one's link. */
  @ManyToOne(() => Beat, { deleteRule: 'cascade', unique: 'beat_shares_beat_id_unique' })
  beat!: Rel<Beat>;

  /** Who shared it (the beat's owner, or the holder of its exclusive licence). */
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  sharedBy!: Rel<User>;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
