import type { ErrorRequestHandler, RequestHandler } from 'express';

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

/** A bad bearer token on /graphql answers 401 with a GraphQL-shaped UNAUTHENTICATED error. */
export const graphqlAuthErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: number }).status;
  if (status !== 401) return next(error);
  res.status(401).json({ errors: [{ message: 'Invalid or expired access token.', extensions: { code: 'UNAUTHENTICATED' } }] });
};

/** express-oauth2-jwt-bearer lets a request with a bad token through when auth is optional: refuse it. */
export const rejectUnverifiedBearer: RequestHandler = (req, res, next) => {
  if (req.headers.authorization && !req.auth) {
    res.status(401).json({ errors: [{ message: 'Invalid or expired access token.', extensions: { code: 'UNAUTHENTICATED' } }] });
    return;
  }
  next();
};
