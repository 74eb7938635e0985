/** Codes every domain error carries; they become GraphQL `extensions.code` and an HTTP status. */
export const ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  INSUFFICIENT_CREDITS: 402,
  PAYMENT_REQUIRED: 402,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error meant for the user: a code and a message that is safe to show as it is. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) =>
  new DomainError('BAD_USER_INPUT', message, details);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const forbidden = (message = 'You are not allowed to do this.') => new DomainError('FORBIDDEN', message);
export const unauthenticated = (message = 'Authentication required.') => new DomainError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
