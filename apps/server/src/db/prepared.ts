import { type Compilable, CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import { type Db, nameStatement } from './database.ts';

/**
 * A query built and compiled once per database, then run with new values: building and compiling a
 * Kysely query costs more than running a simple one on SQLite, and the hottest queries (the session check,
 * the detail pages) run on every request.
 *
 * On PostgreSQL the statement is also named, so each connection parses it once (database.ts).
 *
 * `build` receives stand-ins for the parameters; each stand-in must reach the query as a bound value.
 */
export function preparedQuery<P extends Record<string, string | number | null>, R>(
  build: (db: Db, params: P) => Compilable<R>,
  names: readonly (keyof P & string)[],
) {
  const compiledFor = new WeakMap<object, { sql: string; slots: (string | { value: unknown })[] }>();
  const standIn = (name: string) => `\u0000prepared:${name}`;

  return async (db: Db, params: P): Promise<R[]> => {
    // The SQL depends only on the dialect, so transactions and the pool share one compilation.
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = compiledFor.get(dialect);
    if (!compiled) {
      const standIns = Object.fromEntries(names.map((name) => [name, standIn(name)])) as P;
      const query = build(db, standIns).compile();
      const slots = query.parameters.map((value) => {
        const name = names.find((n) => standIn(n) === value);
        return name ?? { value };
      });
      const missing = names.filter((name) => !query.parameters.includes(standIn(name)));
      if (missing.length > 0) throw new Error(`prepared query does not bind ${missing.join(', ')}`);
      compiled = { sql: query.sql, slots };
      compiledFor.set(dialect, compiled);
      nameStatement(query.sql);
    }
    const values = compiled.slots.map((slot) => (typeof slot === 'string' ? params[slot] : slot.value));
    const result: QueryResult<R> = await db.executeQuery(CompiledQuery.raw(compiled.sql, values));
    return result.rows;
  };
}

/** The values a prepared query of a varying shape is run with, by name. */
export type PreparedParams = Record<string, string | number | null>;

/** A raw `sql` statement compiles against a database; a query builder already knows it. */
function compilable(db: Db, query: Compilable | RawBuilder<unknown>): Compilable {
  return 'isRawBuilder' in query ? { compile: () => query.compile(db) } : query;
}

/**
 * Prepared queries whose shape varies (how many words were typed, how many specialties were picked): each
 * shape, named by `key`, is built and compiled once, then run like a preparedQuery.
 */
export function preparedShapes() {
  const shapes = new Map<string, (db: Db, params: PreparedParams) => Promise<unknown[]>>();
  return <R>(
    db: Db,
    key: string,
    define: () => {
      names: readonly string[];
      build: (db: Db, params: PreparedParams) => Compilable | RawBuilder<unknown>;
    },
    params: PreparedParams,
  ): Promise<R[]> => {
    let run = shapes.get(key);
    if (!run) {
      const { names, build } = define();
      run = preparedQuery((shapeDb, p: PreparedParams) => compilable(shapeDb, build(shapeDb, p)), names);
      shapes.set(key, run);
    }
    return run(db, params) as Promise<R[]>;
  };
}
