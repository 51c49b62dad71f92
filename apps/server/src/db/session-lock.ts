import { sql } from 'kysely';
import type { Db } from './database.ts';
import { isPostgres } from './dialect.ts';

/** The advisory locks held for a whole piece of work across transactions, by what they guard (PostgreSQL). */
export const SESSION_LOCKS = { demoSeeding: 150_101 } as const;

/**
 * Runs `work` while no other process runs work under the same lock: on PostgreSQL, a session advisory lock held
 * on one connection, which `work` is given and must use for everything (its transactions included). SQLite
 * serves one process, whose start runs such work once: `work` gets the database as it is.
 */
export async function withSessionLock<T>(db: Db, lock: number, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${lock})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection);
    }
  });
}
