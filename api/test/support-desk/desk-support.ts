import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../support/test-app';
import { sqlOf } from '../admin/admin-support';

/** The app's env for these suites: X-Forwarded-For is trusted, so each test can come from its own network. */
export const DESK_ENV = {
  TRUST_PROXY: 'true',
  SUPPORT_EMAIL: 'help@beats-support.co',
  SUPPORT_MESSAGES_PER_HOUR: '3',
  SUPPORT_MESSAGES_PER_HOUR_PER_NETWORK: '4',
};

let networks = 0;
/** A network no other test of the run used (TEST-NET-2 addresses). */
export const freshNetwork = () => `198.51.100.${++networks}`;

export interface Caller {
  readonly token?: string | null;
  readonly ip: string;
}

const headers = ({ token, ip }: Caller, json = true): Record<string, string> => ({
  ...(json ? { 'content-type': 'application/json' } : {}),
  'x-forwarded-for': ip,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** POST /contact with a JSON body (or raw text), from `caller`'s network. */
export async function contactRest(test: TestApp, caller: Caller, body: unknown) {
  const response = await fetch(`${test.url}/contact`, { method: 'POST', headers: headers(caller), body: typeof body === 'string' ? body : JSON.stringify(body) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as any };
}

/** A GraphQL operation from `caller`'s network. */
export async function gql<T = Record<string, unknown>>(test: TestApp, caller: Caller, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${test.url}/graphql`, { method: 'POST', headers: headers(caller), body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[] };
  return { status: response.status, ...body };
}

export const SEND = 'mutation($i: SendSupportMessageInput!) { sendSupportMessage(input: $i) { id message } }';

export const MESSAGE_FIELDS = `id topic message reference senderEmail senderName username planName status createdAt
  replies { id text authorEmail createdAt }
  refundRequest { id paymentId status planName amountCents currency reason declineReason decidedAt }`;

export interface OutboxRow {
  id: string;
  dedup_key: string;
  to_address: string;
  subject: string;
  text: string;
  status: string;
}

/** Mails in the outbox whose dedup key starts with `prefix`, oldest first. */
export const outbox = (test: TestApp, prefix: string) =>
  sqlOf(test)<OutboxRow>('select id, dedup_key, to_address, subject, text, status from mail_outbox where dedup_key like ? order by created_at, dedup_key', [`${prefix}%`]);

/**
 * Sends what is due now (waiting for the dispatch itself, not for a timer) and answers the .eml file
 * the mail became in the app's mail directory.
 */
export async function deliveredMail(test: TestApp, mailId: string): Promise<string> {
  await test.app.services.mail.dispatchPending();
  const [row] = await sqlOf(test)<{ status: string }>('select status from mail_outbox where id = ?', [mailId]);
  if (row.status !== 'sent') {
    // A dispatch that was already running when this one was asked for may have missed the mail: once more.
    await test.app.services.mail.dispatchPending();
  }
  const file = join(test.config.mail.kind === 'files' ? test.config.mail.dir : '', `${mailId}.eml`);
  if (!existsSync(file)) throw new Error(`mail ${mailId} was not delivered`);
  return readFileSync(file, 'utf8');
}

export const count = async (test: TestApp, table: string) => Number((await sqlOf(test)<{ n: string }>(`select count(*) as n from ${table}`))[0].n);
