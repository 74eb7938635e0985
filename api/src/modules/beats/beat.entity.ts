import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { Arrangement } from '../../audio';
import type { BeatSelection } from './beat-selection';
import { User } from '../accounts';

/** A producer's credited share of a beat, with the name shown for it. */
export interface StoredProducerShare {
  readonly producerId: string;
  readonly name: string;
  readonly percent: number;
}

/**
 * A rendered beat with its full provenance: the arrangement (which sample plays where, with which
 * transform) re-renders it exactly, is what edits change, and is what producer shares derive from.
 */
@Entity({ tableName: 'beats' })
@Index({ name: 'beats_owner_created_index', properties: ['owner', 'createdAt'] })
export class Beat {
  [OptionalProps]?: 'createdAt' | 'parent' | 'fingerprint';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: Rel<User>;

  /** The prompt as typed (shown as the search query). */
  @Property({ type: 'text' })
  prompt!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'double' })
  bpm!: number;

  @Property({ type: 'text' })
  key!: string;

  @Property({ type: 'text' })
  mode!: string;

  /** Section labels, one letter each: I, V, C, B, O. */
  @Property({ type: 'text' })
  structure!: string;

  /** 'first' (short), 'full' (whole song) or 'edit' (an edited version of another beat). */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'json' })
  arrangement!: Arrangement;

  /** The loops chosen for this beat (what a full beat is built from). */
  @Property({ type: 'json' })
  selection!: BeatSelection;

  @Property({ type: 'json' })
  producerShares!: StoredProducerShare[];

  @Property({ type: 'text' })
  mp3BlobKey!: string;

  @Property({ type: 'text' })
  wavBlobKey!: string;

  @Property({ type: 'double' })
  durationSeconds!: number;

  @Property({ type: 'double' })
  loudnessLufs!: number;

  @Property({ type: 'double' })
  truePeakDbtp!: number;

  /** Gain the master bus applied; an edit of this beat starts its master from it (null before it was kept). */
  @Property({ type: 'double', nullable: true })
  masterGainDb?: number | null;

  @Property({ type: 'json' })
  peaks!: number[];

  /** The arrangement's fingerprint (arrangement-fingerprint.ts), claimed in beat_fingerprints for the owner; null for beats made before fingerprints. */
  @Property({ type: 'text', nullable: true })
  @Index()
  fingerprint?: string | null;

  /** The beat this one extends or edits. */
  @ManyToOne(() => Beat, { nullable: true, deleteRule: 'set null' })
  parent?: Rel<Beat> | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
