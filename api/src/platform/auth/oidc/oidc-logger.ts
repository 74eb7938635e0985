/** The slice of a pino logger the identity provider writes to. */
export interface OidcLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const ignore = () => undefined;

/** Used when no logger is given: the provider stays quiet. */
export const SILENT_LOGGER: OidcLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
