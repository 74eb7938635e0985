import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { badInput } from '../../platform/errors';
import type { User } from '../accounts';
import type { ContractTerms } from './contract-terms';
import { renderProducerAgreement } from './producer-agreement';
import { Producer } from './producer.entity';
import { TEXTS, notAProducer, saveFailed } from './producers.errors';
import { parseAccountUpdate, parseContract, parsePricing } from './producers.schemas';

/**
 * A producer's own record: the profile (PRO, email, master royalties), the four prices, the four
 * sets of contract terms, and the agreement PDF made from them.
 */
export class ProducerRecords {
  constructor(private readonly deps: { orm: MikroORM; productName: string }) {}

  /** The user's producer record, or null. */
  async producerOf(userId: string): Promise<Producer | null> {
    return this.deps.orm.em.fork().findOne(Producer, { user: userId });
  }

  /** The user's producer record; FORBIDDEN (not a producer) without one. */
  async requireProducer(userId: string, em: EntityManager = this.deps.orm.em.fork()): Promise<Producer> {
    const producer = await em.findOne(Producer, { user: userId });
    if (!producer) throw notAProducer();
    return producer;
  }

  /** GET /producer-account. */
  async account(user: User): Promise<Producer> {
    return this.requireProducer(user.id);
  }

  /**
   * PUT /producer-account: email, PRO, PRO ID and master royalties info, in one statement; the
   * read-only fields (name, birth date, producer name) may be sent back unchanged, never changed.
   */
  async updateAccount(user: User, body: unknown): Promise<Producer> {
    try {
      const { readOnly, changes } = parseAccountUpdate(body);
      const em = this.deps.orm.em.fork();
      const producer = await this.requireProducer(user.id, em);
      const same = (given: unknown, stored: string) => given === undefined || given === null || (typeof given === 'string' && given.trim().slice(0, stored.length === 10 && /^\d{4}-/.test(stored) ? 10 : undefined) === stored);
      if (!same(readOnly.first_name, producer.firstName) || !same(readOnly.last_name, producer.lastName)) throw badInput('Name cannot be changed.', { field: 'first_name' });
      if (!same(readOnly.birth_date, producer.birthDate)) throw badInput('Birth date cannot be changed.', { field: 'birth_date' });
      if (!same(readOnly.prod_name, producer.prodName)) throw badInput('Producer name cannot be changed.', { field: 'prod_name' });
      if (Object.keys(changes).length) await em.nativeUpdate(Producer, { id: producer.id }, { ...changes, updatedAt: new Date() });
      return (await em.fork().findOne(Producer, { id: producer.id }))!;
    } catch (error) {
      throw saveFailed(TEXTS.producerUpdateFailed, error);
    }
  }

  /** POST /producer-pricing: the four prices (dollars in, cents stored), all at once. */
  async savePricing(user: User, body: unknown): Promise<Producer> {
    try {
      const prices = parsePricing(body);
      return await this.updateOwn(user.id, {
        priceStandardCents: prices.price_standard,
        priceAdvancedCents: prices.price_advanced,
        priceExclabelCents: prices.price_exclabel,
        priceExcindieCents: prices.price_excindie,
      });
    } catch (error) {
      throw saveFailed(TEXTS.pricingFailed, error);
    }
  }

  /** POST /producer-contract: the four term sets, each complete and from the option lists. */
  async saveContract(user: User, body: unknown): Promise<Producer> {
    try {
      const terms: ContractTerms = parseContract(body);
      return await this.updateOwn(user.id, {
        standleaseTerms: terms.standlease_terms,
        advancedleaseTerms: terms.advancedlease_terms,
        exclabelTerms: terms.exclabel_terms,
        excindieTerms: terms.excindie_terms,
      });
    } catch (error) {
      throw saveFailed(TEXTS.contractFailed, error);
    }
  }

  /** GET /producer-agreement: the producer's agreement as a PDF. */
  async agreement(user: User, today = new Date()): Promise<{ fileName: string; pdf: Buffer }> {
    const producer = await this.requireProducer(user.id);
    const pdf = await renderProducerAgreement({ producer, productName: this.deps.productName, date: today });
    const safe = producer.prodName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'producer';
    return { fileName: `${this.deps.productName}-producer-agreement-${safe}.pdf`, pdf };
  }

  private async updateOwn(userId: string, changes: Partial<Producer>): Promise<Producer> {
    const em = this.deps.orm.em.fork();
    const updated = await em.nativeUpdate(Producer, { user: userId }, { ...changes, updatedAt: new Date() });
    if (!updated) throw notAProducer();
    return (await em.fork().findOne(Producer, { user: userId }))!;
  }
}
