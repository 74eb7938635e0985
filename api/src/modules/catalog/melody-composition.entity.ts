import { randomUUID } from 'node:crypto';
import { Cascade, Collection, Embedded, Entity, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts';
import { SampleTagLists } from './sample-tags.embeddable';
import { MelodyStem } from './melody-stem.entity';

/**
 * One melody upload: a composition of stems that play together (requirements §P2 "Each upload is one
 * composition"), with the declared tempo and key beside what the engine detected.
 */
@Entity({ tableName: 'melody_compositions' })
@Index({ name: 'melody_compositions_tag_keys_gin', expression: 'create index "melody_compositions_tag_keys_gin" on "melody_compositions" using gin ("tag_keys")' })
export class MelodyComposition {
  [OptionalProps]?: 'createdAt' | 'isDemo' | 'bars' | 'bpmMismatch' | 'keyMismatch' | 'withdrawnAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  contributor!: User;

  @Embedded(() => SampleTagLists, { prefix: false })
  tags: SampleTagLists = new SampleTagLists();

  /** `kind:value` lower-case keys of every tag (see tags.ts), GIN-indexed for matching. */
  @Property({ type: 'text[]' })
  tagKeys: string[] = [];

  @Property({ type: 'double' })
  @Index()
  bpm!: number;

  @Property({ type: 'text' })
  key!: string;

  @Property({ type: 'text' })
  mode!: string;

  @Property({ type: 'double', nullable: true })
  detectedBpm?: number | null;

  @Property({ type: 'text', nullable: true })
  detectedKey?: string | null;

  @Property({ type: 'text', nullable: true })
  detectedMode?: string | null;

  /** The declared tempo disagrees with the detected one by more than 1 BPM (kept, not corrected). */
  @Property({ type: 'boolean' })
  bpmMismatch: boolean = false;

  /** The declared key or mode disagrees with the detected one. */
  @Property({ type: 'boolean' })
  keyMismatch: boolean = false;

  /** Loop length in bars, from the duration and the declared tempo. */
  @Property({ type: 'smallint' })
  bars: number = 8;

  /** Part of the synthesised library a fresh install ships with. */
  @Property({ type: 'boolean' })
  isDemo: boolean = false;

  @OneToMany(() => MelodyStem, (stem) => stem.composition, { cascade: [Cascade.ALL], orphanRemoval: true })
  stems = new Collection<MelodyStem>(this);

  @Property({ type: 'timestamptz' })
  @Index()
  createdAt: Date = new Date();

  /** Withdrawn by its producer: never picked for a new beat; beats already made with it keep it. */
  @Property({ type: 'timestamptz', nullable: true })
  withdrawnAt?: Date | null;
}
