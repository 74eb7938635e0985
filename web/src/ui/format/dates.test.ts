import { formatDate, formatDateTime, formatUtcDay } from './dates';

// Every module of the app, as text: the guard below reads them.
const SOURCES = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../generated/**', '!../../**/*.test.{ts,tsx}', '!../../test/**', '!./dates.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the one date formatter', () => {
  const iso = '2026-11-27T15:04:00.000Z';

  it("formats in the browser's locale (no locale named), as medium dates", () => {
    const browser = new Intl.DateTimeFormat().resolvedOptions().locale;
    expect(formatDate(iso)).toBe(new Intl.DateTimeFormat(browser, { dateStyle: 'medium' }).format(new Date(iso)));
    expect(formatDateTime(iso)).toBe(new Intl.DateTimeFormat(browser, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)));
  });

  it('keeps a UTC day the same day in every time zone', () => {
    expect(formatUtcDay('2026-11-25T23:30:00.000Z')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-11-25T12:00:00.000Z')));
  });

  it('is the only place the app formats a date', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const adHoc = /toLocaleDateString|toLocaleTimeString|DateTimeFormat\(|\.toLocaleString\(\s*\)|new Date\([^)]*\)\.toLocaleString/;
    const offenders = Object.entries(SOURCES).filter(([, text]) => adHoc.test(text)).map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
