import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError } from '../errors';
import { isMalformedFormError } from '../http/input-guards';
import type { Logger } from '../logging/logger';

const PASS_THROUGH = new Set([
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE', 'UNAUTHENTICATED', 'FORBIDDEN',
]);

const TOO_MANY_VARIABLE_ERRORS = 'Too many errors processing variables';
const UPLOAD_REFUSALS = new Set(['INVALID_UPLOAD_VALUE', 'UPLOAD_LITERAL_UNSUPPORTED']);

/** Domain errors keep their message and get `extensions.code`; anything unexpected is logged and masked. */
export function formatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: original.code, ...(original.details ?? {}) },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && PASS_THROUGH.has(code)) return formatted;
    // graphql-upload's scalar refusing a value that is not a file (JSON instead of multipart, a literal).
    // graphql-js stops coercing variables after 50 errors with this error, which carries no code (so
    // Apollo calls it internal): it is the request's fault like the 50 before it.
    if (formatted.message.startsWith(TOO_MANY_VARIABLE_ERRORS)) return { message: formatted.message, extensions: { code: 'BAD_USER_INPUT' } };
    if (typeof code === 'string' && UPLOAD_REFUSALS.has(code)) return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'BAD_USER_INPUT' } };
    // busboy's refusal of a form cut short or malformed reaches the resolver through the file's stream.
    if (isMalformedFormError(original)) return { message: 'The multipart form is malformed.', path: formatted.path, extensions: { code: 'BAD_USER_INPUT' } };
    // graphql-upload-ts reports oversized files as an HTTP error on the upload promise.
    const status = (original as { status?: number } | undefined)?.status;
    if (status === 413 || status === 400) {
      return { message: (original as Error).message, path: formatted.path, extensions: { code: 'BAD_USER_INPUT' } };
    }
    if (original instanceof GraphQLError && !original.originalError) return formatted;
    logger.error({ err: original }, 'graphql operation failed');
    return { message: 'Something went wrong. Please try again.', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
