import type { OutgoingMail } from '../licence-files/licence-files.types';

/** The mail outbox (platform/mail): a mail is sent once per dedup key, however often it is enqueued. */
export interface MailOutbox {
  enqueue(mail: OutgoingMail, dedupKey: string): Promise<void>;
}

/** What the licences module needs of the payment event log (billing's Fulfilment.once). */
export type ApplyOnce = <T>(key: string, type: string, effects: (em: import('@mikro-orm/postgresql').EntityManager) => Promise<T>) => Promise<{ applied: true; value: T } | { applied: false }>;
