import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { BlobStore } from '../platform/storage/blob-store';

/**
 * The data consistency check (issue 24; `npm run check:data -w api`): what the database and the
 * blob store must agree on, read only. Each finding names its kind and the row or key.
 */

export type FindingKind =
  | 'row without blob'
  | 'blob without row'
  | 'token ledger does not sum to the balance'
  | 'earnings ledger does not sum to the order'
  | 'earnings ledger row without order'
  | 'paid order without licence';

export interface Finding {
  readonly kind: FindingKind;
  /** The row (table and id) or blob key it concerns. */
  readonly subject: string;
  readonly detail: string;
}

/** Runs one SQL statement (PostgreSQL's `$1` placeholders) and returns its rows. */
export type Sql = <T>(query: string, params?: unknown[]) => Promise<T[]>;

/** A blob key the database holds, and where. */
interface Reference {
  readonly key: string;
  readonly where: string;
}

/** Every blob key a row refers to: samples, beats' audio, profile pictures, licence files, mail attachments. */
async function referencedKeys(sql: Sql): Promise<Reference[]> {
  const rows = await sql<{ key: string; where: string }>(
    `select audio_blob_key as key, 'melody_stems ' || id as where from melody_stems
     union all select audio_blob_key, 'drum_loops ' || id from drum_loops
     union all select mp3blob_key, 'beats ' || id || ' (mp3)' from beats
     union all select wav_blob_key, 'beats ' || id || ' (wav)' from beats
     union all select image_key, 'users ' || id || ' (picture)' from users where image_key is not null
     union all select f.value ->> 'key', 'licences ' || l.id || ' (' || f.key || ')'
       from licences l, jsonb_each(case when jsonb_typeof(l.files) = 'object' then l.files else '{}'::jsonb end) f
       where jsonb_typeof(f.value) = 'object' and f.value ? 'key'
     union all select a ->> 'blobKey', 'mail_outbox ' || m.id || ' (attachment)'
       from mail_outbox m, jsonb_array_elements(case when jsonb_typeof(m.attachments) = 'array' then m.attachments else '[]'::jsonb end) a
       where m.status <> 'sent'`,
  );
  return rows.filter((r) => typeof r.key === 'string' && r.key.length > 0);
}

/** Runs `fn` over `items`, `width` at a time. */
async function eachLimited<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** Every key in a local blob store's directory (sidecars and temporary files, which start with a dot, left out). */
export async function localBlobKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) keys.push(relative(root, path).split(sep).join('/'));
    }
  };
  await walk(root);
  return keys.sort();
}

export interface CheckOptions {
  readonly sql: Sql;
  readonly blobs: BlobStore;
  /** Every key in the store, when it can be listed (the local store); without it, blobs without rows are not looked for. */
  readonly listBlobKeys?: () => Promise<string[]>;
}

/** Finds every inconsistency; changes nothing. */
export async function checkData({ sql, blobs, listBlobKeys }: CheckOptions): Promise<Finding[]> {
  const findings: Finding[] = [];
  const references = await referencedKeys(sql);
  await eachLimited(references, 16, async (ref) => {
    if (!(await blobs.exists(ref.key))) findings.push({ kind: 'row without blob', subject: ref.where, detail: `its blob ${ref.key} is missing` });
  });

  if (listBlobKeys) {
    const referenced = new Set(references.map((r) => r.key));
    // A licence's files are written under licences/<id>/ before the row lists them (a retried job finds them there).
    const licenceIds = new Set((await sql<{ id: string }>('select id from licences')).map((r) => r.id));
    for (const key of await listBlobKeys()) {
      if (referenced.has(key)) continue;
      const licence = /^licences\/([^/]+)\//.exec(key);
      if (licence && licenceIds.has(licence[1])) continue;
      findings.push({ kind: 'blob without row', subject: key, detail: 'no row refers to it' });
    }
  }

  for (const row of await sql<{ id: string; balance: number; ledger_sum: string | null; last_after: number | null }>(
    // An account without a billing_accounts row has no credits and no ledger (billing opens the row first).
    `select b.user_id as id, b.credits as balance, sum(t.delta) as ledger_sum,
            (select balance_after from token_ledger l where l.user_id = b.user_id order by l.created_at desc, l.id desc limit 1) as last_after
       from billing_accounts b left join token_ledger t on t.user_id = b.user_id
      group by b.user_id, b.credits
     having b.credits <> coalesce(sum(t.delta), 0)`,
  )) {
    findings.push({
      kind: 'token ledger does not sum to the balance',
      subject: `users ${row.id}`,
      detail: `balance ${row.balance}, ledger sum ${Number(row.ledger_sum ?? 0)}, last ledger balance ${row.last_after ?? 'none'}`,
    });
  }

  for (const row of await sql<{ order_id: string; expected: number; ledger_sum: string | null }>(
    `select o.order_id, o.gross_cents - o.refunded_cents as expected, sum(e.amount_cents) as ledger_sum
       from earnings_orders o left join earnings_ledger e on e.order_id = o.order_id
      group by o.order_id, o.gross_cents, o.refunded_cents
     having o.gross_cents - o.refunded_cents <> coalesce(sum(e.amount_cents), 0)`,
  )) {
    findings.push({
      kind: 'earnings ledger does not sum to the order',
      subject: `earnings_orders ${row.order_id}`,
      detail: `gross less refunds ${row.expected} cents, ledger sum ${Number(row.ledger_sum ?? 0)} cents`,
    });
  }
  for (const row of await sql<{ order_id: string; rows: string }>(
    `select e.order_id, count(*) as rows from earnings_ledger e
      where not exists (select 1 from earnings_orders o where o.order_id = e.order_id) group by e.order_id`,
  )) {
    findings.push({ kind: 'earnings ledger row without order', subject: `earnings_ledger order ${row.order_id}`, detail: `${row.rows} rows name an order earnings_orders lacks` });
  }

  for (const row of await sql<{ id: string; paid_at: Date | null }>(
    `select o.id, o.paid_at from licence_orders o
      where o.status = 'paid' and not exists (select 1 from licences l where l.order_id = o.id)`,
  )) {
    findings.push({ kind: 'paid order without licence', subject: `licence_orders ${row.id}`, detail: `paid ${row.paid_at ? new Date(row.paid_at).toISOString() : '(no date)'}, no licence issued` });
  }
  return findings;
}

/** The repairs that are safe without a person's judgement: deleting blobs no row refers to. Returns what was done. */
export async function repair(findings: readonly Finding[], blobs: BlobStore): Promise<string[]> {
  const orphans = findings.filter((f) => f.kind === 'blob without row').map((f) => f.subject);
  await blobs.deleteMany(orphans);
  return orphans.map((key) => `deleted blob ${key} (no row refers to it)`);
}

/** The findings grouped by kind, for people. */
export function report(findings: readonly Finding[]): string {
  if (!findings.length) return 'check:data: no findings.';
  const groups = new Map<FindingKind, Finding[]>();
  for (const f of findings) groups.set(f.kind, [...(groups.get(f.kind) ?? []), f]);
  const lines = [`check:data: ${findings.length} finding(s)`];
  for (const [kind, items] of groups) {
    lines.push(`\n${kind} (${items.length}):`);
    for (const f of items) lines.push(`  ${f.subject}: ${f.detail}`);
  }
  return lines.join('\n');
}
