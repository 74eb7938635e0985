import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** An attachment as the outbox keeps it: a blob store key, read when the mail is sent. */
export interface OutboxAttachment {
  readonly fileName: string;
  readonly contentType: string;
  readonly blobKey: string;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * A mail waiting to be sent, or sent. The dedup key (e.g. `licence-receipt:<licenceId>`) is unique,
 * so whatever enqueues a mail twice (a webhook delivered twice, a retried fulfilment) stores it once.
 */
@Entity({ tableName: 'mail_outbox' })
@Unique({ name: 'mail_outbox_dedup_key_unique', properties: ['dedupKey'] })
@Index({ name: 'mail_outbox_due_index', properties: ['status', 'nextAttemptAt'] })
export class OutboxMail {
  [OptionalProps]?: 'status' | 'attempts' | 'nextAttemptAt' | 'createdAt' | 'lastError' | 'sentAt' | 'lockedUntil';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  dedupKey!: string;

  @Property({ type: 'text', fieldName: 'to_address' })
  to!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'json' })
  attachments: OutboxAttachment[] = [];

  @Property({ type: 'text' })
  status: OutboxStatus = 'pending';

  /** Sending attempts made so far. */
  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt: Date = new Date();

  /** A dispatcher holds the mail until then (one sender at a time, across instances). */
  @Property({ type: 'timestamptz', nullable: true })
  lockedUntil?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;
}
