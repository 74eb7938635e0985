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
 * pino-http's request serializer: the request's id, method, address and client address, minus
 * credentials (a token put in the address, which the api refuses but only after reading it, is cut
 * out). Headers and query objects are left out: the address already holds the query, and writing
 * every header of every request cost a tenth of a request's CPU under load.
 */
export function requestLogFields(req: { id?: unknown; method?: string; url?: unknown; remoteAddress?: unknown }): Record<string, unknown> {
  return { id: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.remoteAddress };
}

/** pino-http's response serializer: the status (the rest is in the line: its time, the request). */
export function responseLogFields(res: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: res.statusCode };
}
