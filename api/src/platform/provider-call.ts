/** A payment provider's failure, kept out of user-facing answers (the error handler logs it and answers 500). */
export class ProviderError extends Error {
  constructor(provider: string, action: string, cause: unknown) {
    super(`${provider} ${action} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ProviderError';
  }
}

/** Runs one call to a provider's SDK; any failure becomes a ProviderError naming the action. */
export const callProvider = async <T>(provider: string, action: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw new ProviderError(provider, action, error);
  }
};
