import {
  type CompiledQuery,
  CompiledQuery as Compiled,
  type DatabaseConnection,
  type Dialect,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Db, Engine } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

/** A row the capturing database answers to every query of a call. */
export type Row = Record<string, unknown>;

/**
 * A database that runs nothing: every query reaches it compiled by the engine's real adapter and compiler,
 * exactly as the real driver would receive it, and is recorded; it answers the rows it was given.
 */
export type CapturingDatabase = {
  db: Db;
  /** Runs `call` and answers the queries it sent, in order; every query of the call is answered `rows`. */
  capture: (call: (db: Db) => Promise<unknown>, rows: readonly Row[]) => Promise<CompiledQuery[]>;
};

export function capturingDatabase(engine: Engine): CapturingDatabase {
  let queries: CompiledQuery[] = [];
  let answer: readonly Row[] = [];
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      queries.push(query);
      return Promise.resolve({ rows: answer.map((row) => ({ ...row }) as R), numAffectedRows: BigInt(answer.length) });
    },
    streamQuery: () => {
      throw new Error('the SQL snapshots do not capture streamed queries');
    },
  };
  const run = (text: string) => connection.executeQuery(Compiled.raw(text)).then(() => undefined);
  const isPostgres = engine === 'postgres';
  const dialect: Dialect = {
    createAdapter: () => (isPostgres ? new PostgresAdapter() : new SqliteAdapter()),
    createDriver: () => ({
      init: () => Promise.resolve(),
      acquireConnection: () => Promise.resolve(connection),
      beginTransaction: () => run('begin'),
      commitTransaction: () => run('commit'),
      rollbackTransaction: () => run('rollback'),
      releaseConnection: () => Promise.resolve(),
      destroy: () => Promise.resolve(),
    }),
    createIntrospector: (db) => (isPostgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
    createQueryCompiler: () => (isPostgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
  };
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    capture: async (call, rows) => {
      queries = [];
      answer = rows;
      try {
        await call(db);
        return queries;
      } finally {
        queries = [];
        answer = [];
      }
    },
  };
}
