import * as path from 'node:path';
import { findCrossings, ownersOf, readSources } from './table-ownership';
it('prints', () => {
  const src = path.join(__dirname, '../../src');
  const declared: Record<string, readonly string[]> = {};
  for (const m of require('node:fs').readdirSync(path.join(src, 'modules'))) declared[m] = require(path.join(src, 'modules', m, 'tables.ts')).OWNED_TABLES;
  declared.platform = require(path.join(src, 'platform/db/tables.ts')).PLATFORM_TABLES;
  const c = findCrossings(readSources(src), ownersOf(declared));
  console.log(c.map((x) => `${x.file}\t${x.table}\t${x.owner}\t${x.via}\t${x.evidence}`).join('\n'));
});
