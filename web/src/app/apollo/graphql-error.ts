import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** The error codes the api puts in `extensions.code` (docs/architecture.md, Errors). */
export type ApiErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INSUFFICIENT_CREDITS'
  | 'PAYMENT_REQUIRED';

export interface GraphQLFailure {
  readonly code: string | undefined;
  readonly message: string;
  /** `extensions.reason`, where the api tells refusals of one code apart (e.g. NOT_A_PRODUCER). */
  readonly reason?: string;
}

interface ErrorBody {
  errors?: Array<{ message?: unknown; extensions?: { code?: unknown; reason?: unknown } }>;
}

function fromServerError(error: ServerError): GraphQLFailure {
  // A refused bearer token answers HTTP 401 with a GraphQL-shaped body; Apollo reports it as a ServerError.
  let body: ErrorBody | undefined;
  try {
    body = JSON.parse(error.bodyText) as ErrorBody;
  } catch {
    body = undefined;
  }
  const first = body?.errors?.[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : error.statusCode === 401 ? 'UNAUTHENTICATED' : undefined;
  const reason = typeof first?.extensions?.reason === 'string' ? first.extensions.reason : undefined;
  return { code, message: typeof first?.message === 'string' ? first.message : error.message, ...(reason ? { reason } : {}) };
}

/** The code and message of the first error of a failed operation, whichever way it reached the client. */
export function graphQLFailure(error: unknown): GraphQLFailure | undefined {
  if (!error) return undefined;
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    const reason = first?.extensions?.reason;
    return { code: typeof code === 'string' ? code : undefined, message: first?.message ?? error.message, ...(typeof reason === 'string' ? { reason } : {}) };
  }
  if (ServerError.is(error)) return fromServerError(error);
  if (error instanceof Error) return { code: undefined, message: error.message };
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any other thrown value, as JavaScript prints it
  return { code: undefined, message: String(error) };
}

export function hasCode(error: unknown, code: ApiErrorCode): boolean {
  return graphQLFailure(error)?.code === code;
}
