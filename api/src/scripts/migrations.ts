/**
 * Schema tooling on a scratch database:
 *   create  generates a migration for the difference between the entities and the migrated schema
 *   check   exits 1 when the entities changed without a migration (CI runs it)
 * A server can be named with SCRATCH_DATABASE_URL (or TEST_DATABASE_URL); otherwise a temporary
 * embedded PostgreSQL is used.
 */
import 'reflect-metadata';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../platform/db/orm';
import { ENTITIES } from '../entities';
import { withScratchDatabase } from '../platform/db/scratch-database';

const SOURCE_DIR = join(__dirname, '..', '..', 'src', 'migrations');

/** Rewrites migrations/index.ts from the migration files, in name (= time) order. */
function writeIndex(): void {
  const names = readdirSync(SOURCE_DIR)
    .filter((f) => /^Migration\d+.*\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const imports = names.map((n) => `import { ${n} } from './${n}';`).join('\n');
  const list = names.map((n) => `  { name: '${n}', class: ${n} },`).join('\n');
  writeFileSync(
    join(SOURCE_DIR, 'index.ts'),
    `import type { MigrationObject } from '@mikro-orm/core';\n${imports}\n\n` +
      `/** Every migration in the order it runs (written by \`npm run migrations:create -w api\`). */\n` +
      `export const MIGRATIONS: MigrationObject[] = [\n${list}\n];\n`,
  );
}

async function main(command: string): Promise<number> {
  return withScratchDatabase(process.env.SCRATCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, async (url) => {
    const orm = await MikroORM.init(ormConfig(url, ENTITIES));
    try {
      const migrator = orm.getMigrator();
      await migrator.up();
      if (command === 'check') {
        const needed = await migrator.checkMigrationNeeded();
        if (needed) {
          const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
          console.error(`The entities changed without a migration. Run npm run migrations:create -w api.\n${diff}`);
          return 1;
        }
        console.log('Migrations are up to date with the entities.');
        return 0;
      }
      if (command === 'create') {
        const result = await migrator.createMigration(SOURCE_DIR, false, false);
        if (!result.fileName) {
          console.log('No changes: no migration written.');
        } else {
          writeIndex();
          console.log(`Wrote ${result.fileName}; review it and commit it.`);
        }
        return 0;
      }
      if (command === 'index') {
        writeIndex();
        return 0;
      }
      console.error('usage: migrations <create|check|index>');
      return 2;
    } finally {
      await orm.close(true);
    }
  });
}

main(process.argv[2] ?? '').then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
