/**
 * Tests of the Redis mode (BullMQ workers, pub/sub across instances) need a Redis: they run when
 * REDIS_URL is set (CI always sets it) and are reported as skipped otherwise, with the reason in the
 * suite's name; the test run prints the reason once (global-setup.mjs).
 */
export const redisUrl: string | undefined = process.env.REDIS_URL || undefined;

export const REDIS_SKIP_REASON = 'skipped: REDIS_URL is not set (CI runs these against its Redis)';

/** `describe` when Redis is there, else the same block reported as skipped, with the reason. */
export function describeWithRedis(name: string, body: (url: string) => void): void {
  if (redisUrl) {
    describe(name, () => body(redisUrl));
    return;
  }
  const skipped = describe.skip;
  skipped(`${name} (${REDIS_SKIP_REASON})`, () => {
    it('runs with REDIS_URL set', () => undefined);
  });
}
