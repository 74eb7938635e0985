import { Embeddable, Property } from '@mikro-orm/core';

/** A sample's tags as the contributor wrote them (trimmed, de-duplicated). */
@Embeddable()
export class SampleTagLists {
  @Property({ type: 'text[]' })
  artists: string[] = [];

  @Property({ type: 'text[]' })
  instruments: string[] = [];

  @Property({ type: 'text[]' })
  genres: string[] = [];

  @Property({ type: 'text[]' })
  moods: string[] = [];

  @Property({ type: 'text[]' })
  tempoStyles: string[] = [];
}
