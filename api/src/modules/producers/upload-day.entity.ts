import { Entity, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Producer } from './producer.entity';

/** How many upload requests a producer made on one UTC day (the daily limit counts them). */
@Entity({ tableName: 'producer_upload_days' })
export class ProducerUploadDay {
  @ManyToOne(() => Producer, { primary: true, deleteRule: 'cascade' })
  producer!: Rel<Producer>;

  @PrimaryKey({ type: 'string', columnType: 'date' })
  day!: string;

  @Property({ type: 'integer' })
  requests!: number;
}
