import { formatDate, formatDateTime, formatUtcDay } from './dates';

const FORMATS = { date: formatDate, dateTime: formatDateTime, utcDay: formatUtcDay } as const;

interface DateTextProps {
  /** An ISO date-time, as the api sends dates. */
  readonly value: string;
  readonly kind?: keyof typeof FORMATS;
}

/** A date in the reader's locale, as a `<time>` carrying the machine-readable value. */
export function DateText({ value, kind = 'date' }: DateTextProps) {
  return <time dateTime={value}>{FORMATS[kind](value)}</time>;
}
