import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** The api's one logger: JSON lines, secrets redacted. */
export function createLogger(level: string, name = 'api', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.accessToken', '*.secret'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const SECRET_IN_URL = /(access_token=|bp_pat_)[^&#/?\s]*/gi;

/** An address as it may be logged: a token sent by mistake in the query string or path is cut out. */
export const redactUrl = (url: unknown) => (typeof url === 'string' ? url.replace(SECRET_IN_URL, '$1[redacted]') : url);

/**
 * pino-http's request serializer, minus credentials: the Authorization header is redacted by the
 * logger; a token put in the address (which the api refuses, but only after reading it) is cut out
 * of `url` and `query` here.
 */
export function redactRequest<R extends { url?: unknown; query?: unknown }>(req: R): R {
  const query = req.query && typeof req.query === 'object' ? Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, /access_token/i.test(k) ? '[redacted]' : redactUrl(v)])) : req.query;
  return { ...req, url: redactUrl(req.url), query };
}
