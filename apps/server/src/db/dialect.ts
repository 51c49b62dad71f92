import { type Kysely, PostgresAdapter } from 'kysely';

/** Where the engines differ, migrations and repositories ask here rather than guessing. */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** UUID ids: PostgreSQL's 16-byte uuid type, SQLite's text. */
export function idType(db: Kysely<unknown>) {
  return isPostgres(db) ? ('uuid' as const) : ('text' as const);
}
