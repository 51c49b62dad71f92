import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/dialect.ts';

/**
 * office_prefix_counts counts every start of every word of the offices, not only the first one to four
 * characters (docs/decisions/0043): a one-word office search of any length takes its total from one row
 * instead of counting the offices of its four-character range. Counted again here from search_text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from office_prefix_counts`.execute(db);
  await sql`insert into office_prefix_counts (prefix, offices) ${officeWordStartCounts(db)}`.execute(db);
}

/** Back to the first one to four characters. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from office_prefix_counts where length(prefix) > 4`.execute(db);
}

/** How many offices have each start of a word in their search_text (' word word …'), by each engine's means. */
function officeWordStartCounts(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
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
  const lengths = postgres
    ? sql`select generate_series(1, (select coalesce(max(length(search_text)), 1) from offices)) as chars`
    : sql`with recursive n(chars) as (
          select 1 union all
          select chars + 1 from n where chars < (select coalesce(max(length(search_text)), 1) from offices)
        ) select chars from n`;
  return sql`select prefix, count(*) from (
      select distinct w.office_id, substr(w.word, 1, n.chars) as prefix
      from (${words}) as w join (${lengths}) as n on n.chars <= length(w.word)
    ) as starts group by prefix`;
}
