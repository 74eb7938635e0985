import { join } from 'node:path';
import { MikroORM, defineConfig, type Options } from '@mikro-orm/postgresql';
import type { EntityClass, EntitySchema } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from '../logging/logger';
import { MIGRATIONS } from '../../migrations';

/** Tables owned by code outside MikroORM's entities (the identity provider's store). */
const FOREIGN_TABLES = /^oidc_/;

/** The entities the composition root hands over (`src/entities.ts`): platform/ knows no module's tables. */
export type EntityList = ReadonlyArray<EntityClass<unknown> | EntitySchema>;

/** The MikroORM configuration for a connection string; shared by the app, the scripts and the tests. */
export function ormConfig(clientUrl: string, entities: EntityList, poolMax = 10): Options {
  return defineConfig({
    clientUrl,
    entities: [...entities],
    extensions: [Migrator],
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: poolMax },
    schemaGenerator: { skipTables: [FOREIGN_TABLES] },
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      // New migrations are written as TypeScript into the source tree, then reviewed and committed.
      path: join(__dirname, '..', '..', '..', 'src', 'migrations'),
      pathTs: join(__dirname, '..', '..', '..', 'src', 'migrations'),
      emit: 'ts',
    },
  });
}

/** Connects and brings the schema up to date by running pending migrations. */
export async function openDatabase(clientUrl: string, entities: EntityList, logger: Logger, poolMax?: number): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(clientUrl, entities, poolMax));
  const applied = await orm.getMigrator().up();
  if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'database migrations applied');
  return orm;
}
