import { type Kysely, sql } from 'kysely';
import { idType, isPostgres } from '#server/db/dialect.ts';

/**
 * doctor_search_prefixes.word_starts: the doctor's word starts as a set of bits (for each word of the names
 * and the RPPS, the bit of its first character and the bit of its first two), so a search of several words
 * tests an integer on each row before the LIKE on its names (docs/decisions/0006). And name_tier 2 for a
 * prefix that starts only the RPPS (1 stays for one name), so the prefix index's order is the spec's score
 * for one typed word even when a name holds digits.
 *
 * The table is rebuilt rather than updated in place: an update touches each doctor's rows at random places
 * of a large table (four minutes for 300,000 doctors on SQLite), a rebuild writes it once in key order. The
 * bits are computed in SQL, the same hash as the application's (doctor-search.ts, wordStarts): for a start
 * of one character c0, (37 + c0) % 52; of two, ((74 + c0) × 37 + c1) % 52, with c the character codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const searchText = postgres ? sql`text collate "C"` : sql`text`;
  let table = db.schema
    .createTable('doctor_search_prefixes_rebuilt')
    .addColumn('prefix', searchText, (c) => c.notNull())
    .addColumn('name_tier', 'integer', (c) => c.notNull())
    .addColumn('last_name_norm', searchText, (c) => c.notNull())
    .addColumn('first_name_norm', searchText, (c) => c.notNull())
    .addColumn('rpps', 'text', (c) => c.notNull())
    .addColumn('doctor_id', idType(db), (c) => c.notNull().references('doctors.id').onDelete('cascade'))
    .addColumn('word_starts', postgres ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0));
  if (!postgres)
    table = table
      .addPrimaryKeyConstraint('doctor_search_prefixes_pk', [
        'prefix',
        'name_tier',
        'last_name_norm',
        'first_name_norm',
        'doctor_id',
      ])
      .modifyEnd(sql`without rowid`);
  await table.execute();

  const code = (text: ReturnType<typeof sql>) => (postgres ? sql`ascii(${text})` : sql`unicode(${text})`);
  const one = postgres ? sql`cast(1 as bigint)` : sql`1`;
  const c0 = code(sql`substr(word, 1, 1)`);
  const c1 = code(sql`substr(word, 2, 1)`);
  await sql`insert into doctor_search_prefixes_rebuilt
      (prefix, name_tier, last_name_norm, first_name_norm, rpps, doctor_id, word_starts)
    select p.prefix,
      case when p.name_tier = 1 and (' ' || p.first_name_norm || ' ' || p.last_name_norm) not like ('% ' || p.prefix || '%')
        then 2 else p.name_tier end,
      p.last_name_norm, p.first_name_norm, p.rpps, p.doctor_id, coalesce(s.starts, 0)
    from doctor_search_prefixes as p
    left join (
      select doctor_id, sum(distinct ${one} << bit) as starts
      from (
        select doctor_id, (37 + ${c0}) % 52 as bit from doctor_search_words
        union all
        select doctor_id, case when length(word) >= 2 then ((74 + ${c0}) * 37 + ${c1}) % 52 else (37 + ${c0}) % 52 end
        from doctor_search_words
      ) as bits
      group by doctor_id
    ) as s on s.doctor_id = p.doctor_id
    order by 1, 2, 3, 4, 6`.execute(db);

  await db.schema.dropTable('doctor_search_prefixes').execute();
  await db.schema.alterTable('doctor_search_prefixes_rebuilt').renameTo('doctor_search_prefixes').execute();
  if (postgres) {
    // Carried in the primary key index with the RPPS, so a prefix's range stays index-only.
    await sql`alter table doctor_search_prefixes add constraint doctor_search_prefixes_pk
      primary key (prefix, name_tier, last_name_norm, first_name_norm, doctor_id) include (rpps, word_starts)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('doctor_search_prefixes_doctor_idx')
    .on('doctor_search_prefixes')
    .column('doctor_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table doctor_search_prefixes drop constraint doctor_search_prefixes_pk,
      add constraint doctor_search_prefixes_pk primary key (prefix, name_tier, last_name_norm, first_name_norm, doctor_id)
      include (rpps)`.execute(db);
  }
  await db.schema.alterTable('doctor_search_prefixes').dropColumn('word_starts').execute();
}
