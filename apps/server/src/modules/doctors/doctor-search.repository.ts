import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { type PreparedParams as Params, preparedShapes } from '#server/db/prepared.ts';
import { type ListItemRow, withListItems } from './doctors.repository.ts';
import { prefixUpperBound, wordStartMask } from './doctor-search.ts';

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
        names: ['low', 'high', 'length', ...filterNames(others.length, 'words')],
        build: (_db, p) =>
          sql`select count(*) as count from doctor_search_words as s
            where s.word >= ${p.low} and s.word < ${p.high} and s.earlier_overlap < ${p.length}
            ${filters(p, others.length, 'words')}`,
      }),
      { ...wordRange(driving), ...filterParams(others, 'words') },
    );
    return row?.count ?? 0;
  }

  /**
   * How many doctors have `prefix` (1 to 4 characters) and match every other term. Alone, the prefix's count is
   * kept in doctor_prefix_counts (decision 0012): one row, where counting "d" reads a sixth of the directory.
   */
  async prefixMatches(prefix: string, others: string[]): Promise<number> {
    if (others.length === 0) {
      const [counted] = await this.shapes<{ doctors: number }>(
        this.db,
        'prefix-count',
        () => ({
          names: ['prefix'],
          build: (_db, p) => sql`select doctors from doctor_prefix_counts where prefix = ${p.prefix}`,
        }),
        { prefix },
      );
      return counted?.doctors ?? 0;
    }
    const [row] = await this.shapes<{ count: number }>(
      this.db,
      `prefix-count:${others.length}`,
      () => ({
        names: ['prefix', ...filterNames(others.length, 'prefixes')],
        build: (_db, p) =>
          sql`select count(*) as count from doctor_search_prefixes as s
            where s.prefix = ${p.prefix} ${filters(p, others.length, 'prefixes')}`,
      }),
      { prefix, ...filterParams(others, 'prefixes') },
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
    const query = terms.join(' ');
    // Which names the driving word starts: a word range's row says which; a prefix row only how many (its tier).
    // One word of 5 or more characters is scored from its row alone (shorter ones read the prefix index).
    const scoredByRow = source === 'words' && others.length === 0;
    const scoring: Params = scoredByRow
      ? {}
      : source === 'words'
        ? { queryLength: query.length, query }
        : { queryLength: query.length, query, drivingWord: `% ${input.driving}%` };
    return this.shapes<ListItemRow>(
      this.db,
      `ranked:${source}:${others.length}`,
      () => ({
        names: [
          ...Object.keys(range),
          ...Object.keys(scoring),
          ...filterNames(others.length, source),
          'limit',
          'offset',
          'userId',
        ],
        build: (_db, p) => {
          const candidates =
            source === 'words'
              ? sql`select s.doctor_id, s.last_name_norm, s.first_name_norm, s.rpps, s.field, s.other_name_overlap
                from doctor_search_words as s
                where s.word >= ${p.low} and s.word < ${p.high} and s.earlier_overlap < ${p.length}
                ${filters(p, others.length, 'words')}`
              : sql`select s.doctor_id, s.last_name_norm, s.first_name_norm, s.rpps from doctor_search_prefixes as s
                where s.prefix = ${p.prefix} ${filters(p, others.length, 'prefixes')}`;
          const score = scoredByRow
            ? sql`case when field = 'r' then 5 when other_name_overlap >= ${p.length} then 100 else 10 end`
            : multiWordScore(source, p, others.length);
          return withListItems(
            sql`with candidates as (${candidates}),
          scored as (
            select doctor_id, last_name_norm, first_name_norm, ${score} as score
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
        ...scoring,
        ...filterParams(others, source),
        limit: input.limit,
        offset: input.offset,
        userId: input.userId,
      },
    );
  }

  /**
   * One page of the doctors having `prefix` (1 to 4 characters) and every other term, in the order of the
   * prefix index: name tier (both names first), then last name, first name, id. Used for one word alone, and
   * when there are too many matches to rank them all. For one word alone, the page also brings the word's total
   * from doctor_prefix_counts (decision 0012), a column computed once: one round trip. An empty page says
   * nothing of the total.
   */
  async prefixPage(input: {
    prefix: string;
    others: string[];
    userId: string;
    offset: number;
    limit: number;
  }): Promise<{ rows: ListItemRow[]; total: number | undefined }> {
    const { others } = input;
    const rows = await this.shapes<ListItemRow & { total?: number | null }>(
      this.db,
      `prefix-page:${others.length}`,
      () => ({
        names: ['prefix', ...filterNames(others.length, 'prefixes'), 'limit', 'offset', 'userId'],
        build: (_db, p) =>
          withListItems(
            sql`with page as (
            select s.doctor_id, s.name_tier, s.last_name_norm, s.first_name_norm
            from doctor_search_prefixes as s
            where s.prefix = ${p.prefix} ${filters(p, others.length, 'prefixes')}
            order by s.name_tier, s.last_name_norm, s.first_name_norm, s.doctor_id
            limit ${p.limit} offset ${p.offset}
          )`,
            p.userId,
            sql`page.name_tier, page.last_name_norm, page.first_name_norm, page.doctor_id`,
            others.length === 0
              ? sql`(select c.doctors from doctor_prefix_counts as c where c.prefix = ${p.prefix}) as total`
              : undefined,
          ),
      }),
      {
        prefix: input.prefix,
        ...filterParams(others, 'prefixes'),
        limit: input.limit,
        offset: input.offset,
        userId: input.userId,
      },
    );
    return { rows, total: rows[0]?.total ?? undefined };
  }
}

/**
 * The spec's score of a candidate that matches every word: 1000 when the words are exactly its first and last
 * name (compared only when the lengths agree), 100 when they start words of both names, 10 of one, else 5.
 */
function multiWordScore(source: Source, p: Params, others: number) {
  const firstHits = [
    source === 'words' ? sql`field = 'f'` : sql`(' ' || first_name_norm) like ${p.drivingWord}`,
    ...Array.from({ length: others }, (_, i) => sql`(' ' || first_name_norm) like ${p[`word${i}`]}`),
  ];
  const lastHits = [
    source === 'words'
      ? sql`(field = 'l' or other_name_overlap >= ${p.length})`
      : sql`(' ' || last_name_norm) like ${p.drivingWord}`,
    ...Array.from({ length: others }, (_, i) => sql`(' ' || last_name_norm) like ${p[`word${i}`]}`),
  ];
  const any = (hits: ReturnType<typeof sql>[]) => sql`(${sql.join(hits, sql` or `)})`;
  return sql`case
    when length(first_name_norm) + length(last_name_norm) + 1 = ${p.queryLength}
      and (first_name_norm || ' ' || last_name_norm = ${p.query}
        or last_name_norm || ' ' || first_name_norm = ${p.query}) then 1000
    when ${any(firstHits)} and ${any(lastHits)} then 100
    when ${any(firstHits)} or ${any(lastHits)} then 10
    else 5
  end`;
}

/**
 * Each other typed word starts a word of the candidate's names, or its RPPS. On a prefix row, the doctor's
 * word starts are checked first: an integer test that lets through only the rows worth the LIKE.
 */
function filters(p: Params, count: number, source: Source) {
  if (count === 0) return sql``;
  return sql.join(
    Array.from({ length: count }, (_, i) => {
      const starts = source === 'prefixes' ? sql`(s.word_starts & ${p[`starts${i}`]}) <> 0 and ` : sql``;
      return sql`and ${starts}((' ' || s.first_name_norm || ' ' || s.last_name_norm) like ${p[`word${i}`]} or s.rpps like ${p[`rpps${i}`]})`;
    }),
    sql` `,
  );
}

function filterNames(count: number, source: Source): string[] {
  return Array.from({ length: count }, (_, i) => [
    ...(source === 'prefixes' ? [`starts${i}`] : []),
    `word${i}`,
    `rpps${i}`,
  ]).flat();
}

function wordRange(driving: string): Params {
  return { low: driving, high: prefixUpperBound(driving), length: driving.length };
}

function filterParams(others: string[], source: Source): Params {
  const params: Params = {};
  for (const [i, term] of others.entries()) {
    if (source === 'prefixes') params[`starts${i}`] = wordStartMask(term);
    params[`word${i}`] = `% ${term}%`;
    params[`rpps${i}`] = `${term}%`;
  }
  return params;
}
