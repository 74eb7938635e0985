import { Embeddable, Property } from '@mikro-orm/core';

/** What the engine measured of one stored audio file, beside where the file is. */
@Embeddable()
export class AudioFacts {
  /** Blob key of the original upload (WAV). */
  @Property({ type: 'text' })
  blobKey!: string;

  /** The file name the contributor uploaded. */
  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'integer' })
  byteSize!: number;

  @Property({ type: 'double' })
  durationSeconds!: number;

  @Property({ type: 'integer' })
  sourceSampleRate!: number;

  @Property({ type: 'smallint' })
  sourceChannels!: number;

  @Property({ type: 'smallint' })
  sourceBitDepth!: number;

  /** Integrated loudness, ITU-R BS.1770-4. */
  @Property({ type: 'double' })
  loudnessLufs!: number;

  @Property({ type: 'double' })
  truePeakDbtp!: number;

  /** Waveform peaks (0..1) for the player, a few hundred values. */
  @Property({ type: 'json' })
  peaks!: number[];
}
