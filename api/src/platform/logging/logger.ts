import pino, { type Logger } from 'pino';

export type { Logger };

/** The api's one logger: JSON lines, secrets redacted. */
export function createLogger(level: string, name = 'api'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.accessToken'],
      censor: '[redacted]',
    },
  });
}
