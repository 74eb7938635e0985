import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OneToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import { Beat } from '../beats';
import type { LicenceFileSet, LicenceTier, LicensedProducer } from '../licence-files';
import type { TermsInForce } from './licence-terms';
import { LicenceOrder } from './licence-order.entity';

export type LicenceStatus = 'valid' | 'refunded' | 'superseded';

/**
 * An issued licence: buyer, beat, tier, price, the terms in force and the producers credited, as
 * of its date. A partial unique index allows at most one exclusive licence per beat that is not
 * refunded: the database, not only the code, sells an exclusive once.
 */
@Entity({ tableName: 'licences' })
@Index({ name: 'licences_one_exclusive_per_beat', expression: `create unique index "licences_one_exclusive_per_beat" on "licences" ("beat_id") where exclusive and status <> 'refunded'` })
export class Licence {
  [OptionalProps]?: 'issuedAt' | 'status' | 'files' | 'filesReadyAt' | 'supersededAt' | 'currency';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => LicenceOrder, { owner: true, unique: true, deleteRule: 'cascade' })
  order!: Rel<LicenceOrder>;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  buyer!: Rel<User>;

  @ManyToOne(() => Beat, { deleteRule: 'cascade' })
  @Index()
  beat!: Rel<Beat>;

  @Property({ type: 'text' })
  tier!: LicenceTier;

  @Property({ type: 'boolean' })
  exclusive!: boolean;

  @Property({ type: 'integer' })
  priceCents!: number;

  @Property({ type: 'text' })
  currency: string = 'usd';

  @Property({ type: 'text' })
  status: LicenceStatus = 'valid';

  @Property({ type: 'text' })
  buyerFirstName!: string;

  @Property({ type: 'text' })
  buyerLastName!: string;

  @Property({ type: 'text' })
  buyerCountry!: string;

  @Property({ type: 'json' })
  terms!: TermsInForce;

  /** The producers as the document prints them (names, shares, PRO, comments). */
  @Property({ type: 'json' })
  producers!: LicensedProducer[];

  /** The stored files, once prepared. */
  @Property({ type: 'json', nullable: true })
  files?: LicenceFileSet | null;

  @Property({ type: 'timestamptz', nullable: true })
  filesReadyAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  supersededAt?: Date | null;

  @Property({ type: 'timestamptz' })
  issuedAt: Date = new Date();
}
