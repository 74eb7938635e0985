import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../platform/logging/logger';
import type { AccountsService } from './accounts.service';

/**
 * On the first start of an embedded, non-production install (no users yet) creates a demo user and
 * an admin with random passwords, prints them and keeps them in `<dataDir>/demo-credentials.txt`.
 */
export async function seedDemoAccounts(accounts: AccountsService, dataDir: string, logger: Logger): Promise<void> {
  if ((await accounts.countUsers()) > 0) return;
  const password = () => randomBytes(9).toString('base64url');
  const demo = { email: 'demo@ysm.local', username: 'demo', password: password() };
  const admin = { email: 'admin@ysm.local', username: 'admin', password: password() };
  // The operator's own accounts: confirmed, so their free tokens are there at once.
  await accounts.register(demo, { emailConfirmed: true });
  await accounts.register(admin, { emailConfirmed: true });
  await accounts.grantAdmin([admin.email]);
  const text =
    `Demo accounts created on first start (development only):\n` +
    `  user : ${demo.email} / ${demo.password}\n` +
    `  admin: ${admin.email} / ${admin.password}\n`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'demo-credentials.txt'), text, { mode: 0o600 });
  logger.info('demo accounts created; credentials below and in .data/demo-credentials.txt');
  process.stdout.write(`\n${text}\n`);
}
