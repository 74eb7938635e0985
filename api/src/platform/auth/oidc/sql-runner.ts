/**
 * How the identity provider reaches PostgreSQL. Statements use PostgreSQL's own positional
 * parameters (`$1`, `$2`, ...); a runner returns the result rows.
 */
export interface SqlRunner {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The part of a `pg` Pool or Client a runner needs. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A runner over a `pg` Pool (or Client), which understands `$n` parameters natively. */
export function sqlRunnerFromPg(pg: PgQueryable): SqlRunner {
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await pg.query(sql, params)).rows as T[],
  };
}

/**
 * A runner over an executor that takes `?` placeholders, such as MikroORM's
 * `em.getConnection().execute(sql, params)` (which inlines escaped values in place of each `?` and
 * ignores `$n`). Each `$n` becomes a `?` and the values are reordered to match, so `$1` may appear
 * twice.
 */
export function sqlRunnerFromQuestionMarkExecutor(
  execute: (sql: string, params: unknown[]) => Promise<unknown[]>,
): SqlRunner {
  return {
    query: async <T>(sql: string, params: unknown[] = []) => {
      const converted = toQuestionMarks(sql, params);
      return (await execute(converted.sql, converted.params)) as T[];
    },
  };
}

/** Rewrites `$n` placeholders as `?` with the values in order of appearance. */
export function toQuestionMarks(sql: string, params: readonly unknown[]): { sql: string; params: unknown[] } {
  // A literal `?` would be taken for a placeholder by the executor: refuse rather than corrupt.
  if (sql.includes('?')) throw new Error('SQL for a question-mark executor must not contain "?"');
  const ordered: unknown[] = [];
  const rewritten = sql.replace(/\$(\d+)/g, (_match, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= params.length) throw new Error(`SQL parameter $${digits} has no value`);
    ordered.push(params[index]);
    return '?';
  });
  return { sql: rewritten, params: ordered };
}
