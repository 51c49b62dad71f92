import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase as KyselySqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  engine: Engine;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL host. */
  location: string;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  poolSize?: number;
  /** An idle PostgreSQL connection was closed by the server (a restart, a dropped database). */
  onConnectionLost?: (error: Error) => void;
};

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onConnectionLost);
  if (!options.sqliteFile) throw new Error('openDatabase needs a databaseUrl or a sqliteFile');
  return openSqlite(options.sqliteFile);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // WAL makes NORMAL durable against application crashes; only a power cut can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', location: file, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * What Kysely asks of a SQLite database. Kysely prepares every query anew, and preparing costs more than
 * running most of ours; repositories build the same SQL text again and again (values are parameters), so
 * the prepared statements are kept and reused.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (sqlText) => {
      let statement = statements.get(sqlText);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = withRowBuilder(sqlite.prepare(sqlText));
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/**
 * Rows as objects, built here rather than by better-sqlite3: it sets each value through V8's API, one call
 * a value, while a literal of the statement's columns is built at JIT speed (docs/decisions/0010 has the
 * measurements).
 */
function withRowBuilder(statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  // Same keys in the same order as better-sqlite3's objects: a later column of the same name wins.
  const literal = statement
    .columns()
    .map((column, index) => `${JSON.stringify(column.name)}: values[${index}]`)
    .join(', ');
  // The names come from our own SQL's columns, quoted as JSON strings: no outside text reaches the code.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const toRow = new Function('values', `return { ${literal} };`) as (values: unknown[]) => unknown;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    iterate: function* (parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

// Our schema keeps 64-bit counts small enough for numbers; parse them as such.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** SQL texts run as named prepared statements on PostgreSQL, with their names (see preparedQuery). */
const namedStatements = new Map<string, string>();

/**
 * Runs this SQL as a named prepared statement on PostgreSQL: each connection parses it once, and the
 * server may reuse its plan. Meant for the fixed statements of hot requests (about half the client CPU
 * of an unnamed query, and no planning per call).
 */
export function nameStatement(sqlText: string): void {
  if (!namedStatements.has(sqlText)) namedStatements.set(sqlText, `crm_${namedStatements.size + 1}`);
}

function withNamedStatements(pool: pg.Pool, onConnectionLost?: (error: Error) => void): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      // A connection lost while checked out but between queries (PostgreSQL killed or restarted) is an 'error'
      // event on the client, which the pool does not hear; unheard, it would end the process. It is reported,
      // and the client is given back as broken, so the pool drops it.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
        onConnectionLost?.(error);
      };
      client.on('error', onError);
      const query = (text: string, values: unknown[]) => {
        const name = namedStatements.get(text);
        return name ? client.query({ name, text, values }) : client.query(text, values);
      };
      // Kysely passes a cursor only to stream(), which this code base does not use.
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => {
          client.off('error', onError);
          client.release(lost);
        },
      };
    },
    end: () => pool.end(),
  };
}

function openPostgres(url: string, poolSize: number, onConnectionLost?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // The pool drops the lost connection and opens another on the next query; unheard, the 'error' event of
  // an idle connection would end the process.
  pool.on('error', (error) => onConnectionLost?.(error));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withNamedStatements(pool, onConnectionLost) }),
  });
  const { host, pathname } = new URL(url);
  return { db, engine: 'postgres', location: `${host}${pathname}`, close: () => db.destroy() };
}
