import 'reflect-metadata';
import { Client } from 'pg';
import { ConfigError, loadConfig } from '../config';
import { createBlobStore } from '../platform/storage/create-blob-store';
import { checkData, localBlobKeys, repair, report, type Sql } from './data-consistency';

/**
 * `npm run check:data -w api [-- --repair]`: compares the database (DATABASE_URL) with the blob store
 * (DATA_DIR's blobs or BLOB_STORE=s3) and the ledgers with the balances, prints what it finds and
 * exits 0 with no findings, 1 with findings. `--repair` deletes blobs no row refers to (the only
 * repair that needs no judgement) and says so; everything else is for a person to look at.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.database.url) throw new ConfigError('check:data needs DATABASE_URL (the embedded server: postgres://postgres:postgres@127.0.0.1:<EMBEDDED_PG_PORT>/ysm while the api runs).');
  const client = new Client({ connectionString: config.database.url });
  await client.connect();
  try {
    const sql: Sql = async <T>(query: string, params: unknown[] = []) => (await client.query(query, params)).rows as T[];
    const storage = config.storage;
    const blobs = createBlobStore(
      storage.kind === 'local'
        ? { kind: 'local', root: storage.root, publicBaseUrl: config.publicApiUrl, signingSecret: storage.signingSecret ?? 'check-data-reads-only-no-links-are-signed' }
        : storage,
    );
    const findings = await checkData({ sql, blobs, listBlobKeys: storage.kind === 'local' ? () => localBlobKeys(storage.root) : undefined });
    if (storage.kind !== 'local') console.log('check:data: the S3 store is not listed; blobs without rows are not looked for there.');
    console.log(report(findings));
    if (!process.argv.includes('--repair')) return findings.length ? 1 : 0;
    const done = await repair(findings, blobs);
    for (const line of done) console.log(`repaired: ${line}`);
    const left = findings.length - done.length;
    console.log(`check:data: ${done.length} repaired, ${left} left for a person.`);
    return left ? 1 : 0;
  } finally {
    await client.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
