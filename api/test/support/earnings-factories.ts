import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import { userRow } from './catalog-factories';
import type { PaidOrder } from '../../src/modules/earnings/earnings.types';

export interface ProducerFixture {
  readonly userId: string;
  readonly producerId: string;
  readonly accountId: string | null;
}

const sql = <T = Record<string, unknown>>(test: TestApp, query: string, params: unknown[] = []) => test.app.orm.em.fork().getConnection().execute<T[]>(query, params);

/**
 * A producer (user, producer record with default prices) and, unless `account` is null, a payout
 * account of the app's provider: able to receive transfers when `ready`. With Stripe, pass the
 * stand-in's account id.
 */
export async function producerFixture(test: TestApp, options: { ready?: boolean; account?: string | null } = {}): Promise<ProducerFixture> {
  const em = test.app.orm.em.fork();
  const user = userRow(em);
  await em.flush();
  await test.app.services.producers.ensureSystemProducers(em, [{ userId: user.id, producerName: `P ${user.username}`, email: user.email }]);
  const [{ id: producerId }] = await sql<{ id: string }>(test, `select id from producers where user_id = ?`, [user.id]);
  const provider = test.app.services.producers.provider;
  const accountId = options.account === null ? null : (options.account ?? `local_acct_${randomUUID().replace(/-/g, '')}`);
  if (accountId) {
    const ready = options.ready ?? true;
    await sql(test,
      `insert into payout_accounts (id, producer_id, provider, details_submitted, charges_enabled, payouts_enabled, requirements_due, disabled_reason, balance_cents, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, '{}', null, 0, now(), now())`,
      [accountId, producerId, provider, ready, ready, ready],
    );
  }
  return { userId: user.id, producerId, accountId };
}

/** A paid order of a beat by these producers (named by user id, as beats name them). */
export function paidOrder(producers: readonly { userId: string; bp: number }[], grossCents: number, over: Partial<PaidOrder> = {}): PaidOrder {
  return {
    orderId: randomUUID(),
    beatId: randomUUID(),
    grossCents,
    feeCents: null,
    chargeId: null,
    producers: producers.map((p) => ({ producerId: p.userId, shareBasisPoints: p.bp })),
    ...over,
  };
}

/** Records a sale in a transaction of its own (as the licences module's fulfilment does). */
export const recordSale = (test: TestApp, order: PaidOrder) =>
  test.app.orm.em.fork().transactional((em) => test.app.services.earnings.recordSale(em, order));

export const recordRefund = (test: TestApp, refund: { orderId: string; refundId: string; refundedCents: number; reason: 'admin' | 'exclusive_race' | 'dispute' }) =>
  test.app.orm.em.fork().transactional((em) => test.app.services.earnings.recordRefund(em, refund));

/** Waits until no transfer or reversal is pending or being sent (each test's jobs are quick). */
export async function settled(test: TestApp, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await sql<{ n: number }>(test,
      `select ((select count(*) from earnings_transfers where state in ('pending', 'sending'))
             + (select count(*) from earnings_reversals r join earnings_transfers t on t.id = r.transfer_id where r.state in ('pending', 'sending') and t.state = 'paid'))::int as n`);
    if (n === 0) return;
    if (Date.now() > until) throw new Error(`${n} transfers or reversals still pending`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export { sql as earningsSql };
