import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/** One source file of the api, by its path under `src/` (always with forward slashes). */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** A module's code naming a table another module (or the platform) owns. */
export interface Crossing {
  /** The file, under `src/`. */
  readonly file: string;
  /** The module the file belongs to. */
  readonly module: string;
  readonly table: string;
  /** The table's owner (a module's folder name, or 'platform'). */
  readonly owner: string;
  /** How the file names it: in SQL text, or by querying the owner's entity. */
  readonly via: 'sql' | 'entity';
  /** The SQL keyword and table, or the entity method call. */
  readonly evidence: string;
}

/** EntityManager and repository methods that read or write an entity's table. */
const QUERY_METHODS = new Set([
  'find', 'findOne', 'findOneOrFail', 'findAll', 'findAndCount', 'findByCursor', 'count', 'create', 'merge', 'assign', 'nativeUpdate', 'nativeDelete', 'insert',
  'insertMany', 'upsert', 'upsertMany', 'getRepository', 'createQueryBuilder', 'qb', 'lock', 'refresh', 'stream',
]);

/** SQL that names a table: after from/join/update/into/table/references (a comma-joined second table is caught by its own `from`-less form below). */
const SQL_TABLE = /\b(from|join|update|into|table|references|truncate)\s+(?:if\s+(?:not\s+)?exists\s+)?(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The module a path under `src/` belongs to, or null outside `modules/`. */
export const moduleOf = (file: string): string | null => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Every .ts file under `src/<under>` (tests included: they are read, but only product code is checked). */
export function readSources(srcDir: string, under = 'modules'): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) out.push({ path: path.relative(srcDir, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') });
    }
  };
  walk(path.join(srcDir, under));
  return out;
}

/** Product code: not a test, not a test helper. Migrations create every table, so they are left out too. */
export const isProductCode = (file: string) => !/\.(test|testing|spec)\.ts$/.test(file) && !file.startsWith('migrations/');

const parsed = new WeakMap<SourceFile, ts.SourceFile>();
const parse = (file: SourceFile): ts.SourceFile => {
  let source = parsed.get(file);
  if (!source) parsed.set(file, (source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)));
  return source;
};

/** The text of every string and template literal in a file (a template's parts joined by a space where `${}` stood). */
export function stringsOf(file: SourceFile): string[] {
  const source = parse(file);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) out.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' '));
    if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Entity classes (an `@Entity` decorator) a file declares, with their table names. */
export function entitiesOf(file: SourceFile): { className: string; table: string }[] {
  if (!file.text.includes('@Entity')) return [];
  const source = parse(file);
  const out: { className: string; table: string }[] = [];
  ts.forEachChild(source, (node) => {
    if (!ts.isClassDeclaration(node) || !node.name) return;
    for (const decorator of ts.getDecorators(node) ?? []) {
      const call = decorator.expression;
      if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'Entity') continue;
      const options = call.arguments[0];
      let table: string | null = null;
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const prop of options.properties) {
          if (ts.isPropertyAssignment(prop) && ts.isIdentifier(prop.name) && prop.name.text === 'tableName' && ts.isStringLiteral(prop.initializer)) table = prop.initializer.text;
        }
      }
      // MikroORM's default naming: the class name in snake case.
      out.push({ className: node.name.text, table: table ?? node.name.text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() });
    }
  });
  return out;
}

/** Calls like `em.find(Entity, ...)` or `em.create('Entity', ...)`: the method and the entity's name. */
export function entityQueriesOf(file: SourceFile): { method: string; entity: string }[] {
  const source = parse(file);
  const out: { method: string; entity: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && QUERY_METHODS.has(node.expression.name.text)) {
      const first = node.arguments[0];
      if (first && ts.isIdentifier(first)) out.push({ method: node.expression.name.text, entity: first.text });
      else if (first && ts.isStringLiteral(first)) out.push({ method: node.expression.name.text, entity: first.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Who owns each table: module name (or 'platform') by table. Throws when two claim one. */
export function ownersOf(declared: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [owner, tables] of Object.entries(declared)) {
    for (const table of tables) {
      const earlier = owners.get(table);
      if (earlier) throw new Error(`Table ${table} is claimed by both ${earlier} and ${owner}.`);
      owners.set(table, owner);
    }
  }
  return owners;
}

/**
 * Every place a module's product code names a table it does not own: in SQL text (any string or
 * template literal, so a query assembled from constants is caught where each part is written) or
 * by querying another module's entity through the EntityManager.
 */
export function findCrossings(files: readonly SourceFile[], owners: ReadonlyMap<string, string>): Crossing[] {
  const entityOwner = new Map<string, { owner: string; table: string }>();
  for (const file of files) {
    const owner = moduleOf(file.path);
    if (!owner) continue;
    for (const entity of entitiesOf(file)) entityOwner.set(entity.className, { owner, table: entity.table });
  }
  const crossings: Crossing[] = [];
  for (const file of files) {
    const module = moduleOf(file.path);
    if (!module || !isProductCode(file.path)) continue;
    const seen = new Set<string>();
    const add = (crossing: Crossing) => {
      const key = `${crossing.via}:${crossing.table}:${crossing.evidence}`;
      if (seen.has(key)) return;
      seen.add(key);
      crossings.push(crossing);
    };
    for (const text of stringsOf(file)) {
      for (const match of text.matchAll(SQL_TABLE)) {
        const table = match[2].toLowerCase();
        const owner = owners.get(table);
        if (owner && owner !== module) add({ file: file.path, module, table, owner, via: 'sql', evidence: `${match[1].toLowerCase()} ${table}` });
      }
    }
    for (const query of entityQueriesOf(file)) {
      const entity = entityOwner.get(query.entity);
      if (entity && entity.owner !== module) add({ file: file.path, module, table: entity.table, owner: entity.owner, via: 'entity', evidence: `${query.method}(${query.entity})` });
    }
  }
  return crossings;
}
