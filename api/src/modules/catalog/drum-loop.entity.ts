import { randomUUID } from 'node:crypto';
import { Embedded, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts';
import type { StoredSampleOnsets } from '../../audio';
import { AudioFacts } from './audio-facts.embeddable';
import { SampleTagLists } from './sample-tags.embeddable';

/** One drum loop of one drum type; 808s also carry a key and mode. */
@Entity({ tableName: 'drum_loops' })
@Index({ name: 'drum_loops_tag_keys_gin', expression: 'create index "drum_loops_tag_keys_gin" on "drum_loops" using gin ("tag_keys")' })
@Index({ name: 'drum_loops_type_bpm_index', properties: ['drumType', 'bpm'] })
export class DrumLoop {
  [OptionalProps]?: 'createdAt' | 'isDemo' | 'bars' | 'bpmMismatch' | 'keyMismatch' | 'withdrawnAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  contributor!: User;

  /** One of DRUM_TYPES. */
  @Property({ type: 'text' })
  drumType!: string;

  @Embedded(() => SampleTagLists, { prefix: false })
  tags: SampleTagLists = new SampleTagLists();

  @Property({ type: 'text[]' })
  tagKeys: string[] = [];

  @Property({ type: 'double' })
  bpm!: number;

  /** 808s only. */
  @Property({ type: 'text', nullable: true })
  key?: string | null;

  @Property({ type: 'text', nullable: true })
  mode?: string | null;

  @Property({ type: 'double', nullable: true })
  detectedBpm?: number | null;

  @Property({ type: 'text', nullable: true })
  detectedKey?: string | null;

  @Property({ type: 'boolean' })
  bpmMismatch: boolean = false;

  @Property({ type: 'boolean' })
  keyMismatch: boolean = false;

  @Property({ type: 'smallint' })
  bars: number = 8;

  @Property({ type: 'boolean' })
  isDemo: boolean = false;

  @Embedded(() => AudioFacts, { prefix: 'audio_' })
  audio!: AudioFacts;

  /**
   * The file's onsets for both warp kinds, measured when it came in, so no render detects them;
   * null for rows stored before (their renders detect them). Lazy: only the renderer's loader reads it.
   */
  @Property({ type: 'json', nullable: true, lazy: true })
  onsets?: StoredSampleOnsets | null;

  @Property({ type: 'timestamptz' })
  @Index()
  createdAt: Date = new Date();

  /** Withdrawn by its producer: never picked for a new beat; beats already made with it keep it. */
  @Property({ type: 'timestamptz', nullable: true })
  withdrawnAt?: Date | null;
}
