import type { OutgoingMail } from '../licence-files';

/** The mail outbox (platform/mail): a mail is sent once per dedup key, however often it is enqueued. */
export interface MailOutbox {
  enqueue(mail: OutgoingMail, dedupKey: string): Promise<unknown>;
}

/** What the licences module needs of the payment event log (billing's Fulfilment.once). */
export type ApplyOnce = <T>(key: string, type: string, effects: (em: import('@mikro-orm/postgresql').EntityManager) => Promise<T>) => Promise<{ applied: true; value: T } | { applied: false }>;
