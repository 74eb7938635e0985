import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Returns the named secret, creating a random one on first use. Safe when several instances start
 * at once: the first insert wins and everyone reads the same value.
 */
export async function getOrCreateSecret(em: EntityManager, name: string, bytes = 32): Promise<string> {
  const connection = em.getConnection();
  await connection.execute(
    'INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, now()) ON CONFLICT (name) DO NOTHING',
    [name, randomBytes(bytes).toString('base64url')],
  );
  const [row] = await connection.execute<{ value: string }[]>('SELECT value FROM app_secrets WHERE name = ?', [name]);
  return row.value;
}
