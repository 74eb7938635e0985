import type { ErrorRequestHandler, RequestHandler } from 'express';
import { getOperationAST, GraphQLError, OperationTypeNode } from 'graphql';
import { DomainError } from '../errors';
import type { OperationLimits } from '../graphql/limits';

/**
 * CSRF: a multipart request could be sent by any page's plain form. Apollo's CSRF prevention
 * rejects it, but only after the upload middleware has parsed (and buffered) the files, so refuse
 * it here first, before anything is read.
 */
export const requireUploadPreflight: RequestHandler = (req, res, next) => {
  const multipart = (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
  const preflighted = Boolean(req.headers['apollo-require-preflight'] || req.headers['x-apollo-operation-name']);
  if (multipart && !preflighted) {
    res.status(400).json({
      errors: [{ message: 'Uploads need the apollo-require-preflight header.', extensions: { code: 'BAD_REQUEST' } }],
    });
    return;
  }
  next();
};

/**
 * A bad bearer token on /graphql answers 401 with a GraphQL-shaped UNAUTHENTICATED error; an access
 * token over its rate limit answers 429 TOO_MANY_REQUESTS the same way (its Retry-After is set).
 */
export const graphqlAuthErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: number }).status;
  if (error instanceof DomainError && (error.code === 'TOO_MANY_REQUESTS' || error.code === 'FORBIDDEN')) {
    res.status(error.status).json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
    return;
  }
  if (status !== 401) return next(error);
  // Our own refusals (bearerHeaderProblem) say what is wrong; the library's are about the token.
  const message = error instanceof DomainError ? error.message : 'Invalid or expired access token.';
  res.status(401).json({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
};

/** express-oauth2-jwt-bearer lets a request with a bad token through when auth is optional: refuse it. */
export const rejectUnverifiedBearer: RequestHandler = (req, res, next) => {
  if (req.headers.authorization && !req.auth && !req.personalAccessToken) {
    res.status(401).json({ errors: [{ message: 'Invalid or expired access token.', extensions: { code: 'UNAUTHENTICATED' } }] });
    return;
  }
  next();
};

/** The operation of a GraphQL request over HTTP: a POST's JSON (or multipart `operations`) or a GET's query string. */
function operationOf(req: Parameters<RequestHandler>[0]): { query: string; variables?: unknown; operationName?: unknown } | null {
  const source = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | undefined;
  if (!source || typeof source !== 'object' || Array.isArray(source) || typeof source.query !== 'string') return null;
  let variables = source.variables;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      return { query: source.query };
    }
  }
  return { query: source.query, variables, operationName: source.operationName };
}

/**
 * The operation limits and the text check (graphql/limits.ts), before Apollo parses or validates
 * anything: a refused document never reaches graphql's own validation rules (which, like any walk
 * that follows every fragment spread, can take exponential time). Apollo reports requests without
 * a query itself. The same checks run on graphql-ws's subscribe.
 */
export function graphqlInputGuard(limits: OperationLimits): RequestHandler {
  return (req, res, next) => {
    const operation = operationOf(req);
    if (!operation) return next();
    try {
      const document = limits.checkOperation(operation);
      // Subscriptions are served over graphql-ws only; run over HTTP, one would fail in its resolver.
      const name = typeof operation.operationName === 'string' ? operation.operationName : undefined;
      if (getOperationAST(document, name)?.operation === OperationTypeNode.SUBSCRIPTION) {
        res.status(400).json({ errors: [{ message: 'Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP.', extensions: { code: 'BAD_REQUEST' } }] });
        return;
      }
    } catch (error) {
      if (!(error instanceof GraphQLError)) return next(error);
      const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
      // A syntax error is the parser's to report, in Apollo's words.
      if (!extensions.code) return next();
      res.status(400).json({ errors: [{ message: error.message, extensions }] });
      return;
    }
    next();
  };
}
