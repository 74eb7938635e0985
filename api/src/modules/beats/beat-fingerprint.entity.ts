import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';

/**
 * An arrangement given to a user (arrangement-fingerprint.ts). The fingerprint is the primary key,
 * so the database never lets two users hold the same arrangement; its owner may get it again
 * (an edit undone, a regeneration that lands on the same choice).
 */
@Entity({ tableName: 'beat_fingerprints' })
export class BeatFingerprint {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  fingerprint!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: Rel<User>;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
