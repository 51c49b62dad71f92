import { type Kysely, sql } from 'kysely';
import { idType, isPostgres } from '#server/db/dialect.ts';

/**
 * Office search through an index (docs/decisions/0013), filled from each office's search_text:
 *
 * - office_search_prefixes(prefix, name_norm, office_id, words): one row per office and prefix of 1 to 4
 *   characters of its words, keyed so that the offices with a prefix are one range already in list order
 *   (name, then id); a 4-character row keeps the words it starts, so a longer typed word is checked on it;
 * - office_prefix_counts(prefix, offices): how many offices have each prefix.
 *
 * No foreign key: the repository removes an office's rows by their keys before the office, where a cascade
 * would have to search the rows by office.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  // Byte order on PostgreSQL as on SQLite: the order the words are kept in, whatever the database's locale.
  const searchText = postgres ? sql`text collate "C"` : sql`text`;
  const prefixes = db.schema
    .createTable('office_search_prefixes')
    .addColumn('prefix', searchText, (c) => c.notNull())
    // The offices' own collation, so the key's order is the list's order (offices.name_norm, offices.id).
    .addColumn('name_norm', 'text', (c) => c.notNull())
    .addColumn('office_id', idType(db), (c) => c.notNull())
    .addColumn('words', searchText, (c) => c.notNull());
  // SQLite stores the rows in key order, so a range of the key is all a search reads. PostgreSQL gets its key
  // after the fill, with the words in the index, so a search reads no table row either.
  await (
    postgres
      ? prefixes
      : prefixes
          .addPrimaryKeyConstraint('office_search_prefixes_pk', ['prefix', 'name_norm', 'office_id'])
          .modifyEnd(sql`without rowid`)
  ).execute();
  const counts = db.schema
    .createTable('office_prefix_counts')
    .addColumn('prefix', searchText, (c) => c.primaryKey())
    .addColumn('offices', 'integer', (c) => c.notNull());
  await (postgres ? counts : counts.modifyEnd(sql`without rowid`)).execute();

  // search_text is ' word word …': its distinct words, split by each engine's own means.
  const words = postgres
    ? sql`select distinct id as office_id, word collate "C" as word
        from offices, unnest(string_to_array(btrim(search_text), ' ')) as word where word <> ''`
    : sql`with recursive split(office_id, word, rest) as (
          select id, '', trim(search_text) || ' ' from offices
          union all
          select office_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1)
          from split where rest <> ''
        )
        select distinct office_id, word from split where word <> ''`;
  const keptWords = postgres
    ? sql`string_agg(p.word, ' ' order by p.word)`
    : sql`group_concat(p.word, ' ' order by p.word)`;
  // In key order: in any other, each insert lands on a random page of a large index.
  await sql`insert into office_search_prefixes (prefix, name_norm, office_id, words)
    select p.prefix, o.name_norm, o.id,
      case when length(p.prefix) = 4 then ' ' || ${keptWords} else '' end
    from (
      select substr(w.word, 1, n.chars) as prefix, w.office_id, w.word
      from (${words}) as w
      cross join (select 1 as chars union all select 2 union all select 3 union all select 4) as n
      where n.chars <= length(w.word)
    ) as p
    join offices o on o.id = p.office_id
    group by p.prefix, o.name_norm, o.id
    order by p.prefix, o.name_norm, o.id`.execute(db);
  if (postgres) {
    await sql`alter table office_search_prefixes add constraint office_search_prefixes_pk
      primary key (prefix, name_norm, office_id) include (words)`.execute(db);
  }
  await sql`insert into office_prefix_counts (prefix, offices)
    select prefix, count(*) from office_search_prefixes group by prefix`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('office_prefix_counts').execute();
  await db.schema.dropTable('office_search_prefixes').execute();
}
