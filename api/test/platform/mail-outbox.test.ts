import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ENTITIES } from '../../src/entities';
import { openDatabase } from '../../src/platform/db/orm';
import { createLogger } from '../../src/platform/logging/logger';
import { MailOutbox, type OutgoingMail } from '../../src/platform/mail/mail-outbox';
import { emlFileTransport, smtpTransport, type MailMessage, type MailTransport } from '../../src/platform/mail/mail-transport';
import { ConfigError, loadConfig } from '../../src/config';
import { LocalBlobStore } from '../../src/platform/storage/local-blob-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let orm: MikroORM;
let dir: string;
let blobs: LocalBlobStore;
const logger = createLogger('silent');
const PDF = Buffer.from('%PDF-1.3\n% a licence, for the test\n%%EOF\n');
const outboxes: MailOutbox[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openDatabase(database.url, ENTITIES, logger);
  dir = mkdtempSync(join(tmpdir(), 'mail-outbox-'));
  blobs = new LocalBlobStore({ root: join(dir, 'blobs'), publicBaseUrl: 'http://127.0.0.1', signingSecret: 'x'.repeat(32) });
  await blobs.put('licences/l1/licence.pdf', PDF, { contentType: 'application/pdf' });
}, 60_000);
afterAll(async () => {
  for (const outbox of outboxes) await outbox.close();
  await orm?.close(true);
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const receipt = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: 'buyer@example.com',
  subject: 'Your licence for Dark Trap Type Beat',
  text: 'Thank you for your purchase. Your licence is attached.',
  attachments: [{ fileName: 'Dark Trap Type Beat - licence.pdf', contentType: 'application/pdf', blobKey: 'licences/l1/licence.pdf' }],
  ...over,
});

function outbox(transport: MailTransport, over: { maxAttempts?: number } = {}): MailOutbox {
  const created = new MailOutbox({ orm, blobs, transport, from: 'YSM <no-reply@ysm.test>', logger, retryBaseMs: 0, ...over });
  outboxes.push(created);
  return created;
}

/** A transport that fails the first `failures` sends of each mail, and records what it sent. */
function flakyTransport(failures: number): MailTransport & { sent: MailMessage[] } {
  const calls = new Map<string, number>();
  const transport = {
    kind: 'smtp' as const,
    sent: [] as MailMessage[],
    async send(message: MailMessage) {
      calls.set(message.id, (calls.get(message.id) ?? 0) + 1);
      if (calls.get(message.id)! <= failures) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      transport.sent.push(message);
    },
    close: () => undefined,
  };
  return transport;
}

const row = async (id: string) =>
  (await orm.em.fork().execute<{ status: string; attempts: number; last_error: string | null; sent_at: Date | null }[]>(
    'select status, attempts, last_error, sent_at from mail_outbox where id = ?', [id]))[0];

describe('the mail outbox', () => {
  it('stores and sends a mail enqueued twice with one dedup key once', async () => {
    const transport = flakyTransport(0);
    const mail = outbox(transport);
    const first = await mail.enqueue(receipt(), 'licence-receipt:twice');
    const second = await mail.enqueue(receipt({ subject: 'A different subject' }), 'licence-receipt:twice');
    expect(second).toEqual({ id: first.id, created: false });
    expect(first.created).toBe(true);
    await mail.dispatchPending();
    await mail.dispatchPending();
    expect(transport.sent.filter((m) => m.id === first.id)).toHaveLength(1);
    expect(transport.sent.find((m) => m.id === first.id)!.subject).toBe('Your licence for Dark Trap Type Beat');
    expect(await row(first.id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: expect.anything() });
  });

  it('stores one mail when the same dedup key is enqueued by 10 callers at once', async () => {
    const mail = outbox(flakyTransport(0));
    const results = await Promise.all(Array.from({ length: 10 }, () => mail.enqueue(receipt(), 'licence-receipt:racing')));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const [{ count }] = await orm.em.fork().execute<{ count: string }[]>(`select count(*) from mail_outbox where dedup_key = 'licence-receipt:racing'`);
    expect(Number(count)).toBe(1);
  });

  it('keeps a mail the transport refuses and sends it on a later attempt', async () => {
    const transport = flakyTransport(2);
    const mail = outbox(transport);
    const { id } = await mail.enqueue(receipt(), 'licence-receipt:flaky');
    await mail.dispatchPending();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    await mail.dispatchPending();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2 });
    await mail.dispatchPending();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(transport.sent.map((m) => m.id)).toContain(id);
  });

  it('gives a mail up after its last attempt, and keeps it with its error', async () => {
    const transport = flakyTransport(Number.MAX_SAFE_INTEGER);
    const mail = outbox(transport, { maxAttempts: 2 });
    const { id } = await mail.enqueue(receipt(), 'licence-receipt:hopeless');
    await mail.dispatchPending();
    await mail.dispatchPending();
    await mail.dispatchPending();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: expect.stringContaining('ECONNREFUSED') });
  });

  it('retries a mail whose attachment is not stored yet', async () => {
    const transport = flakyTransport(0);
    const mail = outbox(transport);
    const { id } = await mail.enqueue(receipt({ attachments: [{ fileName: 'late.pdf', contentType: 'application/pdf', blobKey: 'licences/late/licence.pdf' }] }), 'licence-receipt:late');
    await mail.dispatchPending();
    expect(await row(id)).toMatchObject({ status: 'pending', last_error: 'File not found.' });
    await blobs.put('licences/late/licence.pdf', PDF, { contentType: 'application/pdf' });
    await mail.dispatchPending();
    expect(await row(id)).toMatchObject({ status: 'sent' });
  });

  it('sends a mail once when two dispatchers run at the same time', async () => {
    const a = flakyTransport(0);
    const b = flakyTransport(0);
    const { id } = await outbox(a).enqueue(receipt(), 'licence-receipt:two-senders');
    await Promise.all([outbox(a).dispatchPending(), outbox(b).dispatchPending()]);
    expect([...a.sent, ...b.sent].filter((m) => m.id === id)).toHaveLength(1);
  });

  it('writes an .eml file holding the attachment when no SMTP server is configured', async () => {
    const mailDir = join(dir, 'mail');
    const mail = outbox(emlFileTransport(mailDir));
    const { id } = await mail.enqueue(receipt({ to: 'ada@example.com' }), 'licence-receipt:eml');
    await mail.dispatchPending();
    expect(readdirSync(mailDir)).toContain(`${id}.eml`);
    // Headers unfolded (a long header continues on lines that start with white space).
    const eml = readFileSync(join(mailDir, `${id}.eml`), 'utf8').replace(/\n[ \t]+/g, ' ');
    expect(eml).toMatch(/^To: ada@example\.com$/m);
    expect(eml).toMatch(/^Subject: Your licence for Dark Trap Type Beat$/m);
    expect(eml).toContain(`Message-ID: <${id}@ysm.test>`);
    expect(eml).toContain('Thank you for your purchase.');
    // The attachment part: its headers, then its base64 body up to the next boundary.
    const part = /Content-Type: application\/pdf; name="?Dark Trap Type Beat - licence\.pdf"?\n((?:[A-Za-z-]+: .*\n)*)\n([A-Za-z0-9+/=\n]+)\n--/.exec(eml);
    expect(part).not.toBeNull();
    expect(part![1]).toMatch(/Content-Disposition: attachment;\s+filename="?Dark Trap Type Beat - licence\.pdf"?/);
    expect(eml).toMatch(/^From: YSM <no-reply@ysm\.test>$/m);
    expect(Buffer.from(part![2].replace(/\n/g, ''), 'base64').equals(PDF)).toBe(true);
  });

  it('refuses a malformed mail with a clear error and stores nothing', async () => {
    const mail = outbox(flakyTransport(0));
    const bad: [OutgoingMail, string, RegExp][] = [
      [receipt({ to: 'not an address' }), 'bad:to', /valid recipient/],
      [receipt({ to: 'a@example.com, b@example.com' }), 'bad:two', /valid recipient/],
      [receipt({ subject: 'Hello\r\nBcc: everyone@example.com' }), 'bad:subject', /one line/],
      [receipt({ subject: '' }), 'bad:empty', /one line/],
      [receipt({ attachments: [{ fileName: 'x.pdf', contentType: 'application/pdf', blobKey: '../etc/passwd' }] }), 'bad:key', /Invalid storage key/],
      [receipt({ text: 'x'.repeat(100_001) }), 'bad:long', /at most 100000/],
      [receipt(), '', /dedup key/],
    ];
    for (const [value, key, message] of bad) await expect(mail.enqueue(value, key)).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(message) });
    const [{ count }] = await orm.em.fork().execute<{ count: string }[]>(`select count(*) from mail_outbox where dedup_key like 'bad:%'`);
    expect(Number(count)).toBe(0);
  });

  it('keeps a mail pending when the SMTP server cannot be reached', async () => {
    const mail = outbox(smtpTransport('smtp://127.0.0.1:1'));
    const { id } = await mail.enqueue(receipt(), 'licence-receipt:smtp-down');
    await mail.dispatchPending();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|connect/) });
  });
});

describe('mail configuration', () => {
  it('writes .eml files under <DATA_DIR>/mail without SMTP_URL, and uses SMTP with it', () => {
    expect(loadConfig({ DATA_DIR: '/srv/ysm' }).mail).toEqual({ kind: 'files', dir: '/srv/ysm/mail', from: 'YSM <no-reply@localhost>' });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com', MAIL_FROM: 'Beats <hello@example.com>' }).mail)
      .toEqual({ kind: 'smtp', smtpUrl: 'smtps://u:p@smtp.example.com', from: 'Beats <hello@example.com>' });
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(ConfigError);
  });
});
