import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { Licence } from './licence.entity';

/** One download of a licence's file, logged per licence (who, which file, when). */
@Entity({ tableName: 'licence_downloads' })
export class LicenceDownload {
  [OptionalProps]?: 'id' | 'downloadedAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Licence, { deleteRule: 'cascade' })
  @Index()
  licence!: Rel<Licence>;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** mp3, wav, stems or document. */
  @Property({ type: 'text' })
  file!: string;

  @Property({ type: 'timestamptz' })
  downloadedAt: Date = new Date();
}
