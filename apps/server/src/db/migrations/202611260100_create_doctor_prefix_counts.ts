import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/dialect.ts';

/**
 * How many doctors have each prefix of doctor_search_prefixes, so a one-word search of 1 to 4 characters reads
 * its total from one row instead of counting up to a sixth of the directory (docs/decisions/0012). Filled
 * from the rows already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema
    .createTable('doctor_prefix_counts')
    .addColumn('prefix', isPostgres(db) ? sql`text collate "C"` : 'text', (c) => c.primaryKey())
    .addColumn('doctors', 'integer', (c) => c.notNull());
  await (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)).execute();
  await sql`insert into doctor_prefix_counts (prefix, doctors)
    select prefix, count(*) from doctor_search_prefixes group by prefix`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('doctor_prefix_counts').execute();
}
