import { randomUUID } from 'node:crypto';
import { Embedded, Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { StoredSampleOnsets } from '../../audio';
import { AudioFacts } from './audio-facts.embeddable';
import { MelodyComposition } from './melody-composition.entity';

/** One stem of a melody composition: keys, pad, pluck, lead, strings... as one WAV file. */
@Entity({ tableName: 'melody_stems' })
export class MelodyStem {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => MelodyComposition, { deleteRule: 'cascade' })
  @Index()
  composition!: Rel<MelodyComposition>;

  /** Position within the composition, in upload order. */
  @Property({ type: 'smallint' })
  position!: number;

  /** The instrument this stem carries, when known (from the file name or the demo library). */
  @Property({ type: 'text', nullable: true })
  instrument?: string | null;

  @Embedded(() => AudioFacts, { prefix: 'audio_' })
  audio!: AudioFacts;

  /**
   * The file's onsets for both warp kinds, measured when it came in, so no render detects them;
   * null for rows stored before (their renders detect them). Lazy: only the renderer's loader reads it.
   */
  @Property({ type: 'json', nullable: true, lazy: true })
  onsets?: StoredSampleOnsets | null;
}
