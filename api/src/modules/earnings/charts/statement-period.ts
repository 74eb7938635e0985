import { badInput } from '../../../platform/errors';

/** A calendar month or year in UTC: [from, to). */
export interface StatementPeriod {
  /** "2026-11" or "2026". */
  readonly label: string;
  readonly from: Date;
  readonly to: Date;
}

const PERIOD = /^(\d{4})(?:-(\d{2}))?$/;

/** "2026-11" (a month) or "2026" (a year), from 2000 to 2100; BAD_USER_INPUT otherwise. */
export function parseStatementPeriod(value: unknown): StatementPeriod {
  const match = typeof value === 'string' ? PERIOD.exec(value) : null;
  const year = match ? Number(match[1]) : NaN;
  const month = match?.[2] === undefined ? null : Number(match[2]);
  if (!match || year < 2000 || year > 2100 || (month !== null && (month < 1 || month > 12))) {
    throw badInput('The period must be a month (2026-11) or a year (2026).', { field: 'period' });
  }
  if (month === null) return { label: match[1], from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
  return { label: `${match[1]}-${match[2]}`, from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}

/** The first day (UTC) of the month `monthsBack` months before `now`'s month. */
export function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}
