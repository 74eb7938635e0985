/**
 * Writes the schema the resolvers define to schema.graphql at the repository root, or with
 * `--check` exits 1 when the committed file differs (CI runs it). Either way it exits 1 when a type,
 * field, argument or enum value has no description.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApiSchema } from '../graphql/schema';
import { auditDescriptions } from '../graphql/schema-descriptions';
import { printApiSchema } from '../graphql/print-schema';

const FILE = join(__dirname, '..', '..', '..', 'schema.graphql');

async function main(): Promise<number> {
  const schema = await buildApiSchema();
  const printed = printApiSchema(schema);
  const { total, undescribed } = auditDescriptions(schema);
  if (undescribed.length) {
    console.error(`Every type, field, argument and enum value needs a description; these have none:\n  ${undescribed.join('\n  ')}`);
    return 1;
  }
  console.log(`${total} schema elements, every one described.`);
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
