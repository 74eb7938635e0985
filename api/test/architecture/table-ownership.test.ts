import * as fs from 'node:fs';
import * as path from 'node:path';
import { KNOWN_CROSSINGS } from './known-crossings';
import { entitiesOf, findCrossings, moduleOf, ownersOf, readSources, type Crossing, type SourceFile } from './table-ownership';
import { PLATFORM_TABLES } from '../../src/platform/db/tables';

const SRC = path.join(__dirname, '../../src');
const MODULES = fs.readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** Each module's declared tables, from its tables.ts, and the platform's. */
function declaredTables(): Record<string, readonly string[]> {
  const declared: Record<string, readonly string[]> = { platform: PLATFORM_TABLES };
  for (const module of MODULES) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    declared[module] = (require(path.join(SRC, 'modules', module, 'tables')) as { OWNED_TABLES: readonly string[] }).OWNED_TABLES;
  }
  return declared;
}

const key = (c: Pick<Crossing, 'file' | 'table' | 'evidence'>) => `${c.file} names ${c.table} (${c.evidence})`;
/** The crossings not in the debt list, as readable lines. */
const unlisted = (crossings: readonly Crossing[]) => {
  const known = new Set(KNOWN_CROSSINGS.map(key));
  return crossings.filter((c) => !known.has(key(c))).map((c) => `${key(c)}: ${c.owner} owns it`);
};

const sources = readSources(SRC);
const owners = ownersOf(declaredTables());

describe('table ownership: a module names only its own tables', () => {
  it('has every module declare its tables, and no table claimed twice', () => {
    for (const module of MODULES) expect(fs.existsSync(path.join(SRC, 'modules', module, 'tables.ts'))).toBe(true);
    expect(() => ownersOf(declaredTables())).not.toThrow();
  });

  it("declares every entity's table in the module that holds the entity", () => {
    const misplaced: string[] = [];
    for (const file of sources) {
      for (const { className, table } of entitiesOf(file)) {
        if (owners.get(table) !== moduleOf(file.path)) misplaced.push(`${file.path}: ${className} (${table}) is declared by ${owners.get(table) ?? 'nobody'}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('declares only tables that exist (a migration or the identity provider\'s schema creates each)', () => {
    const created = [...readSources(SRC, 'migrations'), ...readSources(SRC, 'platform')].map((f) => f.text.toLowerCase()).join('\n');
    const missing = [...owners.keys()].filter((t) => t !== 'mikro_orm_migrations' && !new RegExp(`create table (if not exists )?"?${t}"?[ (]`).test(created));
    expect(missing).toEqual([]);
  });

  it('finds no crossing beyond the listed debt', () => {
    expect(unlisted(findCrossings(sources, owners))).toEqual([]);
  });

  it('lists no debt that has been paid (delete the entry with the change that removes it)', () => {
    const found = new Set(findCrossings(sources, owners).map(key));
    expect(KNOWN_CROSSINGS.map(key).filter((k) => !found.has(k))).toEqual([]);
  });
});

describe('table ownership: the check fails on a deliberate crossing', () => {
  /** The real tree with one more file (or one file replaced). */
  const withFile = (extra: SourceFile) => [...sources.filter((f) => f.path !== extra.path), extra];

  it('catches SQL on another module\'s table and a query of its entity, in a new file', () => {
    const fixture: SourceFile = {
      path: 'modules/showcase/crossing.fixture.ts',
      text: [
        "import { Beat } from '../beats/beat.entity';",
        '// A comment saying "select * from users" is not SQL.',
        "const LISTENERS = `select count(*) from users u where u.user_type is distinct from 'system'`;",
        'export const newest = (em: any) => em.findOne(Beat, {}, { orderBy: { createdAt: "desc" } });',
        "export const count = (em: any) => em.execute(LISTENERS + ' and exists (select 1 from generation_jobs)');",
      ].join('\n'),
    };
    const crossings = unlisted(findCrossings(withFile(fixture), owners));
    expect(crossings).toEqual([
      'modules/showcase/crossing.fixture.ts names users (from users): accounts owns it',
      'modules/showcase/crossing.fixture.ts names generation_jobs (from generation_jobs): beats owns it',
      'modules/showcase/crossing.fixture.ts names beats (findOne(Beat)): beats owns it',
    ]);
  });

  it('catches a new crossing in a file whose other crossings are listed debt', () => {
    const tokens = sources.find((f) => f.path === 'modules/catalog/demo-seeder.ts')!;
    const changed = { ...tokens, text: `${tokens.text}\nexport const titles = \`select title from beats\`;\n` };
    expect(unlisted(findCrossings(withFile(changed), owners))).toEqual(['modules/catalog/demo-seeder.ts names beats (from beats): beats owns it']);
  });

  it('catches SQL on a platform table, and SQL put together from template parts', () => {
    const fixture: SourceFile = {
      path: 'modules/support/crossing.fixture.ts',
      text: "const table = 'x';\nexport const q = `insert into mail_outbox (id) values (${table})`;\nexport const r = `select 1 from support_messages m join ${table} t on true join licences l on l.id = m.id`;",
    };
    expect(unlisted(findCrossings(withFile(fixture), owners))).toEqual([
      'modules/support/crossing.fixture.ts names mail_outbox (into mail_outbox): platform owns it',
      'modules/support/crossing.fixture.ts names licences (join licences): licences owns it',
    ]);
  });

  it('leaves a module naming its own tables alone', () => {
    const fixture: SourceFile = { path: 'modules/beats/own.fixture.ts', text: "export const q = 'select b.id from beats b join generation_jobs j on j.beat_id = b.id join beat_fingerprints f on true';" };
    expect(unlisted(findCrossings(withFile(fixture), owners))).toEqual([]);
  });
});
