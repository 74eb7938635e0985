import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import { conflict } from '../../platform/errors';
import type { User } from '../accounts';
import { defaultContractTerms } from './contract-terms';
import { PayoutAccount } from './payout-account.entity';
import type { PayoutAccounts } from './payout-accounts';
import type { PayoutsPort } from './payouts/payouts-port';
import { DEFAULT_PRICES_CENTS } from './pricing';
import { Producer } from './producer.entity';
import { parseSignup, type SignupInput } from './producers.schemas';

export interface SignupResult {
  /** Where the browser goes: the provider's onboarding, or /stripe-connect/success when it is done. */
  readonly redirect: string;
  readonly producer: Producer;
  /** False when the user already was a producer (the call changed nothing). */
  readonly created: boolean;
}

const UNIQUE_VIOLATION = '23505';

function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === UNIQUE_VIOLATION) return (e as { constraint?: string }).constraint ?? '';
  }
  return null;
}

/**
 * Becoming a producer: one producer record (default prices and terms) and one payout account at
 * the provider per user, made together or not at all, by unique keys and a lock per user.
 */
export class ProducerSignup {
  constructor(private readonly deps: { orm: MikroORM; payouts: PayoutsPort; payoutAccounts: PayoutAccounts }) {}

  /**
   * POST /prod-signup. A new producer gets their record (default prices and terms) and a payout
   * account at the provider, in one transaction: if the provider fails, nothing is saved. Two
   * signups of one user at once are one: a lock per user makes the second wait for the first and
   * then find it. An existing producer is not changed. Answers where the browser goes.
   */
  async signup(user: User, body: unknown): Promise<SignupResult> {
    const input = parseSignup(body);
    const { producer, account, created } = await this.ensureProducerAndAccount(user, input);
    const redirect = account.detailsSubmitted ? this.deps.payoutAccounts.successUrl : await this.deps.payoutAccounts.onboardingUrl(account.id);
    return { redirect, producer, created };
  }

  private async ensureProducerAndAccount(user: User, input: SignupInput): Promise<{ producer: Producer; account: PayoutAccount; created: boolean }> {
    const terms = defaultContractTerms();
    const prices = DEFAULT_PRICES_CENTS;
    try {
      return await this.deps.orm.em.fork().transactional(async (em) => {
        // Two signups of one user at once are one: the second waits here until the first commits, then
        // finds its producer. The insert's own wait on the user key is not enough: the second row also
        // collides on the producer name, and when that index is checked first the second signup failed
        // with "name taken" (the concurrent-signup test saw it once, on a fresh clone).
        await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`producer-signup:${user.id}`]);
        const inserted = await em.execute<{ id: string }[]>(
          `insert into producers (id, user_id, first_name, last_name, birth_date, prod_name, prod_name_key, prod_email, prod_pro, prod_pro_id,
             prod_masters_info, price_standard_cents, price_advanced_cents, price_exclabel_cents, price_excindie_cents,
             standlease_terms, advancedlease_terms, exclabel_terms, excindie_terms, created_at, updated_at)
           values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
           on conflict (user_id) do nothing returning id`,
          [
            user.id, input.firstName, input.lastName, input.birthDate, input.producerName, input.producerName.toLowerCase(), input.email,
            input.proPro, input.proProId, input.masterRoyaltiesInfo, prices.standard, prices.advanced, prices.exclabel, prices.excindie,
            JSON.stringify(terms.standlease_terms), JSON.stringify(terms.advancedlease_terms), JSON.stringify(terms.exclabel_terms), JSON.stringify(terms.excindie_terms),
          ],
        );
        // The row lock holds any concurrent signup of this user until this transaction ends.
        const producer = await em.findOneOrFail(Producer, { user: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        let account = await em.findOne(PayoutAccount, { producer: producer.id });
        if (!account) {
          const { id, state } = await this.deps.payouts.createAccount(
            {
              userId: user.id,
              producerId: producer.id,
              email: producer.prodEmail,
              producerName: producer.prodName,
              firstName: producer.firstName,
              lastName: producer.lastName,
              birthDate: producer.birthDate,
            },
            `payout-account-${producer.id}`,
          );
          account = em.create(PayoutAccount, { id, producer, provider: this.deps.payouts.provider, ...state, requirementsDue: [...state.requirementsDue] });
          await em.flush();
        }
        return { producer, account, created: inserted.length > 0 };
      });
    } catch (error) {
      if (uniqueViolation(error) === 'producers_prod_name_key_unique') throw conflict('That producer name is taken. Choose another one.');
      throw error;
    }
  }
}
