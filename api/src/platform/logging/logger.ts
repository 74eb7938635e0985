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
  // Standard output is written asynchronously: lines made while a write is in flight go out together
  // in the next one, not as one blocking write each (that cost a tenth of a small request's CPU).
  // pino flushes what is left synchronously when the process exits.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

export { redactUrl } from './redact-url';
