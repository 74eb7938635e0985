import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MulterError } from 'multer';
import { DomainError } from '../errors';
import { redactUrl, type Logger } from '../logging/logger';
import { isMalformedFormError } from './input-guards';
import { TooManyRequestsError } from '../rate-limit/rate-limiter';

const MULTER_MESSAGES: Partial<Record<MulterError['code'], string>> = {
  LIMIT_FILE_SIZE: 'The file is too large.',
  LIMIT_FILE_COUNT: 'Too many files.',
  LIMIT_FIELD_VALUE: 'A field is too long.',
  LIMIT_PART_COUNT: 'Too many parts in the form.',
  LIMIT_FIELD_COUNT: 'Too many fields in the form.',
  LIMIT_UNEXPECTED_FILE: 'Unexpected file field.',
};

/** graphql-upload's refusals, in our words (its limits are in its messages). */
function uploadLimitMessage(message = ''): string | null {
  const files = /^(\d+) max file uploads exceeded/.exec(message);
  if (files) return `At most ${files[1]} files per upload.`;
  const size = /exceeds the (\d+) byte size limit/.exec(message);
  if (size && message.startsWith('File truncated')) return `A file is larger than ${Math.round(Number(size[1]) / 1024 ** 2)} MB.`;
  return null;
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  headers?: Record<string, string>;
  message?: string;
}

/** Maps every error to its status and `{ "error": message }`; unexpected ones are logged, never echoed. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof DomainError) {
      const body: Record<string, unknown> = { error: error.message };
      if (error.code === 'UNAUTHENTICATED') body.message = error.message;
      // A refusal the client acts on (a recent sign-in required) says why in a field it can read.
      if (error.code === 'FORBIDDEN' && typeof error.details?.reason === 'string') Object.assign(body, error.details);
      if (error instanceof TooManyRequestsError) res.set('Retry-After', String(error.retryAfterSeconds));
      res.status(error.status).json(body);
      return;
    }
    if (isMalformedFormError(error)) {
      // Let the rest of the body flow: graphql-upload answers only once the request has ended.
      req.resume();
      res.status(400).json({ error: 'The multipart form is malformed.' });
      return;
    }
    if (error instanceof MulterError) {
      res.status(400).json({ error: MULTER_MESSAGES[error.code] ?? 'Malformed upload.' });
      return;
    }
    const e = (error ?? {}) as HttpishError;
    const status = e.status ?? e.statusCode;
    // express-oauth2-jwt-bearer: 401 for a missing/invalid/expired token, with a WWW-Authenticate header.
    if (status === 401 || status === 403) {
      if (e.headers) res.set(e.headers);
      const message = status === 401 ? 'Invalid or missing access token.' : 'You are not allowed to do this.';
      res.status(status).json({ error: message, message });
      return;
    }
    if (e.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'The request body is not valid JSON.' });
      return;
    }
    if (e.type === 'entity.too.large' || status === 413) {
      res.status(413).json({ error: uploadLimitMessage(e.message) ?? 'The request is too large.' });
      return;
    }
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: e.message || 'Bad request.' });
      return;
    }
    logger.error({ err: error, method: req.method, url: redactUrl(req.originalUrl) }, 'request failed');
    res.status(500).json({ error: 'Something went wrong. Please try again.' });
  };
}

/** Unknown paths answer JSON, like every other error. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found.' });
};
