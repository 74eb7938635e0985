import { badInput } from '../../platform/errors';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Far past any list's end; a larger page number is a mistake, not a request. */
export const MAX_PAGE = 1_000_000;

/** A page of a list: which one was asked for, and its window. */
export interface PageRequest {
  readonly page: number;
  readonly size: number;
  readonly offset: number;
}

/** A page of a list as both transports present it. */
export interface PageOf<T> {
  readonly rows: readonly T[];
  readonly page: number;
  /** At least 1, so an empty list reads "Page 1 of 1". */
  readonly pages: number;
  readonly total: number;
  readonly size: number;
}

const wholeNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\d{1,16}$/.test(value)) return Number(value);
  return null;
};

/**
 * Reads `page` (from 1, default 1) and `page_size` (1 to 100, default 20) from a query string or
 * GraphQL arguments; anything else (negative, zero, fractional, huge, not a number, repeated) is a
 * BAD_USER_INPUT.
 */
export function pageRequest(page: unknown, size: unknown): PageRequest {
  const p = page === undefined || page === null ? 1 : wholeNumber(page);
  if (p === null || p < 1 || p > MAX_PAGE) throw badInput(`page must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-US')}.`, { field: 'page' });
  const s = size === undefined || size === null ? DEFAULT_PAGE_SIZE : wholeNumber(size);
  if (s === null || s < 1 || s > MAX_PAGE_SIZE) throw badInput(`page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, { field: 'page_size' });
  return { page: p, size: s, offset: (p - 1) * s };
}

export function pageOf<T>(request: PageRequest, rows: readonly T[], total: number): PageOf<T> {
  return { rows, page: request.page, size: request.size, total, pages: Math.max(1, Math.ceil(total / request.size)) };
}
