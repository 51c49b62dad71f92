import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';

const run = promisify(execFile);

/** Where the server's database is: DATABASE_URL's PostgreSQL, else the SQLite file in DATA_DIR. */
export type DatabaseTarget = { databaseUrl: string | undefined; sqliteFile: string };

export type BackupReport = { engine: 'sqlite' | 'postgres'; file: string; bytes: number; ms: number };

/** PostgreSQL's client programs: on the PATH, else in Debian's versioned folders (the newest first). */
export function postgresProgram(name: 'pg_dump' | 'pg_restore'): string {
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(debian, version, 'bin', name))
        .filter((file) => fs.existsSync(file))
    : [];
  return versions[0] ?? name;
}

/**
 * A consistent copy of the database while the server keeps writing: SQLite's `VACUUM INTO` (one read
 * transaction, so the copy is the database as of its start, compacted), PostgreSQL's `pg_dump` in its custom
 * format (one repeatable-read snapshot). Refuses to overwrite a file.
 */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<BackupReport> {
  const started = performance.now();
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose a new file for the backup`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await run(postgresProgram('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, target.databaseUrl]);
  } else {
    if (!fs.existsSync(target.sqliteFile)) throw new Error(`no database at ${target.sqliteFile}`);
    const sqlite = new Database(target.sqliteFile, { readonly: true, fileMustExist: true });
    try {
      sqlite.prepare('vacuum into ?').run(path.resolve(file));
    } finally {
      sqlite.close();
    }
  }
  return {
    engine: target.databaseUrl ? 'postgres' : 'sqlite',
    file,
    bytes: fs.statSync(file).size,
    ms: performance.now() - started,
  };
}

/**
 * Puts a backup back into an empty place only: a SQLite file that does not exist yet, or a PostgreSQL database
 * without tables. Nothing is merged into a database in use, which could not be told apart from its backup
 * afterwards. PostgreSQL's copy is analyzed; SQLite's carries the statistics its source had. The server, started
 * on it, applies any migration newer than the backup.
 */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<BackupReport> {
  const started = performance.now();
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`);
  if (target.databaseUrl) {
    await assertEmptyPostgres(target.databaseUrl);
    await run(postgresProgram('pg_restore'), [
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    // pg_restore leaves the planner without statistics until autovacuum reaches each table: the first queries on
    // the big tables would pick plans made for empty ones. docs/benchmarks.md has what it cost.
    await analyzePostgres(target.databaseUrl);
  } else {
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(target.sqliteFile + suffix)) {
        throw new Error(`${target.sqliteFile + suffix} exists: restore into an empty data folder`);
      }
    }
    fs.mkdirSync(path.dirname(target.sqliteFile), { recursive: true });
    fs.copyFileSync(file, target.sqliteFile, fs.constants.COPYFILE_EXCL);
    // The copy is whole only if SQLite can read it through: checked before the server is pointed at it.
    const sqlite = new Database(target.sqliteFile, { fileMustExist: true });
    try {
      const [check] = sqlite.pragma('quick_check') as { quick_check: string }[];
      if (check?.quick_check !== 'ok') throw new Error(`the restored database fails its check: ${check?.quick_check}`);
      sqlite.pragma('journal_mode = WAL');
    } finally {
      sqlite.close();
    }
  }
  return {
    engine: target.databaseUrl ? 'postgres' : 'sqlite',
    file,
    bytes: fs.statSync(file).size,
    ms: performance.now() - started,
  };
}

async function analyzePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function assertEmptyPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      "select count(*) as tables from information_schema.tables where table_schema = 'public'",
    );
    if (Number(rows[0]?.tables ?? 0) > 0) throw new Error('the database has tables: restore into an empty database');
  } finally {
    await client.end();
  }
}
