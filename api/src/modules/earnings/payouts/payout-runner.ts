import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../../platform/logging/logger';
import type { JobQueue } from '../../../platform/queue/job-queue';
import { TransferRefused, type PayoutsPort } from '../../producers';
import type { ProducersService } from '../../producers';

export interface PayoutRunnerOptions {
  /** First retry after this; each next one waits twice as long (capped at six hours). */
  readonly retryBaseMs: number;
  /** Attempts before a transfer or reversal is failed for good (visible to the producer and admins). */
  readonly maxAttempts: number;
  /** How long a job owns a transfer it is sending; past it, the sweep hands the transfer to another job. */
  readonly leaseMs: number;
}

const MAX_BACKOFF_MS = 6 * 3600_000;
const SWEEP_BATCH = 500;

interface TransferClaim {
  id: string;
  order_id: string;
  producer_id: string;
  amount_cents: number;
  account_id: string;
  attempts: number;
  charge_id: string | null;
}

interface ReversalClaim {
  id: string;
  transfer_id: string;
  refund_id: string;
  amount_cents: number;
  attempts: number;
  stripe_transfer_id: string;
  account_id: string;
}

const transferJob = (id: string) => `transfer:${id}`;
const reversalJob = (id: string) => `reversal:${id}`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Moves producers' money after commit (docs/decisions.md, "Payouts"). A job carries one transfer's
 * or reversal's id; the row decides what happens, through single conditional statements:
 *
 *   held -> pending (account can receive) -> sending (claimed, lease) -> paid | pending (retry, backoff) | failed
 *
 * The provider call carries an idempotency key from the order and producer (the reversal's: from the
 * transfer and refund), so a job that dies after the call and before recording it is finished by the
 * next one (its lease expired, or the start-up recovery) with the same key: the provider answers the
 * same transfer, which is recorded once. A sweep on start and every minute enqueues whatever is due.
 */
export class PayoutRunner {
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      payouts: PayoutsPort;
      producers: ProducersService;
      queue: JobQueue;
      logger: Logger;
      options: PayoutRunnerOptions;
    },
  ) {}

  private get em(): EntityManager {
    return this.deps.orm.em.fork();
  }

  /** The queue's handler. Failures are recorded on the rows; a throw leaves the lease to expire. */
  readonly handle = async (jobId: string): Promise<void> => {
    const [kind, id] = jobId.split(':');
    try {
      if (kind === 'transfer') await this.payTransfer(id);
      else if (kind === 'reversal') await this.reverse(id);
    } catch (error) {
      this.deps.logger.error({ err: error, jobId }, 'payout job failed; the sweep will take it again');
      throw error;
    }
  };

  readonly abandon = async (jobId: string, reason: string): Promise<void> => {
    this.deps.logger.warn({ jobId, reason }, 'payout job abandoned by the queue; the sweep will take it again');
  };

  async enqueueOrder(orderId: string): Promise<void> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from earnings_transfers where order_id = ? and state = 'pending'`, [orderId]);
    await this.enqueueAll(rows.map((r) => transferJob(r.id)));
  }

  async enqueueReversalsOf(orderId: string): Promise<void> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select r.id from earnings_reversals r join earnings_transfers t on t.id = r.transfer_id where t.order_id = ? and r.state = 'pending' and t.state = 'paid'`,
      [orderId],
    );
    await this.enqueueAll(rows.map((r) => reversalJob(r.id)));
  }

  private async enqueueAll(jobs: string[], delayMs?: number): Promise<void> {
    for (const job of jobs) {
      await this.deps.queue.enqueue(job, delayMs ? { delayMs } : undefined).catch((err: unknown) => this.deps.logger.warn({ err, job }, 'payout job not enqueued; the sweep will'));
    }
  }

  /**
   * A producer's account can now receive transfers: their held earnings become pending and are paid.
   * `keys` are the ids the orders may name the producer by.
   */
  async releaseHeld(keys: readonly string[]): Promise<number> {
    if (!keys.length) return 0;
    const rows = await this.em.execute<{ id: string }[]>(
      `update earnings_transfers set state = 'pending', next_attempt_at = now(), updated_at = now()
        where state = 'held' and producer_id = any(?::uuid[]) returning id`,
      [`{${keys.join(',')}}`],
    );
    await this.enqueueAll(rows.map((r) => transferJob(r.id)));
    return rows.length;
  }

  /**
   * Enqueues everything due: pending transfers and reversals whose retry time came, sending ones
   * whose lease expired (their job died), and held transfers whose account can now receive them.
   */
  async sweep(): Promise<number> {
    const em = this.em;
    const held = await em.execute<{ producer_id: string }[]>(`select distinct producer_id from earnings_transfers where state = 'held' limit ?`, [SWEEP_BATCH]);
    const destinations = await this.deps.producers.payoutDestinations(em, held.map((h) => h.producer_id));
    await this.releaseHeld([...destinations].filter(([, d]) => d.canReceive).map(([key]) => key));
    const transfers = await em.execute<{ id: string }[]>(
      `select id from earnings_transfers
        where (state = 'pending' and next_attempt_at <= now()) or (state = 'sending' and lease_until < now())
        order by next_attempt_at limit ?`,
      [SWEEP_BATCH],
    );
    const reversals = await em.execute<{ id: string }[]>(
      `select r.id from earnings_reversals r join earnings_transfers t on t.id = r.transfer_id
        where t.state = 'paid' and ((r.state = 'pending' and r.next_attempt_at <= now()) or (r.state = 'sending' and r.lease_until < now()))
        order by r.next_attempt_at limit ?`,
      [SWEEP_BATCH],
    );
    await this.enqueueAll([...transfers.map((t) => transferJob(t.id)), ...reversals.map((r) => reversalJob(r.id))]);
    return transfers.length + reversals.length;
  }

  /**
   * At the start of a process that is the only one paying (the embedded set-up): whatever was being
   * sent when the last process stopped is finished now, with the same idempotency keys.
   */
  async recoverInterrupted(): Promise<number> {
    const em = this.em;
    await em.execute(`update earnings_transfers set lease_until = now() - interval '1 second' where state = 'sending'`);
    await em.execute(`update earnings_reversals set lease_until = now() - interval '1 second' where state = 'sending'`);
    return this.sweep();
  }

  /** Starts the periodic sweep (where payout jobs are processed). */
  startSweeping(intervalMs: number): void {
    this.sweepTimer = setInterval(() => void this.sweep().catch((err: unknown) => this.deps.logger.warn({ err }, 'payout sweep failed')), intervalMs);
    this.sweepTimer.unref();
  }

  stop(): void {
    clearInterval(this.sweepTimer);
  }

  private backoffMs(attempts: number): number {
    return Math.min(MAX_BACKOFF_MS, this.deps.options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  /** One transfer: held when the account cannot receive it, else claimed, sent, and recorded. */
  async payTransfer(id: string): Promise<void> {
    const em = this.em;
    const [row] = await em.execute<{ producer_id: string; state: string; attempts: number }[]>(`select producer_id, state, attempts from earnings_transfers where id = ?`, [id]);
    if (!row || (row.state !== 'pending' && row.state !== 'sending')) return;
    const destination = (await this.deps.producers.payoutDestinations(em, [row.producer_id])).get(row.producer_id);
    if (row.state === 'pending' && !destination?.canReceive) {
      await em.execute(`update earnings_transfers set state = 'held', account_id = ?, updated_at = now() where id = ? and state = 'pending'`, [destination?.accountId ?? null, id]);
      return;
    }
    const [claim] = await em.execute<TransferClaim[]>(
      `update earnings_transfers t set state = 'sending', attempts = t.attempts + 1, lease_until = now() + ?::interval, updated_at = now(),
              account_id = case when t.state = 'pending' and t.attempts = 0 then ? else coalesce(t.account_id, ?) end
         from earnings_orders o
        where t.id = ? and o.order_id = t.order_id
          and ((t.state = 'pending' and t.next_attempt_at <= now()) or (t.state = 'sending' and t.lease_until < now()))
        returning t.id, t.order_id, t.producer_id, t.amount_cents, t.account_id, t.attempts, o.charge_id`,
      [`${this.deps.options.leaseMs} milliseconds`, destination?.accountId ?? null, destination?.accountId ?? null, id],
    );
    if (!claim?.account_id) return;
    let transferId: string;
    try {
      ({ id: transferId } = await this.deps.payouts.createTransfer({
        accountId: claim.account_id,
        amountCents: claim.amount_cents,
        orderId: claim.order_id,
        producerId: claim.producer_id,
        chargeId: claim.charge_id,
        idempotencyKey: `transfer-${claim.order_id}-${claim.producer_id}`,
      }));
    } catch (error) {
      await this.transferFailed(claim, error);
      return;
    }
    await this.deps.orm.em.fork().transactional(async (tx) => {
      const [paid] = await tx.execute<{ account_id: string; amount_cents: number }[]>(
        `update earnings_transfers set state = 'paid', stripe_transfer_id = ?, lease_until = null, last_error = null, updated_at = now()
          where id = ? and state = 'sending' returning account_id, amount_cents`,
        [transferId, claim.id],
      );
      // Without Stripe, the local payout account's balance takes the transfer with its row.
      if (paid && this.deps.payouts.provider === 'local') await this.deps.producers.creditLocalBalance(tx, paid.account_id, paid.amount_cents);
    });
    await this.enqueueReversalsOf(claim.order_id);
  }

  private async transferFailed(claim: TransferClaim, error: unknown): Promise<void> {
    const permanent = error instanceof TransferRefused ? error.permanent : false;
    const last = permanent || claim.attempts >= this.deps.options.maxAttempts;
    this.deps.logger.warn({ err: error, transfer: claim.id, attempts: claim.attempts, permanent: last }, last ? 'transfer failed for good' : 'transfer failed; retrying');
    if (last) {
      await this.deps.orm.em.fork().transactional(async (tx) => {
        const [failed] = await tx.execute<{ id: string }[]>(
          `update earnings_transfers set state = 'failed', lease_until = null, last_error = ?, updated_at = now() where id = ? and state = 'sending' returning id`,
          [message(error), claim.id],
        );
        if (!failed) return;
        // Refunds waiting for this transfer to be paid take their amount off the unpaid transfer instead.
        const [folded] = await tx.execute<{ cents: number }[]>(
          `with c as (update earnings_reversals set state = 'cancelled', updated_at = now() where transfer_id = ? and state = 'pending' returning amount_cents)
           select coalesce(sum(amount_cents), 0)::int as cents from c`,
          [claim.id],
        );
        if (folded.cents) await tx.execute(`update earnings_transfers set amount_cents = amount_cents - ? where id = ?`, [folded.cents, claim.id]);
      });
      return;
    }
    const delay = this.backoffMs(claim.attempts);
    await this.em.execute(
      `update earnings_transfers set state = 'pending', lease_until = null, last_error = ?, next_attempt_at = now() + ?::interval, updated_at = now() where id = ? and state = 'sending'`,
      [message(error), `${delay} milliseconds`, claim.id],
    );
    await this.enqueueAll([transferJob(claim.id)], delay);
  }

  /** One reversal of a paid transfer: claimed, sent, and recorded with the transfer's reversed total. */
  async reverse(id: string): Promise<void> {
    const em = this.em;
    const [claim] = await em.execute<ReversalClaim[]>(
      `update earnings_reversals r set state = 'sending', attempts = r.attempts + 1, lease_until = now() + ?::interval, updated_at = now()
         from earnings_transfers t
        where r.id = ? and t.id = r.transfer_id and t.state = 'paid'
          and ((r.state = 'pending' and r.next_attempt_at <= now()) or (r.state = 'sending' and r.lease_until < now()))
        returning r.id, r.transfer_id, r.refund_id, r.amount_cents, r.attempts, t.stripe_transfer_id, t.account_id`,
      [`${this.deps.options.leaseMs} milliseconds`, id],
    );
    if (!claim) return;
    let reversalId: string;
    try {
      ({ id: reversalId } = await this.deps.payouts.createTransferReversal({
        transferId: claim.stripe_transfer_id,
        amountCents: claim.amount_cents,
        refundId: claim.refund_id,
        idempotencyKey: `reversal-${claim.transfer_id}-${claim.refund_id}`,
      }));
    } catch (error) {
      const permanent = error instanceof TransferRefused ? error.permanent : false;
      const last = permanent || claim.attempts >= this.deps.options.maxAttempts;
      this.deps.logger.warn({ err: error, reversal: claim.id, permanent: last }, last ? 'transfer reversal failed for good' : 'transfer reversal failed; retrying');
      const delay = this.backoffMs(claim.attempts);
      await em.execute(
        `update earnings_reversals set state = ?, lease_until = null, last_error = ?, next_attempt_at = now() + ?::interval, updated_at = now() where id = ? and state = 'sending'`,
        [last ? 'failed' : 'pending', message(error), `${delay} milliseconds`, claim.id],
      );
      if (!last) await this.enqueueAll([reversalJob(claim.id)], delay);
      return;
    }
    await this.deps.orm.em.fork().transactional(async (tx) => {
      const [done] = await tx.execute<{ id: string }[]>(
        `update earnings_reversals set state = 'done', stripe_reversal_id = ?, lease_until = null, last_error = null, updated_at = now() where id = ? and state = 'sending' returning id`,
        [reversalId, claim.id],
      );
      if (!done) return;
      // The check constraint (reversed_cents <= amount_cents) refuses taking more than was paid.
      await tx.execute(`update earnings_transfers set reversed_cents = reversed_cents + ?, updated_at = now() where id = ?`, [claim.amount_cents, claim.transfer_id]);
      if (this.deps.payouts.provider === 'local') await this.deps.producers.creditLocalBalance(tx, claim.account_id, -claim.amount_cents);
    });
  }
}
