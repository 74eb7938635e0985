import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { defaultContractTerms, type ExclusiveTerms } from './contract-terms';
import { DEFAULT_PRICES_CENTS, type PricesCents } from './pricing';
import { Producer } from './producer.entity';

/** An account the system made a producer (the demo library's), and what it sells. */
export interface SystemProducer {
  readonly userId: string;
  readonly producerName: string;
  readonly email: string;
  /** Exclusive prices in cents: given, it sells exclusives at these prices; absent, the defaults (no exclusives). */
  readonly exclusivePricesCents?: { readonly excindie: number; readonly exclabel: number };
}

/**
 * Producers as other modules see them: the admin's paged list, the records licences are priced
 * and issued from, the names beats credit, the ids earnings name a producer by, and the records of
 * the system's own producers (the demo library's).
 */
export class ProducerDirectory {
  constructor(private readonly deps: { orm: MikroORM }) {}

  /** The ids earnings may name a user's producer by: the producer record's and the user's. Empty when not a producer. */
  async producerKeys(userId: string): Promise<string[]> {
    const producer = await this.deps.orm.em.fork().findOne(Producer, { user: userId }, { fields: ['id'] });
    return producer ? [producer.id, userId] : [];
  }

  /** Producers for the admin's list, newest first, with their account's username; and how many there are. */
  async adminPage(offset: number, limit: number): Promise<{ rows: { userId: string; username: string; producerName: string }[]; total: number }> {
    const connection = this.deps.orm.em.fork().getConnection();
    const [rows, [{ total }]] = await Promise.all([
      connection.execute<{ user_id: string; username: string; prod_name: string }[]>(
        `select p.user_id, u.username, p.prod_name from producers p join users u on u.id = p.user_id
          order by p.created_at desc, p.id desc limit ? offset ?`,
        [limit, offset],
      ),
      connection.execute<{ total: string }[]>('select count(*) as total from producers'),
    ]);
    return { total: Number(total), rows: rows.map((r) => ({ userId: r.user_id, username: r.username, producerName: r.prod_name })) };
  }

  /** The producer records (prices, terms, PRO) of these accounts, for pricing and issuing licences. */
  async licensingOf(userIds: readonly string[]): Promise<Producer[]> {
    if (!userIds.length) return [];
    return this.deps.orm.em.fork().find(Producer, { user: { $in: [...userIds] } });
  }

  /** Producer names by user id, for the names shown on beats. */
  async displayNames(userIds: readonly string[]): Promise<Map<string, string>> {
    if (!userIds.length) return new Map();
    const producers = await this.deps.orm.em.fork().find(Producer, { user: { $in: [...userIds] } }, { fields: ['prodName', 'user'] });
    return new Map(producers.map((p) => [p.user.id, p.prodName]));
  }

  /**
   * Producer records for accounts created by the system (the demo library's producers), with the
   * default prices and terms, in the caller's transaction; existing ones are kept. One that sells
   * exclusives (`exclusivePricesCents`) gets "Yes" on both exclusive terms and those prices, also
   * when its record exists (an install seeded before): one conditional update, which writes nothing
   * once the record agrees, so it can run at every start.
   */
  async ensureSystemProducers(em: EntityManager, producers: readonly SystemProducer[]): Promise<void> {
    const defaults = defaultContractTerms();
    for (const p of producers) {
      const sells = p.exclusivePricesCents;
      const prices: PricesCents = sells ? { ...DEFAULT_PRICES_CENTS, ...sells } : DEFAULT_PRICES_CENTS;
      const exclusive = (terms: ExclusiveTerms): ExclusiveTerms => (sells ? { ...terms, sell_exclusives: 'Yes' } : terms);
      const terms = { ...defaults, exclabel_terms: exclusive(defaults.exclabel_terms), excindie_terms: exclusive(defaults.excindie_terms) };
      await em.execute(
        `insert into producers (id, user_id, first_name, last_name, birth_date, prod_name, prod_name_key, prod_email,
           price_standard_cents, price_advanced_cents, price_exclabel_cents, price_excindie_cents,
           standlease_terms, advancedlease_terms, exclabel_terms, excindie_terms, created_at, updated_at)
         values (gen_random_uuid(), ?, 'Demo', 'Producer', '2000-01-01', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
         on conflict do nothing`,
        [
          p.userId, p.producerName, p.producerName.toLowerCase(), p.email, prices.standard, prices.advanced, prices.exclabel, prices.excindie,
          JSON.stringify(terms.standlease_terms), JSON.stringify(terms.advancedlease_terms), JSON.stringify(terms.exclabel_terms), JSON.stringify(terms.excindie_terms),
        ],
      );
      if (!sells) continue;
      await em.execute(
        `update producers
            set excindie_terms = excindie_terms || '{"sell_exclusives": "Yes"}'::jsonb,
                exclabel_terms = exclabel_terms || '{"sell_exclusives": "Yes"}'::jsonb,
                price_excindie_cents = ?, price_exclabel_cents = ?, updated_at = now()
          where user_id = ?
            and (excindie_terms ->> 'sell_exclusives' is distinct from 'Yes' or exclabel_terms ->> 'sell_exclusives' is distinct from 'Yes'
                 or price_excindie_cents <> ? or price_exclabel_cents <> ?)`,
        [sells.excindie, sells.exclabel, p.userId, sells.excindie, sells.exclabel],
      );
    }
  }
}
