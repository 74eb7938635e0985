/**
 * Writes the schema the resolvers define to schema.graphql at the repository root, or with
 * `--check` exits 1 when the committed file differs (CI runs it).
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildApiSchema } from '../graphql/schema';

const FILE = join(__dirname, '..', '..', '..', 'schema.graphql');
const HEADER = '# Emitted by the api from its resolvers (npm run schema:emit). Do not edit by hand.\n\n';

async function main(): Promise<number> {
  const printed = HEADER + printSchema(lexicographicSortSchema(await buildApiSchema())) + '\n';
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(FILE, 'utf8');
    } catch {
      /* missing counts as different */
    }
    if (committed !== printed) {
      console.error('schema.graphql is out of date with the resolvers: run npm run schema:emit and commit it.');
      return 1;
    }
    console.log('schema.graphql matches the resolvers.');
    return 0;
  }
  writeFileSync(FILE, printed);
  console.log(`Wrote ${FILE}`);
  return 0;
}

main().then((code) => process.exit(code), (error) => { console.error(error); process.exit(1); });
