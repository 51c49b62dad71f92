import { type Kysely, sql } from 'kysely';
import { idType, isPostgres } from '#server/db/dialect.ts';

/**
 * The doctor search tables, rebuilt so a search reads one contiguous index range and nothing else
 * (docs/decisions/0006):
 * - doctor_search_words keeps what ranking needs in its key order: SQLite stores the rows in the primary
 *   key (WITHOUT ROWID), PostgreSQL carries the ranking columns in the primary key index (INCLUDE), so a
 *   word's matches are read without a lookup per match.
 * - doctor_search_prefixes gains the RPPS (other typed words are checked on the row itself) and the name
 *   tier, first in the order after the prefix: a page of "ma" is the first rows of one range, in the
 *   spec's score order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = idType(db);
  const postgres = isPostgres(db);
  const searchText = postgres ? sql`text collate "C"` : sql`text`;

  // Words: same columns, new storage.
  let words = db.schema
    .createTable('doctor_search_words_rebuilt')
    .addColumn('word', searchText, (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    .addColumn('last_name_norm', searchText, (c) => c.notNull())
    .addColumn('first_name_norm', searchText, (c) => c.notNull())
    .addColumn('rpps', 'text', (c) => c.notNull());
  if (!postgres)
    words = words
      .addPrimaryKeyConstraint('doctor_search_words_pk', ['word', 'field', 'doctor_id'])
      .modifyEnd(sql`without rowid`);
  await words.execute();
  await sql`insert into doctor_search_words_rebuilt (word, field, doctor_id, last_name_norm, first_name_norm, rpps)
    select word, field, doctor_id, last_name_norm, first_name_norm, rpps from doctor_search_words`.execute(db);

  let prefixes = db.schema
    .createTable('doctor_search_prefixes_rebuilt')
    .addColumn('prefix', searchText, (c) => c.notNull())
    .addColumn('name_tier', 'integer', (c) => c.notNull())
    .addColumn('last_name_norm', searchText, (c) => c.notNull())
    .addColumn('first_name_norm', searchText, (c) => c.notNull())
    .addColumn('rpps', 'text', (c) => c.notNull())
    .addColumn('doctor_id', id, (c) => c.notNull().references('doctors.id').onDelete('cascade'));
  if (!postgres)
    prefixes = prefixes
      .addPrimaryKeyConstraint('doctor_search_prefixes_pk', [
        'prefix',
        'name_tier',
        'last_name_norm',
        'first_name_norm',
        'doctor_id',
      ])
      .modifyEnd(sql`without rowid`);
  await prefixes.execute();
  // The first 1 to 4 characters of every word (a shorter word repeats its own prefix: grouping merges them).
  await sql`insert into doctor_search_prefixes_rebuilt (prefix, name_tier, last_name_norm, first_name_norm, rpps, doctor_id)
    select prefix,
      case when sum(case when field = 'f' then 1 else 0 end) > 0 and sum(case when field = 'l' then 1 else 0 end) > 0
        then 0 else 1 end,
      last_name_norm, first_name_norm, rpps, doctor_id
    from (
      select substr(word, 1, 1) as prefix, field, last_name_norm, first_name_norm, rpps, doctor_id from doctor_search_words
      union all select substr(word, 1, 2), field, last_name_norm, first_name_norm, rpps, doctor_id from doctor_search_words
      union all select substr(word, 1, 3), field, last_name_norm, first_name_norm, rpps, doctor_id from doctor_search_words
      union all select substr(word, 1, 4), field, last_name_norm, first_name_norm, rpps, doctor_id from doctor_search_words
    ) as all_prefixes
    group by prefix, doctor_id, last_name_norm, first_name_norm, rpps`.execute(db);

  await db.schema.dropTable('doctor_search_words').execute();
  await db.schema.dropTable('doctor_search_prefixes').execute();
  await db.schema.alterTable('doctor_search_words_rebuilt').renameTo('doctor_search_words').execute();
  await db.schema.alterTable('doctor_search_prefixes_rebuilt').renameTo('doctor_search_prefixes').execute();
  if (postgres) {
    await sql`alter table doctor_search_words add constraint doctor_search_words_pk
      primary key (word, field, doctor_id) include (last_name_norm, first_name_norm, rpps)`.execute(db);
    await sql`alter table doctor_search_prefixes add constraint doctor_search_prefixes_pk
      primary key (prefix, name_tier, last_name_norm, first_name_norm, doctor_id) include (rpps)`.execute(db);
  }
  await db.schema.createIndex('doctor_search_words_doctor_idx').on('doctor_search_words').column('doctor_id').execute();
  await db.schema
    .createIndex('doctor_search_prefixes_doctor_idx')
    .on('doctor_search_prefixes')
    .column('doctor_id')
    .execute();
}
