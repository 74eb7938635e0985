/**
 * Makes existing accounts admins: `npm run admin:grant -w api -- someone@example.com [...]`.
 * Uses DATABASE_URL, else the embedded PostgreSQL (the running one, or starts it for the moment).
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config';
import { createLogger } from '../platform/logging/logger';
import { ormConfig } from '../platform/db/orm';
import { ENTITIES } from '../entities';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/db/embedded-postgres';
import { User } from '../modules/accounts/user.entity';

async function reachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const emails = process.argv.slice(2).map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (!emails.length) {
    console.error('usage: npm run admin:grant -w api -- <email> [<email> ...]');
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger('warn');
  let embedded: EmbeddedDatabase | undefined;
  let url = config.database.url ?? `postgres://postgres:postgres@127.0.0.1:${config.database.embeddedPort}/ysm`;
  if (!config.database.url && !(await reachable(url))) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, logger);
    url = embedded.url;
  }
  const orm = await MikroORM.init(ormConfig(url, ENTITIES));
  try {
    const em = orm.em.fork();
    const users = await em.find(User, { email: { $in: emails } });
    for (const user of users) user.isAdmin = true;
    await em.flush();
    const found = new Set(users.map((u) => u.email));
    for (const email of emails) console.log(found.has(email) ? `${email}: admin` : `${email}: no such account`);
    return users.length === emails.length ? 0 : 1;
  } finally {
    await orm.close(true);
    await embedded?.stop();
  }
}

main().then((code) => process.exit(code), (error) => { console.error(error); process.exit(1); });
