import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import { PayoutAccount } from './payout-account.entity';
import type { PayoutAccountState, PayoutsPort } from './payouts/payouts-port';

/** Told when a producer's payout account becomes able to receive transfers (to pay what was held). */
export type PayoutAccountReadyListener = (producer: { producerId: string; userId: string }) => Promise<void>;

/**
 * What changes a payout account's state: Stripe's Connect events (each applied once, by its id),
 * the local onboarding's Finish, and a state read back from the provider. When an account becomes
 * able to receive transfers, the listeners (the earnings module) are told after commit.
 */
export class PayoutAccountEvents {
  private readonly readyListeners: PayoutAccountReadyListener[] = [];

  constructor(private readonly deps: { orm: MikroORM; payouts: PayoutsPort; logger: Logger }) {}

  /** Registers a listener for payout accounts that become able to receive transfers (the earnings module). */
  onReady(listener: PayoutAccountReadyListener): void {
    this.readyListeners.push(listener);
  }

  /** After a state change committed: tells the listeners when the account can now be paid. */
  async announceIfReady(accountId: string): Promise<void> {
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

  /** Writes a provider-reported state in one statement; false when no such account is ours. */
  async applyState(em: EntityManager, accountId: string, state: PayoutAccountState): Promise<boolean> {
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
      if (!(await this.claim(em, event))) return 'duplicate' as const;
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
      if (!(await this.claim(em, event))) return 'duplicate' as const;
      const changed = await em.execute<{ id: string }[]>(
        `update payout_accounts set charges_enabled = false, payouts_enabled = false, disabled_reason = 'deauthorized', updated_at = now() where id = ? returning id`,
        [accountId],
      );
      return changed.length ? ('processed' as const) : ('ignored' as const);
    });
  }

  /** The local onboarding's Finish: the local account is complete and can be paid. */
  async completeLocalOnboarding(accountId: string): Promise<boolean> {
    if (this.deps.payouts.provider !== 'local') return false;
    const done = await this.applyState(this.deps.orm.em.fork(), accountId, { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [], disabledReason: null });
    if (done) await this.announceIfReady(accountId);
    return done;
  }

  /** Inserts the event's id into payout_events; false when it was applied before. */
  private async claim(em: EntityManager, event: { id: string; type: string }): Promise<boolean> {
    const claimed = await em.execute<{ id: string }[]>(
      `insert into payout_events (id, type, processed_at) values (?, ?, now()) on conflict do nothing returning id`,
      [event.id, event.type],
    );
    return claimed.length > 0;
  }
}
