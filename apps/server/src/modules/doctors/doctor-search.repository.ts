import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { type PreparedParams as Params, preparedShapes } from '#server/db/prepared.ts';
import { type ListItemRow, withListItems } from './doctors.repository.ts';
import { prefixUpperBound } from './doctor-search.ts';

/**
 * Where a search reads its candidates: the word range of the driving term (`words`, several rows per doctor
 * when several of its words match), or the rows of one short prefix (`prefixes`, one row per doctor).
 */
type Source = 'words' | 'prefixes';

/**
 * The doctor search, one statement per page (docs/decisions/0006). The candidates come from one index range;
 * every other typed word and the spec's score are checked on the candidate row itself (its normalised names
 * and RPPS), so no lookup is made per candidate. The statements vary only in their number of words: each
 * shape is compiled once.
 */
export class DoctorSearchRepository {
  private readonly shapes = preparedShapes();

  constructor(private readonly db: Db) {}

  /** How many doctors have a word (or RPPS) starting with `term`, counting no further than `max`. */
  async termMatches(term: string, max: number): Promise<number> {
    const [row] = await this.shapes<{ count: number }>(
      this.db,
      'term-matches',
      () => ({
        names: ['low', 'high', 'max'],
        build: (_db, p) =>
          sql`select count(*) as count from (select 1 as one from doctor_search_words
            where word >= ${p.low} and word < ${p.high} limit ${p.max}) as m`,
      }),
      { low: term, high: prefixUpperBound(term), max },
    );
    return row?.count ?? 0;
  }

  /** How many doctors have a word (or RPPS) starting with `driving` and match every other term. */
  async wordMatches(driving: string, others: string[]): Promise<number> {
    const [row] = await this.shapes<{ count: number }>(
      this.db,
      `word-count:${others.length}`,
      () => ({
        names: ['low', 'high', 'spaced', ...filterNames(others.length)],
        build: (db, p) =>
          sql`select count(*) as count from doctor_search_words as s
            where s.word >= ${p.low} and s.word < ${p.high} ${oncePerDoctor(db, p.spaced)} ${filters(p, others.length)}`,
      }),
      { ...wordRange(driving), ...filterParams(others) },
    );
    return row?.count ?? 0;
  }

  /** How many doctors have `prefix` (1 to 4 characters) and match every other term. */
  async prefixMatches(prefix: string, others: string[]): Promise<number> {
    const [row] = await this.shapes<{ count: number }>(
      this.db,
      `prefix-count:${others.length}`,
      () => ({
        names: ['prefix', ...filterNames(others.length)],
        build: (_db, p) =>
          sql`select count(*) as count from doctor_search_prefixes as s
            where s.prefix = ${p.prefix} ${filters(p, others.length)}`,
      }),
      { prefix, ...filterParams(others) },
    );
    return row?.count ?? 0;
  }

  /**
   * One page ranked by the spec's score (then last name, first name, id): the candidates of the driving term
   * (a word range, or a short prefix's rows) that match every other term. The total comes from wordMatches
   * or prefixMatches: counting in the same statement (a window) would cost more than the page.
   */
  async rankedPage(input: {
    source: Source;
    driving: string;
    others: string[];
    terms: string[];
    userId: string;
    offset: number;
    limit: number;
  }): Promise<ListItemRow[]> {
    const { source, others, terms } = input;
    const range: Params = source === 'words' ? wordRange(input.driving) : { prefix: input.driving };
    return this.shapes<ListItemRow>(
      this.db,
      `ranked:${source}:${others.length}:${terms.length}`,
      () => ({
        names: [
          ...Object.keys(range),
          'query',
          ...filterNames(others.length),
          ...terms.map((_, i) => `name${i}`),
          'limit',
          'offset',
          'userId',
        ],
        build: (db, p) => {
          const hits = (column: 'first_name_norm' | 'last_name_norm') =>
            sql.join(
              terms.map((_, i) => sql`(' ' || ${sql.ref(`s.${column}`)}) like ${p[`name${i}`]}`),
              sql` or `,
            );
          const candidates =
            source === 'words'
              ? sql`select s.doctor_id, s.last_name_norm, s.first_name_norm, s.rpps from doctor_search_words as s
                where s.word >= ${p.low} and s.word < ${p.high} ${oncePerDoctor(db, p.spaced)}
                ${filters(p, others.length)}`
              : sql`select s.doctor_id, s.last_name_norm, s.first_name_norm, s.rpps from doctor_search_prefixes as s
                where s.prefix = ${p.prefix} ${filters(p, others.length)}`;
          return withListItems(
            sql`with candidates as (${candidates}),
          scored as (
            select doctor_id, last_name_norm, first_name_norm,
              case
                when first_name_norm || ' ' || last_name_norm = ${p.query}
                  or last_name_norm || ' ' || first_name_norm = ${p.query} then 1000
                when (${hits('first_name_norm')}) and (${hits('last_name_norm')}) then 100
                when (${hits('first_name_norm')}) or (${hits('last_name_norm')}) then 10
                else 5
              end as score
            from candidates as s
          ),
          page as (
            select doctor_id, score, last_name_norm, first_name_norm from scored
            order by score desc, last_name_norm, first_name_norm, doctor_id
            limit ${p.limit} offset ${p.offset}
          )`,
            p.userId,
            sql`page.score desc, page.last_name_norm, page.first_name_norm, page.doctor_id`,
          );
        },
      }),
      {
        ...range,
        query: terms.join(' '),
        ...filterParams(others),
        ...Object.fromEntries(terms.map((term, i) => [`name${i}`, `% ${term}%`])),
        limit: input.limit,
        offset: input.offset,
        userId: input.userId,
      },
    );
  }

  /**
   * One page of the doctors having `prefix` (1 to 4 characters) and every other term, in the order of the
   * prefix index: name tier (both names first), then last name, first name, id. Used when there are too many
   * matches to rank them all.
   */
  async prefixPage(input: {
    prefix: string;
    others: string[];
    userId: string;
    offset: number;
    limit: number;
  }): Promise<ListItemRow[]> {
    const { others } = input;
    return this.shapes<ListItemRow>(
      this.db,
      `prefix-page:${others.length}`,
      () => ({
        names: ['prefix', ...filterNames(others.length), 'limit', 'offset', 'userId'],
        build: (_db, p) =>
          withListItems(
            sql`with page as (
            select s.doctor_id, s.name_tier, s.last_name_norm, s.first_name_norm
            from doctor_search_prefixes as s
            where s.prefix = ${p.prefix} ${filters(p, others.length)}
            order by s.name_tier, s.last_name_norm, s.first_name_norm, s.doctor_id
            limit ${p.limit} offset ${p.offset}
          )`,
            p.userId,
            sql`page.name_tier, page.last_name_norm, page.first_name_norm, page.doctor_id`,
          ),
      }),
      {
        prefix: input.prefix,
        ...filterParams(others),
        limit: input.limit,
        offset: input.offset,
        userId: input.userId,
      },
    );
  }
}

/** Each other typed word starts a word of the candidate's names, or its RPPS. */
function filters(p: Params, count: number) {
  if (count === 0) return sql``;
  return sql.join(
    Array.from(
      { length: count },
      (_, i) =>
        sql`and ((' ' || s.first_name_norm || ' ' || s.last_name_norm) like ${p[`word${i}`]} or s.rpps like ${p[`rpps${i}`]})`,
    ),
    sql` `,
  );
}

function filterNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => [`word${i}`, `rpps${i}`]).flat();
}

function wordRange(driving: string): Params {
  return { low: driving, high: prefixUpperBound(driving), spaced: ` ${driving}` };
}

/**
 * Keeps one of a doctor's rows in a word range (Marie Martin has two for "mar"): the first name's first
 * matching word, else the last name's, else the RPPS. Decided on the row itself, cheaper than DISTINCT.
 */
function oncePerDoctor(db: Db, spaced: unknown) {
  // The same function, named differently: SQLite's instr, PostgreSQL's strpos.
  const find = sql.raw(isPostgres(db) ? 'strpos' : 'instr');
  const firstAt = sql`${find}(' ' || s.first_name_norm, ${spaced})`;
  const lastAt = sql`${find}(' ' || s.last_name_norm, ${spaced})`;
  const wordAt = (column: 'first_name_norm' | 'last_name_norm') =>
    sql`${find}(' ' || ${sql.ref(`s.${column}`)} || ' ', ' ' || s.word || ' ')`;
  return sql`and case s.field
    when 'f' then ${wordAt('first_name_norm')} = ${firstAt}
    when 'l' then ${firstAt} = 0 and ${wordAt('last_name_norm')} = ${lastAt}
    else ${firstAt} = 0 and ${lastAt} = 0
  end`;
}

function filterParams(others: string[]): Params {
  return Object.fromEntries(
    others.flatMap((term, i) => [
      [`word${i}`, `% ${term}%`],
      [`rpps${i}`, `${term}%`],
    ]),
  );
}
