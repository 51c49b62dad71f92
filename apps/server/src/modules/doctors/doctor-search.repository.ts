import { type RawBuilder, sql } from 'kysely';
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
 * The doctor search, one statement per page (docs/decisions/0006, docs/search.md). The candidates come from one
 * index range; every other typed word and the spec's score are checked on the candidate row itself (its
 * normalised names and RPPS), so no lookup is made per candidate. Each page's statement is written whole in one
 * function below, one per plan; they vary only in their number of other words, and each shape is compiled once.
 */
export class DoctorSearchRepository {
  private readonly shapes = preparedShapes();

  /** How many doctors have a word (or RPPS) starting with `term`, counting no further than `max`. */
  async termMatches(db: Db, term: string, max: number): Promise<number> {
    const [row] = await this.shapes<{ count: number }>(
      db,
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
  async wordMatches(db: Db, driving: string, others: string[]): Promise<number> {
    const [row] = await this.shapes<{ count: number }>(
      db,
      `word-count:${others.length}`,
      () => ({
        names: ['low', 'high', 'length', ...filterNames(others.length, 'words')],
        build: (_db, p) =>
          sql`select count(*) as count from doctor_search_words as s
            where s.word >= ${p.low} and s.word < ${p.high} and s.earlier_overlap < ${p.length}
            ${otherWordsOnWordRow(p, others.length)}`,
      }),
      { ...wordRange(driving), ...filterParams(others, 'words') },
    );
    return row?.count ?? 0;
  }

  /**
   * How many doctors have `prefix` (1 to 4 characters) and match every other term. Alone, the prefix's count is
   * kept in doctor_prefix_counts (decision 0012): one row, where counting "d" reads a sixth of the directory.
   */
  async prefixMatches(db: Db, prefix: string, others: string[]): Promise<number> {
    if (others.length === 0) {
      const [counted] = await this.shapes<{ doctors: number }>(
        db,
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
      db,
      `prefix-count:${others.length}`,
      () => ({
        names: ['prefix', ...filterNames(others.length, 'prefixes')],
        build: (_db, p) =>
          sql`select count(*) as count from doctor_search_prefixes as s
            where s.prefix = ${p.prefix} ${otherWordsOnPrefixRow(p, others.length)}`,
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
  async rankedPage(
    db: Db,
    input: {
      source: Source;
      driving: string;
      others: string[];
      terms: string[];
      userId: string;
      offset: number;
      limit: number;
    },
  ): Promise<ListItemRow[]> {
    const { source, others } = input;
    const query = input.terms.join(' ');
    const oneLongWord = source === 'words' && others.length === 0;
    const range: Params = source === 'words' ? wordRange(input.driving) : { prefix: input.driving };
    // One long word is scored from its row alone; several words compare the typed query with the names.
    const scoring: Params = oneLongWord
      ? {}
      : source === 'words'
        ? { queryLength: query.length, query }
        : { queryLength: query.length, query, drivingWord: `% ${input.driving}%` };
    return this.shapes<ListItemRow>(
      db,
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
        build: (_db, p) =>
          oneLongWord
            ? oneLongWordPage(p)
            : source === 'words'
              ? longWordWithOthersPage(p, others.length)
              : shortWordWithOthersPage(p, others.length),
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
   * prefix index (prefixOrderPage). For one word alone, the page also brings the word's total; an empty page
   * says nothing of the total.
   */
  async prefixPage(
    db: Db,
    input: {
      prefix: string;
      others: string[];
      userId: string;
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: ListItemRow[]; total: number | undefined }> {
    const { others } = input;
    const rows = await this.shapes<ListItemRow & { total?: number | null }>(
      db,
      `prefix-page:${others.length}`,
      () => ({
        names: ['prefix', ...filterNames(others.length, 'prefixes'), 'limit', 'offset', 'userId'],
        build: (_db, p) => prefixOrderPage(p, others.length),
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

// ——— The page statements, one per plan (docs/search.md). `p` holds the parameters, `others` how many other
// words were typed (word0, rpps0, starts0, word1…). withListItems adds the list's columns and per-user joins.

/**
 * One word of 5 or more characters: the doctors of its word range (doctor_search_words, the row whose
 * earlier_overlap is below the word's length kept once per doctor), scored from that row alone: 5 for the RPPS,
 * 100 when the word also starts a word of the other name, else 10.
 */
function oneLongWordPage(p: Params) {
  return withListItems(
    sql`with candidates as (
        select s.doctor_id, s.last_name_norm, s.first_name_norm, s.rpps, s.field, s.other_name_overlap
        from doctor_search_words as s
        where s.word >= ${p.low} and s.word < ${p.high} and s.earlier_overlap < ${p.length}
      ),
      scored as (
        select doctor_id, last_name_norm, first_name_norm,
          case when field = 'r' then 5 when other_name_overlap >= ${p.length} then 100 else 10 end as score
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
}

/**
 * Several words, the most selective one of 5 or more characters: the doctors of its word range that have every
 * other word too, ranked by the spec's score (1000 for the exact name either way round, compared only when the
 * lengths agree; 100 when the words start words of both names, 10 of one, else 5). The driving word's row says
 * which name it starts.
 */
function longWordWithOthersPage(p: Params, others: number) {
  const firstHits = anyOf([sql`field = 'f'`, ...startsAWordOf('first_name_norm', p, others)]);
  const lastHits = anyOf([
    sql`(field = 'l' or other_name_overlap >= ${p.length})`,
    ...startsAWordOf('last_name_norm', p, others),
  ]);
  return withListItems(
    sql`with candidates as (
        select s.doctor_id, s.last_name_norm, s.first_name_norm, s.rpps, s.field, s.other_name_overlap
        from doctor_search_words as s
        where s.word >= ${p.low} and s.word < ${p.high} and s.earlier_overlap < ${p.length}
          ${otherWordsOnWordRow(p, others)}
      ),
      scored as (
        select doctor_id, last_name_norm, first_name_norm,
          case
            when length(first_name_norm) + length(last_name_norm) + 1 = ${p.queryLength}
              and (first_name_norm || ' ' || last_name_norm = ${p.query}
                or last_name_norm || ' ' || first_name_norm = ${p.query}) then 1000
            when ${firstHits} and ${lastHits} then 100
            when ${firstHits} or ${lastHits} then 10
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
}

/**
 * Several words, all of 1 to 4 characters, with up to RANKED_SEARCH_CAP matches: the doctors of the most
 * selective word's prefix rows (doctor_search_prefixes) that have every other word too, ranked by the spec's
 * score as in longWordWithOthersPage. A prefix row does not say which name the prefix starts: the driving word
 * is compared with the names like the others.
 */
function shortWordWithOthersPage(p: Params, others: number) {
  const firstHits = anyOf([
    sql`(' ' || first_name_norm) like ${p.drivingWord}`,
    ...startsAWordOf('first_name_norm', p, others),
  ]);
  const lastHits = anyOf([
    sql`(' ' || last_name_norm) like ${p.drivingWord}`,
    ...startsAWordOf('last_name_norm', p, others),
  ]);
  return withListItems(
    sql`with candidates as (
        select s.doctor_id, s.last_name_norm, s.first_name_norm, s.rpps
        from doctor_search_prefixes as s
        where s.prefix = ${p.prefix} ${otherWordsOnPrefixRow(p, others)}
      ),
      scored as (
        select doctor_id, last_name_norm, first_name_norm,
          case
            when length(first_name_norm) + length(last_name_norm) + 1 = ${p.queryLength}
              and (first_name_norm || ' ' || last_name_norm = ${p.query}
                or last_name_norm || ' ' || first_name_norm = ${p.query}) then 1000
            when ${firstHits} and ${lastHits} then 100
            when ${firstHits} or ${lastHits} then 10
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
}

/**
 * In the prefix index's order (name tier: both names first, then last name, first name, id), which is the spec's
 * score for one word, so no score is computed. Two plans: one word of 1 to 4 characters alone, which also brings
 * its total from doctor_prefix_counts (decision 0012), a column computed once, in the same round trip; and
 * several short words with more than RANKED_SEARCH_CAP matches, filtered by the other words.
 */
function prefixOrderPage(p: Params, others: number) {
  return withListItems(
    sql`with page as (
        select s.doctor_id, s.name_tier, s.last_name_norm, s.first_name_norm
        from doctor_search_prefixes as s
        where s.prefix = ${p.prefix} ${otherWordsOnPrefixRow(p, others)}
        order by s.name_tier, s.last_name_norm, s.first_name_norm, s.doctor_id
        limit ${p.limit} offset ${p.offset}
      )`,
    p.userId,
    sql`page.name_tier, page.last_name_norm, page.first_name_norm, page.doctor_id`,
    others === 0
      ? sql`(select c.doctors from doctor_prefix_counts as c where c.prefix = ${p.prefix}) as total`
      : undefined,
  );
}

// ——— The other words' conditions, the same in every plan.

/** Each other typed word starts a word of the candidate's names, or its RPPS. */
function otherWordsOnWordRow(p: Params, count: number) {
  return sql.join(
    Array.from(
      { length: count },
      (_, i) =>
        sql`and ((' ' || s.first_name_norm || ' ' || s.last_name_norm) like ${p[`word${i}`]} or s.rpps like ${p[`rpps${i}`]})`,
    ),
    sql` `,
  );
}

/**
 * As otherWordsOnWordRow, the doctor's word starts checked first: an integer test that lets through only the
 * rows worth the LIKE (doctor-search.ts, wordStarts).
 */
function otherWordsOnPrefixRow(p: Params, count: number) {
  return sql.join(
    Array.from(
      { length: count },
      (_, i) =>
        sql`and (s.word_starts & ${p[`starts${i}`]}) <> 0 and ((' ' || s.first_name_norm || ' ' || s.last_name_norm) like ${p[`word${i}`]} or s.rpps like ${p[`rpps${i}`]})`,
    ),
    sql` `,
  );
}

/** For the score: each other typed word starting a word of one name. */
function startsAWordOf(column: 'first_name_norm' | 'last_name_norm', p: Params, count: number): RawBuilder<unknown>[] {
  return Array.from({ length: count }, (_, i) => sql`(' ' || ${sql.raw(column)}) like ${p[`word${i}`]}`);
}

function anyOf(hits: RawBuilder<unknown>[]) {
  return sql`(${sql.join(hits, sql` or `)})`;
}

// ——— Their parameters.

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
