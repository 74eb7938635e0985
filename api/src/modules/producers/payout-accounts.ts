import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { User } from '../accounts';
import { PayoutAccount } from './payout-account.entity';
import type { PayoutAccountEvents } from './payout-account-events';
import type { PayoutsPort } from './payouts/payouts-port';
import { Producer } from './producer.entity';
import { noPayoutAccount } from './producers.errors';
import type { ProducerRecords } from './producer-records';

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

/**
 * A producer's payout account: its onboarding and dashboard links, its state as the contributor
 * pages show it, where earnings are sent (the earnings module), and the local account's balance.
 */
export class PayoutAccounts {
  constructor(private readonly deps: { orm: MikroORM; payouts: PayoutsPort; webOrigin: string; records: ProducerRecords; events: PayoutAccountEvents }) {}

  get provider(): PayoutsPort['provider'] {
    return this.deps.payouts.provider;
  }

  /** Where the provider's onboarding sends the browser back: the web app's /stripe-connect/success. */
  get successUrl(): string {
    return `${this.deps.webOrigin}/stripe-connect/success`;
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

  /** GET /check-stripe-account: the user has a payout account (onboarding finished or not). */
  async hasPayoutAccount(userId: string): Promise<boolean> {
    const count = await this.deps.orm.em.fork().count(PayoutAccount, { producer: { user: userId } });
    return count > 0;
  }

  /** The provider's onboarding address for an account. */
  onboardingUrl(accountId: string): Promise<string> {
    return this.deps.payouts.onboardingLink(accountId, { refreshUrl: `${this.successUrl}?refresh=1`, returnUrl: this.successUrl });
  }

  /** A fresh onboarding address for the producer's account (continuing an unfinished onboarding). */
  async onboardingLink(user: User): Promise<string> {
    const account = await this.accountOf(user.id);
    return this.onboardingUrl(account.id);
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
    await this.deps.events.applyState(em, account.id, state);
    await this.deps.events.announceIfReady(account.id);
    return viewOf((await em.fork().findOne(PayoutAccount, { id: account.id }))!);
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

  private async accountOf(userId: string, em: EntityManager = this.deps.orm.em.fork()): Promise<PayoutAccount> {
    const producer = await this.deps.records.requireProducer(userId, em);
    const account = await em.findOne(PayoutAccount, { producer: producer.id });
    if (!account) throw noPayoutAccount();
    return account;
  }
}
