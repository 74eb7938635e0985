import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { DomainError, badInput, conflict } from '../../platform/errors';
import type { Logger } from '../../platform/logging/logger';
import type { User } from '../accounts/user.entity';
import { requirePlan } from '../billing/plan-gates';
import { defaultContractTerms, type ContractTerms, type ExclusiveTerms } from './contract-terms';
import { PayoutAccount } from './payout-account.entity';
import type { PayoutAccountState, PayoutsPort } from './payouts/payouts-port';
import { DEFAULT_PRICES_CENTS, type PricesCents } from './pricing';
import { renderProducerAgreement } from './producer-agreement';
import { Producer } from './producer.entity';
import { TEXTS, noPayoutAccount, notAProducer, saveFailed } from './producers.errors';
import { parseAccountUpdate, parseContract, parsePricing, parseSignup, type SignupInput } from './producers.schemas';

export interface ProducersDeps {
  readonly orm: MikroORM;
  readonly payouts: PayoutsPort;
  readonly logger: Logger;
  /** The web app: onboarding returns to its /stripe-connect/success. */
  readonly webOrigin: string;
  readonly productName: string;
  readonly uploads: { readonly perDay: number };
  /** The account's subscription level (billing's): uploads need a plan that allows them. */
  readonly planLevelOf: (userId: string) => Promise<number>;
}

/** The payout account as the contributor pages show it. */
export interface PayoutAccountView {
  readonly id: string;
  readonly provider: string;
  readonly detailsSubmitted: boolean;
  readonly chargesEnabled: boolean;
  readonly payoutsEnabled: boolean;
  readonly requirementsDue: readonly string[];
  readonly disabledReason: string | null;
  /** Onboarding is finished: details submitted and payouts enabled. */
  readonly onboardingComplete: boolean;
  readonly balanceCents: number;
}

/** Where a producer's earnings go, as the earnings module asks for it. */
export interface PayoutDestination {
  readonly accountId: string;
  readonly provider: string;
  /** Onboarding finished and payouts enabled: the account can receive transfers. */
  readonly canReceive: boolean;
}

/** Told when a producer's payout account becomes able to receive transfers (to pay what was held). */
export type PayoutAccountReadyListener = (producer: { producerId: string; userId: string }) => Promise<void>;

export interface SignupResult {
  /** Where the browser goes: the provider's onboarding, or /stripe-connect/success when it is done. */
  readonly redirect: string;
  readonly producer: Producer;
  /** False when the user already was a producer (the call changed nothing). */
  readonly created: boolean;
}

/** What a producer may upload now (the daily count taken). */
export interface UploadAdmission {
  readonly producerId: string;
  readonly requestsToday: number;
}

const UNIQUE_VIOLATION = '23505';
const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === UNIQUE_VIOLATION) return (e as { constraint?: string }).constraint ?? '';
  }
  return null;
}

export const viewOf = (account: PayoutAccount): PayoutAccountView => ({
  id: account.id,
  provider: account.provider,
  detailsSubmitted: account.detailsSubmitted,
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
  requirementsDue: account.requirementsDue,
  disabledReason: account.disabledReason ?? null,
  onboardingComplete: account.detailsSubmitted && account.payoutsEnabled,
  balanceCents: account.balanceCents,
});

/** An account the system made a producer (the demo library's), and what it sells. */
export interface SystemProducer {
  readonly userId: string;
  readonly producerName: string;
  readonly email: string;
  /** Exclusive prices in cents: given, it sells exclusives at these prices; absent, the defaults (no exclusives). */
  readonly exclusivePricesCents?: { readonly excindie: number; readonly exclabel: number };
}

/**
 * Producers: signup (one producer and one payout account per user, by unique keys), their record,
 * prices and contract terms, the payout account's onboarding and dashboard, the agreement PDF, and
 * the upload admission other modules ask for.
 */
export class ProducersService {
  private readonly readyListeners: PayoutAccountReadyListener[] = [];

  constructor(private readonly deps: ProducersDeps) {}

  /** Registers a listener for payout accounts that become able to receive transfers (the earnings module). */
  onPayoutAccountReady(listener: PayoutAccountReadyListener): void {
    this.readyListeners.push(listener);
  }

  /** After a state change committed: tells the listeners when the account can now be paid. */
  private async announceIfReady(accountId: string): Promise<void> {
    if (!this.readyListeners.length) return;
    const [row] = await this.deps.orm.em.fork().execute<{ producer_id: string; user_id: string; ready: boolean }[]>(
      `select p.id as producer_id, p.user_id, (a.details_submitted and a.payouts_enabled) as ready
         from payout_accounts a join producers p on p.id = a.producer_id where a.id = ?`,
      [accountId],
    );
    if (!row?.ready) return;
    for (const listener of this.readyListeners) {
      await listener({ producerId: row.producer_id, userId: row.user_id }).catch((err: unknown) =>
        this.deps.logger.warn({ err, accountId }, 'payout account ready listener failed; the periodic sweep will pay'),
      );
    }
  }

  /**
   * The payout accounts of producers named by their producer id or their user id (beats name
   * producers by the user who contributed the loops), keyed by the id given. A producer without an
   * account (or deleted) is missing from the map: their earnings are held.
   */
  async payoutDestinations(em: EntityManager, ids: readonly string[]): Promise<Map<string, PayoutDestination>> {
    if (!ids.length) return new Map();
    const rows = await em.execute<{ given: string; id: string; provider: string; ready: boolean }[]>(
      `select g.given, a.id, a.provider, (a.details_submitted and a.payouts_enabled) as ready
         from unnest(?::uuid[]) as g(given)
         join producers p on p.id = g.given or p.user_id = g.given
         join payout_accounts a on a.producer_id = p.id`,
      [`{${ids.join(',')}}`],
    );
    return new Map(rows.map((r) => [r.given, { accountId: r.id, provider: r.provider, canReceive: r.ready }]));
  }

  /** The ids earnings may name a user's producer by: the producer record's and the user's. Empty when not a producer. */
  async producerKeys(userId: string): Promise<string[]> {
    const producer = await this.producerOf(userId);
    return producer ? [producer.id, userId] : [];
  }

  /**
   * Changes a local payout account's balance in the caller's transaction (the earnings module,
   * with the transfer or reversal row it pays): one conditional statement; false when no such
   * local account exists.
   */
  async creditLocalBalance(em: EntityManager, accountId: string, deltaCents: number): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update payout_accounts set balance_cents = balance_cents + ?, updated_at = now() where id = ? and provider = 'local' returning id`,
      [deltaCents, accountId],
    );
    return rows.length > 0;
  }

  get provider(): PayoutsPort['provider'] {
    return this.deps.payouts.provider;
  }

  private get successUrl() {
    return `${this.deps.webOrigin}/stripe-connect/success`;
  }

  /** The user's producer record, or null. */
  async producerOf(userId: string): Promise<Producer | null> {
    return this.deps.orm.em.fork().findOne(Producer, { user: userId });
  }

  private async requireProducer(userId: string, em: EntityManager = this.deps.orm.em.fork()): Promise<Producer> {
    const producer = await em.findOne(Producer, { user: userId });
    if (!producer) throw notAProducer();
    return producer;
  }

  /** GET /check-stripe-account: the user has a payout account (onboarding finished or not). */
  async hasPayoutAccount(userId: string): Promise<boolean> {
    const count = await this.deps.orm.em.fork().count(PayoutAccount, { producer: { user: userId } });
    return count > 0;
  }

  /**
   * POST /prod-signup. A new producer gets their record (default prices and terms) and a payout
   * account at the provider, in one transaction: if the provider fails, nothing is saved. Two
   * signups of one user at once are one: a lock per user makes the second wait for the first and
   * then find it. An existing producer is not changed. Answers where the browser goes.
   */
  async signup(user: User, body: unknown): Promise<SignupResult> {
    const input = parseSignup(body);
    const { producer, account, created } = await this.ensureProducerAndAccount(user, input);
    const redirect = account.detailsSubmitted ? this.successUrl : await this.onboardingUrl(account.id);
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

  private onboardingUrl(accountId: string): Promise<string> {
    return this.deps.payouts.onboardingLink(accountId, { refreshUrl: `${this.successUrl}?refresh=1`, returnUrl: this.successUrl });
  }

  /** A fresh onboarding address for the producer's account (continuing an unfinished onboarding). */
  async onboardingLink(user: User): Promise<string> {
    const account = await this.accountOf(user.id);
    return this.onboardingUrl(account.id);
  }

  private async accountOf(userId: string, em: EntityManager = this.deps.orm.em.fork()): Promise<PayoutAccount> {
    const producer = await this.requireProducer(userId, em);
    const account = await em.findOne(PayoutAccount, { producer: producer.id });
    if (!account) throw noPayoutAccount();
    return account;
  }

  /**
   * The payout account's state, read again from the provider (the success page after onboarding,
   * which may come back before the webhook) and kept in our record. Null without an account.
   */
  async payoutAccount(user: User): Promise<PayoutAccountView | null> {
    const em = this.deps.orm.em.fork();
    const account = await em.findOne(PayoutAccount, { producer: { user: user.id } });
    if (!account) return null;
    const state = await this.deps.payouts.retrieveAccount(account.id);
    if (!state) return viewOf(account);
    await this.applyState(em, account.id, state);
    await this.announceIfReady(account.id);
    return viewOf((await em.fork().findOne(PayoutAccount, { id: account.id }))!);
  }

  /** Writes a provider-reported state in one statement; false when no such account is ours. */
  private async applyState(em: EntityManager, accountId: string, state: PayoutAccountState): Promise<boolean> {
    const changed = await em.nativeUpdate(PayoutAccount, { id: accountId }, {
      detailsSubmitted: state.detailsSubmitted,
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      requirementsDue: [...state.requirementsDue],
      disabledReason: state.disabledReason,
      updatedAt: new Date(),
    });
    return changed > 0;
  }

  /**
   * Stripe's `account.updated`: the account's state, read back from Stripe (the truth, whatever
   * order events arrive in), applied in one transaction with the event's id, so it applies once.
   */
  async applyAccountEvent(event: { id: string; type: string }, accountId: string): Promise<'processed' | 'duplicate' | 'ignored'> {
    const state = await this.deps.payouts.retrieveAccount(accountId);
    const outcome = await this.deps.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<{ id: string }[]>(
        `insert into payout_events (id, type, processed_at) values (?, ?, now()) on conflict do nothing returning id`,
        [event.id, event.type],
      );
      if (!claimed.length) return 'duplicate' as const;
      if (!state) return 'ignored' as const;
      return (await this.applyState(em, accountId, state)) ? ('processed' as const) : ('ignored' as const);
    });
    // After commit: earnings held for an account that can now receive them are paid.
    if (outcome === 'processed') await this.announceIfReady(accountId);
    return outcome;
  }

  /**
   * Stripe's `account.application.deauthorized`: the account can no longer be paid by us (transfers
   * to it are held, never lost), once per event id.
   */
  async applyDeauthorization(event: { id: string; type: string }, accountId: string): Promise<'processed' | 'duplicate' | 'ignored'> {
    return this.deps.orm.em.fork().transactional(async (em) => {
      const claimed = await em.execute<{ id: string }[]>(
        `insert into payout_events (id, type, processed_at) values (?, ?, now()) on conflict do nothing returning id`,
        [event.id, event.type],
      );
      if (!claimed.length) return 'duplicate' as const;
      const changed = await em.execute<{ id: string }[]>(
        `update payout_accounts set charges_enabled = false, payouts_enabled = false, disabled_reason = 'deauthorized', updated_at = now() where id = ? returning id`,
        [accountId],
      );
      return changed.length ? ('processed' as const) : ('ignored' as const);
    });
  }

  /** POST /express-dashboard: a one-time address of the payout account's dashboard. */
  async expressDashboard(user: User): Promise<string> {
    const account = await this.accountOf(user.id);
    return this.deps.payouts.dashboardLink(account.id);
  }

  /** The local onboarding page's account (reached by its unguessable id alone), with its producer. */
  async localAccount(accountId: string): Promise<{ account: PayoutAccount; producer: Producer } | null> {
    if (this.deps.payouts.provider !== 'local') return null;
    const account = await this.deps.orm.em.fork().findOne(PayoutAccount, { id: accountId, provider: 'local' }, { populate: ['producer'] });
    return account ? { account, producer: account.producer } : null;
  }

  /** The local onboarding's Finish: the local account is complete and can be paid. */
  async completeLocalOnboarding(accountId: string): Promise<boolean> {
    if (this.deps.payouts.provider !== 'local') return false;
    const done = await this.applyState(this.deps.orm.em.fork(), accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null });
    if (done) await this.announceIfReady(accountId);
    return done;
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

  private async updateOwn(userId: string, changes: Partial<Producer>): Promise<Producer> {
    const em = this.deps.orm.em.fork();
    const updated = await em.nativeUpdate(Producer, { user: userId }, { ...changes, updatedAt: new Date() });
    if (!updated) throw notAProducer();
    return (await em.fork().findOne(Producer, { user: userId }))!;
  }

  /** GET /producer-agreement: the producer's agreement as a PDF. */
  async agreement(user: User, today = new Date()): Promise<{ fileName: string; pdf: Buffer }> {
    const producer = await this.requireProducer(user.id);
    const pdf = await renderProducerAgreement({ producer, productName: this.deps.productName, date: today });
    const safe = producer.prodName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'producer';
    return { fileName: `${this.deps.productName}-producer-agreement-${safe}.pdf`, pdf };
  }

  /**
   * Asked by the catalogue before an upload is read: the user must be a producer (payout
   * onboarding may still be pending) on a plan that uploads (a producer below it keeps their
   * signup, prices and terms), with upload requests left today. Counting is one statement, after
   * the refusals, so a refused request does not count.
   */
  async admitUpload(user: { readonly id: string }): Promise<UploadAdmission> {
    const em = this.deps.orm.em.fork();
    const producer = await em.findOne(Producer, { user: user.id }, { fields: ['id'] });
    if (!producer) throw notAProducer();
    requirePlan(await this.deps.planLevelOf(user.id), 'uploadStems');
    const rows = await em.execute<{ requests: number }[]>(
      `insert into producer_upload_days (producer_id, day, requests) values (?, ?, 1)
       on conflict (producer_id, day) do update set requests = producer_upload_days.requests + 1
         where producer_upload_days.requests < ?
       returning requests`,
      [producer.id, utcDay(), this.deps.uploads.perDay],
    );
    if (!rows.length) {
      throw new DomainError('TOO_MANY_REQUESTS', `You have reached the limit of ${this.deps.uploads.perDay} uploads a day. Try again tomorrow.`);
    }
    return { producerId: producer.id, requestsToday: rows[0].requests };
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
