import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../support/test-app';

/** What the catalogue holds: sample blobs on disk and rows, so a test can check a refusal left nothing behind. */
export async function storedCounts(test: TestApp) {
  const root = join(test.dataDir, 'blobs', 'samples');
  const blobs = existsSync(root) ? readdirSync(root).filter((f) => !f.startsWith('.')).length : 0;
  const connection = test.app.orm.em.fork().getConnection();
  const [{ count: compositions }] = await connection.execute('select count(*)::int as count from melody_compositions');
  const [{ count: stems }] = await connection.execute('select count(*)::int as count from melody_stems');
  const [{ count: drums }] = await connection.execute('select count(*)::int as count from drum_loops');
  return { blobs, compositions, stems, drums };
}
