import type { EntityManager } from '@mikro-orm/postgresql';

interface KnexTransactionLike {
  executionPromise?: Promise<unknown>;
  parentTransaction?: KnexTransactionLike;
}

/**
 * Runs `effect` once the caller's transaction commits (never when it rolls back); at once when `em`
 * is not in a transaction. Nested transactions (savepoints) wait for the outermost one. A process
 * that dies before the effect runs leaves the rows it was for, which the payout sweep finds.
 */
export function afterCommit(em: EntityManager, effect: () => void): void {
  let trx = em.getTransactionContext<KnexTransactionLike>();
  while (trx?.parentTransaction) trx = trx.parentTransaction;
  if (!trx?.executionPromise) {
    effect();
    return;
  }
  trx.executionPromise.then(effect, () => undefined);
}
