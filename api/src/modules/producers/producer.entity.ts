import { randomUUID } from 'node:crypto';
import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { User } from '../accounts';
import type { ExclusiveTerms, LeaseTerms } from './contract-terms';

/**
 * A producer (requirements §P3 "Producer record"): one per user (a unique key, which is what makes a
 * double signup one producer), with their licence prices in cents and their contract terms.
 */
@Entity({ tableName: 'producers' })
@Check({ name: 'producers_prices_check', expression: 'price_standard_cents > 0 and price_advanced_cents > 0 and price_exclabel_cents > 0 and price_excindie_cents > 0 and greatest(price_standard_cents, price_advanced_cents, price_exclabel_cents, price_excindie_cents) <= 10000000' })
@Index({ name: 'producers_created_at_id_index', properties: ['createdAt', 'id'] })
export class Producer {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'prodPro' | 'prodProId' | 'prodMastersInfo';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Unique()
  user!: Rel<User>;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  /** YYYY-MM-DD. */
  @Property({ type: 'string', columnType: 'date' })
  birthDate!: string;

  /** The name shown on beats for this producer's material. */
  @Property({ type: 'text' })
  prodName!: string;

  /** Lower-cased producer name: unique, so two producers cannot be told apart only by case. */
  @Property({ type: 'text' })
  @Unique()
  prodNameKey!: string;

  @Property({ type: 'text' })
  prodEmail!: string;

  /** One of PRO_OPTIONS, or none. */
  @Property({ type: 'text', nullable: true })
  prodPro?: string | null;

  @Property({ type: 'text', nullable: true })
  prodProId?: string | null;

  @Property({ type: 'text', nullable: true })
  prodMastersInfo?: string | null;

  @Property({ type: 'integer' })
  priceStandardCents!: number;

  @Property({ type: 'integer' })
  priceAdvancedCents!: number;

  @Property({ type: 'integer' })
  priceExclabelCents!: number;

  @Property({ type: 'integer' })
  priceExcindieCents!: number;

  @Property({ type: 'json' })
  standleaseTerms!: LeaseTerms;

  @Property({ type: 'json' })
  advancedleaseTerms!: LeaseTerms;

  @Property({ type: 'json' })
  exclabelTerms!: ExclusiveTerms;

  @Property({ type: 'json' })
  excindieTerms!: ExclusiveTerms;

  @Property({ type: 'timestamptz' })
  @Index()
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
