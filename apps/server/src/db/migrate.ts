import { Migrator } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

const migratorOf = (db: Db) => new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this code knows that the database has not applied (a process started before they ran). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  return (await migratorOf(db).getMigrations())
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name);
}
