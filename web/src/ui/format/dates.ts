/**
 * The one date formatter of the web app. No locale is named, so Intl uses the browser's: a reader
 * in the US sees "Nov 27, 2026", one in the UK "27 Nov 2026", on every page alike. Every date the
 * app shows goes through here (a test keeps other modules from formatting dates themselves).
 */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// A licence is dated by its UTC day (the PDF prints that day), so it reads the same in every time zone.
const utcDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
// A month of figures (a chart's axis, a statement's period), the same in every time zone.
const utcMonthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

type DateInput = string | number | Date;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** A day in the reader's time zone: "Nov 27, 2026". */
export function formatDate(value: DateInput): string {
  return dateFormat.format(toDate(value));
}

/** A moment in the reader's time zone: "Nov 27, 2026, 3:04 PM". */
export function formatDateTime(value: DateInput): string {
  return dateTimeFormat.format(toDate(value));
}

/** A day in UTC, for dates that are days everywhere (a licence's issue date, as its document prints it). */
export function formatUtcDay(value: DateInput): string {
  return utcDayFormat.format(toDate(value));
}

/** A month in UTC, for figures kept per calendar month: "Nov 2026". */
export function formatUtcMonth(value: DateInput): string {
  return utcMonthFormat.format(toDate(value));
}
