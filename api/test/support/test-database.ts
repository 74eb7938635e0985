import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  /** Connection string of the suite's own, empty database. */
  readonly url: string;
  drop(): Promise<void>;
}

const serverUrl = (): string => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (global-setup)');
  return url;
};

async function onServer<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database for one test suite on the test server; `drop()` removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `ysm_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
