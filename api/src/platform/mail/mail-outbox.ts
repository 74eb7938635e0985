import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { badInput } from '../errors';
import type { Logger } from '../logging/logger';
import { assertBlobKey, sanitizeDownloadName, type BlobStore } from '../storage/blob-store';
import type { MailTransport } from './mail-transport';
import type { OutboxAttachment } from './outbox-mail.entity';

/** A mail to send (the licences module's receipts); attachments are read from the blob store when it is sent. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly attachments?: readonly OutboxAttachment[];
}

export interface MailOutboxOptions {
  readonly orm: MikroORM;
  readonly blobs: BlobStore;
  readonly transport: MailTransport;
  readonly from: string;
  readonly logger: Logger;
  /** Attempts before a mail is given up (status `failed`); 8 by default. */
  readonly maxAttempts?: number;
  /** Wait before the first retry, doubled each time (at most an hour); 30 s by default. */
  readonly retryBaseMs?: number;
  /** How often pending mails are looked for; 15 s by default. */
  readonly pollMs?: number;
}

export interface DispatchReport {
  readonly sent: number;
  /** Failed this time, to be tried again. */
  readonly retrying: number;
  /** Failed for the last allowed time. */
  readonly failed: number;
}

const MAX_ATTACHMENTS = 10;
const MAX_TEXT = 100_000;
const BATCH = 20;
/** A sender holds a claimed mail this long; if it dies meanwhile, another sender takes it after. */
const CLAIM_SECONDS = 120;
// One address, no display name, nothing that could split a header.
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const LINE = /^[^\r\n]*$/;
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+$/;

interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  attachments: OutboxAttachment[];
  attempts: number;
}

/**
 * The mail outbox: a mail is a row first (enqueued once per dedup key, in the caller's transaction if
 * it gives one), then a dispatcher sends pending rows with retries and backoff. A failing transport
 * keeps the mail pending with its error until it goes through or runs out of attempts. Sending is at
 * least once: a crash between the send and its record sends again (the .eml transport then replaces
 * its file; SMTP receivers see the same Message-ID).
 */
export class MailOutbox {
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly pollMs: number;
  private timer?: NodeJS.Timeout;
  private dispatching?: Promise<DispatchReport>;
  private again = false;
  private started = false;
  private closed = false;

  constructor(private readonly options: MailOutboxOptions) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 15_000;
  }

  /**
   * Stores the mail once per `dedupKey` (a second call with the same key changes nothing and answers
   * the first mail's id). Refuses a malformed mail with BAD_USER_INPUT before storing anything.
   */
  async enqueue(mail: OutgoingMail, dedupKey: string, em?: EntityManager): Promise<{ id: string; created: boolean }> {
    const attachments = checkMail(mail, dedupKey);
    const db = em ?? this.options.orm.em.fork();
    const inserted = await db.execute<{ id: string }[]>(
      `insert into mail_outbox (id, dedup_key, to_address, subject, text, attachments, status, attempts, next_attempt_at, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?::jsonb, 'pending', 0, now(), now())
       on conflict (dedup_key) do nothing returning id`,
      [dedupKey, mail.to.trim(), mail.subject, mail.text, JSON.stringify(attachments)],
    );
    if (inserted.length) {
      if (!em) this.kick();
      return { id: inserted[0].id, created: true };
    }
    const [existing] = await db.execute<{ id: string }[]>('select id from mail_outbox where dedup_key = ?', [dedupKey]);
    return { id: existing.id, created: false };
  }

  /** Looks for pending mails every `pollMs` (a timer that does not keep the process alive). */
  start(): void {
    if (this.timer || this.closed) return;
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Once started: dispatches now (or once more after the dispatch under way); errors are logged. */
  kick(): void {
    if (!this.started || this.closed) return;
    if (this.dispatching) {
      this.again = true;
      return;
    }
    void this.dispatchPending().catch((err: unknown) => this.options.logger.warn({ err }, 'mail dispatch failed'));
  }

  /** Sends every mail that is due, each claimed so that no other sender takes it meanwhile. */
  dispatchPending(): Promise<DispatchReport> {
    if (this.dispatching) return this.dispatching;
    this.dispatching = (async () => {
      const total = { sent: 0, retrying: 0, failed: 0 };
      do {
        this.again = false;
        for (;;) {
          const claimed = await this.claim();
          for (const row of claimed) total[await this.send(row)]++;
          if (claimed.length < BATCH) break;
        }
      } while (this.again && !this.closed);
      return total;
    })().finally(() => {
      this.dispatching = undefined;
    });
    return this.dispatching;
  }

  /** Stops the timer and waits for a dispatch under way. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.dispatching?.catch(() => undefined);
    this.options.transport.close();
  }

  private claim(): Promise<ClaimedRow[]> {
    return this.options.orm.em.fork().execute<ClaimedRow[]>(
      `update mail_outbox set locked_until = now() + make_interval(secs => ?), attempts = attempts + 1
        where id in (select id from mail_outbox
                      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
                      order by next_attempt_at limit ? for update skip locked)
        returning id, to_address, subject, text, attachments, attempts`,
      [CLAIM_SECONDS, BATCH],
    );
  }

  private async send(row: ClaimedRow): Promise<'sent' | 'retrying' | 'failed'> {
    const em = this.options.orm.em.fork();
    try {
      const attachments = await Promise.all(
        row.attachments.map(async (a) => ({ fileName: a.fileName, contentType: a.contentType, content: await this.options.blobs.get(a.blobKey) })),
      );
      await this.options.transport.send({ id: row.id, from: this.options.from, to: row.to_address, subject: row.subject, text: row.text, attachments });
      await em.execute(`update mail_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ?`, [row.id]);
      return 'sent';
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const last = row.attempts >= this.maxAttempts;
      const delayMs = Math.min(3_600_000, this.retryBaseMs * 2 ** (row.attempts - 1));
      await em.execute(
        `update mail_outbox set status = ?, last_error = ?, locked_until = null,
                next_attempt_at = now() + make_interval(secs => ?) where id = ?`,
        [last ? 'failed' : 'pending', message, delayMs / 1000, row.id],
      );
      this.options.logger.warn({ mailId: row.id, attempts: row.attempts, err: message, givenUp: last }, 'mail not sent');
      return last ? 'failed' : 'retrying';
    }
  }
}

/** Checks a mail; answers its attachments as stored. */
function checkMail(mail: OutgoingMail, dedupKey: string): OutboxAttachment[] {
  if (typeof dedupKey !== 'string' || !dedupKey.trim() || dedupKey.length > 200) throw badInput('A mail needs a dedup key of 1-200 characters.');
  if (typeof mail?.to !== 'string' || mail.to.trim().length > 254 || !ADDRESS.test(mail.to.trim())) throw badInput('A mail needs one valid recipient address.');
  if (typeof mail.subject !== 'string' || !mail.subject.trim() || mail.subject.length > 200 || !LINE.test(mail.subject)) {
    throw badInput('A mail subject is one line of 1-200 characters.');
  }
  if (typeof mail.text !== 'string' || mail.text.length > MAX_TEXT) throw badInput(`A mail text is at most ${MAX_TEXT} characters.`);
  const attachments = mail.attachments ?? [];
  if (attachments.length > MAX_ATTACHMENTS) throw badInput(`A mail has at most ${MAX_ATTACHMENTS} attachments.`);
  return attachments.map((a) => {
    if (!CONTENT_TYPE.test(a.contentType ?? '')) throw badInput('An attachment needs a valid content type.');
    return { fileName: sanitizeDownloadName(a.fileName ?? ''), contentType: a.contentType, blobKey: assertBlobKey(a.blobKey) };
  });
}
