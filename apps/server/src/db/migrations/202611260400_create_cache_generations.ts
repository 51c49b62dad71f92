import { type Kysely, sql } from 'kysely';

/**
 * cache_generations: one counter per table family whose derived figures a process keeps in memory ('doctors':
 * search match counts; 'offices': specialty filter totals). Every change that can move such a figure bumps it
 * in its own transaction, and a process keeps a figure under the generation it read, so a change committed by
 * any process is seen by every process at its next request (docs/decisions/0014).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_generations')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into cache_generations (name, generation) values ('doctors', 0), ('offices', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cache_generations').execute();
}
