import type { Statement, StatementLine } from './earnings-charts.types';

const HEADER = ['date', 'kind', 'order_id', 'tier', 'beat', 'share_percent', 'gross_usd', 'fee_usd', 'net_usd', 'your_earnings_usd', 'transfer_status'];

/** Cents as dollars with two decimals and a leading minus: -518 -> "-5.18". */
export const dollars = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A CSV field (RFC 4180), with a leading formula character defused so a spreadsheet shows it as text. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const lineFields = (l: StatementLine): string[] => [
  l.date.toISOString(),
  l.kind,
  l.orderId,
  l.tier ?? '',
  l.beatTitle ?? '',
  l.shareBasisPoints === null ? '' : (l.shareBasisPoints / 100).toFixed(2),
  dollars(l.grossCents),
  dollars(l.feeCents),
  dollars(l.netCents),
  dollars(l.amountCents),
  l.transferStatus,
];

/** The statement as CSV: a header, one row per ledger line, then a total row (the sum of your_earnings_usd). */
export function statementCsv(statement: Statement): string {
  const rows = [HEADER, ...statement.lines.map(lineFields), ['total', '', '', '', '', '', '', '', '', dollars(statement.totalCents), '']];
  return `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}
