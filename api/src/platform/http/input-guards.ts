import type { RequestHandler } from 'express';
import { badInput } from '../errors';
import { findUnsafeText, textProblem, unsafeTextMessage } from '../text-safety';

/**
 * Refuses control characters and invalid Unicode in the path, the query string and the parsed body
 * (JSON or form fields) with a 400, before anything reaches a service or PostgreSQL. Mounted once
 * for every request (path and query), and again after each body parser (the routes parse their own
 * bodies, with their own size limits). GraphQL variables and literals are checked by the GraphQL
 * limits (graphql/limits.ts) with the same rule.
 */
export const refuseUnsafeText: RequestHandler = (req, _res, next) => {
  let path: string | null = null;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    // Not percent-encoded UTF-8: the router refuses the parameter itself.
  }
  const pathProblem = path === null ? null : textProblem(path);
  if (pathProblem) return next(badInput(unsafeTextMessage({ path: '', problem: pathProblem }, 'address')));
  const inQuery = findUnsafeText(req.query);
  if (inQuery) return next(badInput(unsafeTextMessage(inQuery, 'parameter')));
  const inBody = req.body !== undefined && !Buffer.isBuffer(req.body) ? findUnsafeText(req.body) : null;
  if (inBody) return next(badInput(unsafeTextMessage(inBody)));
  next();
};

/**
 * A multipart body needs a boundary to be read at all. Without one the form parsers fail before
 * reading the body, and graphql-upload (which answers only once the request is read) would then
 * hold the socket forever: refuse it at once.
 */
export const refuseMultipartWithoutBoundary: RequestHandler = (req, res, next) => {
  const type = req.headers['content-type'] ?? '';
  if (!/^\s*multipart\//i.test(type) || /;\s*boundary=("[^"]+"|[^;\s]+)/i.test(type)) return next();
  res.set('connection', 'close');
  const message = 'The multipart form has no boundary.';
  // GraphQL's endpoint answers in GraphQL's shape, as its other refusals do.
  res.status(400).json(req.path === '/graphql' ? { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] } : { error: message });
};

/** busboy's messages for a form it cannot read (wrong or missing closing boundary, bad part headers). */
export function isMalformedFormError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    /^(Multipart: Boundary not found|Unexpected end of (form|file)|Malformed part header|Malformed urlencoded form)/.test(message)
  );
}

/** A body parser followed by `refuseUnsafeText`, as one handler: `checkedBody(json({ limit: '4kb' }))`. */
export function checkedBody(parser: RequestHandler): RequestHandler {
  return (req, res, next) => parser(req, res, (error?: unknown) => (error ? next(error) : refuseUnsafeText(req, res, next)));
}

export const NO_FIELDS = 'This action takes no fields.';

/**
 * For a POST that takes no fields (the local checkout's Pay and Cancel, whose forms have none): a
 * request carrying a body is refused unread, as Stripe refuses parameters it does not know, rather
 * than its fields being ignored.
 */
export const refuseBody: RequestHandler = (req, res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  if (!req.headers['transfer-encoding'] && !(length > 0)) return next();
  res.set('connection', 'close');
  next(badInput(NO_FIELDS));
};
