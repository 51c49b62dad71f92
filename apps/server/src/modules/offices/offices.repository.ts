import type { Specialty } from '@crm/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { type PreparedParams as Params, preparedQuery, preparedShapes } from '#server/db/prepared.ts';
import { type ListItemRow, withListItems } from '#server/modules/doctors/doctors.repository.ts';
import type { Database, OfficesTable } from '#server/db/schema.ts';
import { prefixUpperBound } from '#server/modules/doctors/doctor-search.ts';
import {
  officePrefixOf,
  officeSearchRows,
  officeWordPattern,
  officeWordStarts,
  prefixCountChanges,
} from './office-search.ts';

export type OfficeRow = OfficesTable;

/** An office in a list: its row and its number of doctors. */
export type OfficeListRow = OfficeRow & { doctor_count: number | null };

type OfficeSearchText = Pick<OfficeRow, 'id' | 'name_norm' | 'search_text'>;

export type OfficeListFilter = { terms: string[]; specialties: readonly Specialty[] };
export type OfficeDoctorsFilter = {
  terms: string[];
  specialties: Specialty[];
  target: string | undefined;
  userId: string;
};

/** The picked specialties, as parameters specialty0, specialty1… */
const specialtyParamNames = (specialties: number) => Array.from({ length: specialties }, (_, i) => `specialty${i}`);

const specialtyParams = (specialties: readonly Specialty[]): Params =>
  Object.fromEntries(specialties.map((specialty, i) => [`specialty${i}`, specialty]));

const specialtyValues = (specialties: number, p: Params) =>
  Array.from({ length: specialties }, (_, i) => String(p[`specialty${i}`]));

/** One of the picked specialties is practised in the office. */
function practisesOneOf(specialties: number, p: Params) {
  return (eb: ExpressionBuilder<Database, 'offices'>) =>
    eb.exists(
      eb
        .selectFrom('office_specialties as s')
        .select(sql.lit(1).as('one'))
        .whereRef('s.office_id', '=', 'offices.id')
        .where('s.specialty', 'in', specialtyValues(specialties, p)),
    );
}

/**
 * How a search runs (decision 0013). The offices with the driving word's key (the first four characters of
 * the typed word whose key has the fewest offices) are one range of office_search_prefixes, in list order;
 * the row's kept words must be LIKE `pattern` (officeWordPattern); every other typed word is checked on the
 * same office's row for its own key. `total` is the kept count of the word when only one is typed.
 */
export type OfficeSearchPlan = {
  key: string;
  pattern: string;
  others: { key: string; pattern: string }[];
  total: number | undefined;
  /** The other words' ranges hold at most a few times the driving range's rows: merging them is cheaper. */
  isMergeable: boolean;
};

/** The search's shape: how many other words are checked on each office, how many specialties were picked. */
type SearchShape = { others: number; specialties: number };

const searchShapeKey = (shape: SearchShape) => `${shape.others}:${shape.specialties}`;

const searchParamNames = (shape: SearchShape) => [
  'key',
  'pattern',
  ...Array.from({ length: shape.others }, (_, i) => [`key${i}`, `pattern${i}`]).flat(),
  ...specialtyParamNames(shape.specialties),
];

function searchParams(plan: OfficeSearchPlan, specialties: readonly Specialty[]): Params {
  return {
    key: plan.key,
    pattern: plan.pattern,
    ...Object.fromEntries(
      plan.others.flatMap((other, i) => [
        [`key${i}`, other.key],
        [`pattern${i}`, other.pattern],
      ]),
    ),
    ...specialtyParams(specialties),
  };
}

/** The driving range's offices that have every other typed word and one of the picked specialties. */
function searchMatches(db: Db, shape: SearchShape, p: Params) {
  return db
    .selectFrom('office_search_prefixes as d')
    .where('d.prefix', '=', String(p.key))
    .where('d.words', 'like', String(p.pattern))
    .where((eb) =>
      eb.and([
        // The same office's row for the word's key: found by its whole primary key.
        ...Array.from({ length: shape.others }, (_, i) =>
          eb.exists(
            eb
              .selectFrom('office_search_prefixes as x')
              .select(sql.lit(1).as('one'))
              .where('x.prefix', '=', String(p[`key${i}`]))
              .whereRef('x.name_norm', '=', 'd.name_norm')
              .whereRef('x.office_id', '=', 'd.office_id')
              .where('x.words', 'like', String(p[`pattern${i}`])),
          ),
        ),
        ...(shape.specialties > 0
          ? [
              eb.exists(
                eb
                  .selectFrom('office_specialties as s')
                  .select(sql.lit(1).as('one'))
                  .whereRef('s.office_id', '=', 'd.office_id')
                  .where('s.specialty', 'in', specialtyValues(shape.specialties, p)),
              ),
            ]
          : []),
      ]),
    );
}

type DoctorsShape = { terms: number; specialties: number; target: boolean };

/** The doctors of an office, filtered (name words, specialties, the user's target). */
function officeDoctors(db: Db, shape: DoctorsShape, p: Params) {
  const specialties = Array.from({ length: shape.specialties }, (_, i) => String(p[`specialty${i}`]));
  return db
    .selectFrom('doctor_offices as l')
    .innerJoin('doctors', 'doctors.id', 'l.doctor_id')
    .leftJoin('doctor_user_data as ud', (join) =>
      join.onRef('ud.doctor_id', '=', 'doctors.id').on('ud.user_id', '=', String(p.userId)),
    )
    .where('l.office_id', '=', String(p.officeId))
    .$if(shape.specialties > 0, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('doctors.primary_specialty', 'in', specialties),
          eb('doctors.secondary_specialty', 'in', specialties),
        ]),
      ),
    )
    .$if(shape.target, (qb) => qb.where('ud.target', '=', String(p.target)))
    .$if(shape.terms > 0, (qb) =>
      qb.where((eb) =>
        eb.and(
          Array.from({ length: shape.terms }, (_, i) =>
            eb.exists(
              eb
                .selectFrom('doctor_search_words as w')
                .select(sql.lit(1).as('one'))
                .whereRef('w.doctor_id', '=', 'doctors.id')
                .where('w.word', '>=', String(p[`low${i}`]))
                .where('w.word', '<', String(p[`high${i}`])),
            ),
          ),
        ),
      ),
    );
}

const doctorsParamNames = (shape: DoctorsShape) => [
  'officeId',
  'userId',
  ...Array.from({ length: shape.specialties }, (_, i) => `specialty${i}`),
  ...(shape.target ? ['target'] : []),
  ...Array.from({ length: shape.terms }, (_, i) => [`low${i}`, `high${i}`]).flat(),
];

function doctorsParams(officeId: string, filter: OfficeDoctorsFilter): Params {
  return {
    officeId,
    userId: filter.userId,
    ...Object.fromEntries(filter.specialties.map((specialty, i) => [`specialty${i}`, specialty])),
    ...(filter.target !== undefined && { target: filter.target }),
    ...Object.fromEntries(
      filter.terms.flatMap((term, i) => [
        [`low${i}`, term],
        [`high${i}`, prefixUpperBound(term)],
      ]),
    ),
  };
}

/** The office's number of doctors, as a column. */
const doctorCount = (eb: ExpressionBuilder<Database, 'offices'>) =>
  eb
    .selectFrom('doctor_offices as l')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('l.office_id', '=', 'offices.id')
    .as('doctor_count');

const officeWithCountQuery = preparedQuery(
  (db, p: { id: string }) =>
    db.selectFrom('offices').selectAll('offices').select(doctorCount).where('offices.id', '=', p.id),
  ['id'],
);

/**
 * Counting several words on PostgreSQL: the words' ranges are in the same order (name, then id), so merging
 * them reads each once, where probing the others for each office of the driving range costs an index descent
 * each; the planner cannot know how many rows the words' LIKE keeps, and probes (decision 0013). Merging pays
 * while the other ranges hold at most MERGE_RATIO times the driving range's rows.
 */
const MERGE_RATIO = 8;

async function withMergedRanges<R>(db: Db, run: (connection: Db) => Promise<R>): Promise<R> {
  return db.connection().execute(async (connection) => {
    await sql`set enable_nestloop = off`.execute(connection);
    try {
      return await run(connection);
    } finally {
      await sql`reset enable_nestloop`.execute(connection);
    }
  });
}

export class OfficesRepository {
  private readonly shapes = preparedShapes();

  findById(db: Db, id: string): Promise<OfficeRow | undefined> {
    return db.selectFrom('offices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** An office with its number of doctors, in one query. */
  async findWithCount(db: Db, id: string) {
    const [row] = await officeWithCountQuery(db, { id });
    return row;
  }

  /** One page in name order, each office with its number of doctors. */
  async page(db: Db, filter: OfficeListFilter, offset: number, limit: number): Promise<OfficeListRow[]> {
    if (filter.terms.length === 0) return this.listPage(db, filter.specialties, offset, limit);
    const plan = await this.searchPlan(db, filter.terms);
    if (plan.total === 0) return [];
    const shape = { others: plan.others.length, specialties: filter.specialties.length };
    return this.shapes<OfficeListRow>(
      db,
      `search-page:${searchShapeKey(shape)}`,
      () => ({
        names: [...searchParamNames(shape), 'limit', 'offset'],
        build: (db, p) =>
          db
            // The page's keys first, from the index alone; then only its offices are read.
            .with('page', () =>
              searchMatches(db, shape, p)
                .select(['d.name_norm', 'd.office_id'])
                .orderBy('d.name_norm')
                .orderBy('d.office_id')
                .limit(p.limit as unknown as number)
                .offset(p.offset as unknown as number),
            )
            .selectFrom('page')
            .innerJoin('offices', 'offices.id', 'page.office_id')
            .selectAll('offices')
            .select(doctorCount)
            .orderBy('page.name_norm')
            .orderBy('page.office_id'),
      }),
      { ...searchParams(plan, filter.specialties), limit, offset },
    );
  }

  /** How many offices the list holds (searched: decision 0013). */
  async count(db: Db, filter: OfficeListFilter): Promise<number> {
    if (filter.terms.length === 0) return this.listCount(db, filter.specialties);
    const plan = await this.searchPlan(db, filter.terms);
    if (plan.total !== undefined && (plan.total === 0 || filter.specialties.length === 0)) return plan.total;
    const shape = { others: plan.others.length, specialties: filter.specialties.length };
    const merged = plan.isMergeable && isPostgres(db);
    const counted = (db: Db) =>
      this.shapes<{ count: number }>(
        db,
        `search-count:${searchShapeKey(shape)}:${merged}`,
        () => ({
          names: searchParamNames(shape),
          build: (inner, p) => {
            const count = searchMatches(inner, shape, p).select((eb) => eb.fn.countAll<number>().as('count'));
            // A statement of its own: PostgreSQL keeps a plan per statement, this one made without nested loops.
            return merged ? count.modifyEnd(sql`/* merged ranges */`) : count;
          },
        }),
        searchParams(plan, filter.specialties),
      );
    const [row] = merged ? await withMergedRanges(db, counted) : await counted(db);
    return row?.count ?? 0;
  }

  /**
   * Which range drives a search and what is checked on each of its offices (OfficeSearchPlan), from the kept
   * counts of the typed words' keys. A key no office has gives a total of 0.
   */
  private async searchPlan(db: Db, terms: readonly string[]): Promise<OfficeSearchPlan> {
    const words = [...new Set(terms)];
    const rows = await db
      .selectFrom('office_prefix_counts')
      .select(['prefix', 'offices'])
      .where('prefix', 'in', [...new Set([...words, ...words.map(officePrefixOf)])])
      .execute();
    const counts = new Map(rows.map((row) => [row.prefix, row.offices]));
    // Fewest rows to walk first (checked first, they reject the most); between equal keys, the longer word.
    const ranked = words
      .map((term) => ({
        key: officePrefixOf(term),
        pattern: officeWordPattern(term),
        length: term.length,
        matches: counts.get(term) ?? 0,
      }))
      .map((word) => ({ ...word, offices: counts.get(word.key) ?? 0 }))
      .sort((a, b) => a.offices - b.offices || b.length - a.length);
    const [driver, ...others] = ranked;
    if (!driver || ranked.some((word) => word.matches === 0)) {
      return { key: '', pattern: '%', others: [], total: 0, isMergeable: false };
    }
    return {
      key: driver.key,
      pattern: driver.pattern,
      others: others.map(({ key, pattern }) => ({ key, pattern })),
      // Every start of a word is counted: one word's total is its own row, whatever its length.
      total: others.length === 0 ? driver.matches : undefined,
      isMergeable: others.reduce((rows, other) => rows + other.offices, 0) <= MERGE_RATIO * driver.offices,
    };
  }

  /** An unsearched page, filtered by specialty or not, in name order (the offices' name index). */
  private listPage(db: Db, specialties: readonly Specialty[], offset: number, limit: number) {
    return this.shapes<OfficeListRow>(
      db,
      `list-page:${specialties.length}`,
      () => ({
        names: [...specialtyParamNames(specialties.length), 'limit', 'offset'],
        build: (db, p) =>
          db
            .selectFrom('offices')
            .selectAll('offices')
            .select(doctorCount)
            .$if(specialties.length > 0, (qb) => qb.where(practisesOneOf(specialties.length, p)))
            .orderBy('offices.name_norm')
            .orderBy('offices.id')
            .limit(p.limit as unknown as number)
            .offset(p.offset as unknown as number),
      }),
      { ...specialtyParams(specialties), limit, offset },
    );
  }

  private async listCount(db: Db, specialties: readonly Specialty[]): Promise<number> {
    const [row] = await this.shapes<{ count: number }>(
      db,
      `list-count:${specialties.length}`,
      () => ({
        names: specialtyParamNames(specialties.length),
        build: (db, p) =>
          specialties.length > 0
            ? // Straight from the specialties index, without touching the offices.
              db
                .selectFrom('office_specialties')
                .select((eb) => eb.fn.count<number>('office_id').distinct().as('count'))
                .where('specialty', 'in', specialtyValues(specialties.length, p))
            : db.selectFrom('offices').select((eb) => eb.fn.countAll<number>().as('count')),
      }),
      specialtyParams(specialties),
    );
    return row?.count ?? 0;
  }

  async specialties(db: Db): Promise<string[]> {
    const rows = await db
      .selectFrom('office_specialties')
      .select('specialty')
      .distinct()
      .orderBy('specialty')
      .execute();
    return rows.map((row) => row.specialty);
  }

  /** The offices of these ids (an import's keys). */
  byIds(db: Db, ids: readonly string[]): Promise<OfficeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('offices').selectAll().where('id', 'in', ids).execute();
  }

  /** The offices of these normalised names (an import's lines without an id are matched on their name first). */
  byNames(db: Db, namesNorm: readonly string[]): Promise<OfficeRow[]> {
    if (namesNorm.length === 0) return Promise.resolve([]);
    return db.selectFrom('offices').selectAll().where('name_norm', 'in', namesNorm).execute();
  }

  /** The office and its search rows, in the caller's transaction. */
  async insert(db: Db, row: OfficeRow): Promise<void> {
    await db.insertInto('offices').values(row).execute();
    await this.replaceSearchIndex(db, null, row);
  }

  /** The change, and the office's search rows when its search columns change. */
  async update(db: Db, id: string, patch: Partial<OfficeRow>): Promise<void> {
    const searched = patch.name_norm !== undefined || patch.search_text !== undefined;
    const before = searched ? await this.searchColumns(db, id) : undefined;
    await db.updateTable('offices').set(patch).where('id', '=', id).execute();
    if (!before) return;
    const after = { ...before, ...patch };
    // The service sends the search columns with every change: a new phone leaves the words as they were.
    if (after.name_norm !== before.name_norm || after.search_text !== before.search_text) {
      await this.replaceSearchIndex(db, before, after);
    }
  }

  /** The office's search rows go first (they have no foreign key to cascade from). */
  async delete(db: Db, id: string): Promise<void> {
    const before = await this.searchColumns(db, id);
    if (before) await this.replaceSearchIndex(db, before, null);
    await db.deleteFrom('offices').where('id', '=', id).execute();
  }

  private searchColumns(db: Db, id: string) {
    return db.selectFrom('offices').select(['id', 'name_norm', 'search_text']).where('id', '=', id).executeTakeFirst();
  }

  /**
   * An office's rows in office_search_prefixes, replaced (`before` and `after` are its search columns; null when
   * it is created or deleted), and the prefix counts moved by the difference, in the caller's transaction.
   */
  private async replaceSearchIndex(
    db: Db,
    before: OfficeSearchText | null,
    after: OfficeSearchText | null,
  ): Promise<void> {
    const old = before ? officeSearchRows(before) : [];
    const next = after ? officeSearchRows(after) : [];
    if (before && old.length > 0) {
      await db
        .deleteFrom('office_search_prefixes')
        .where(
          'prefix',
          'in',
          old.map((row) => row.prefix),
        )
        .where('name_norm', '=', before.name_norm)
        .where('office_id', '=', before.id)
        .execute();
    }
    if (next.length > 0) await db.insertInto('office_search_prefixes').values(next).execute();
    const changes = prefixCountChanges(
      before ? officeWordStarts(before.search_text) : [],
      after ? officeWordStarts(after.search_text) : [],
    );
    if (changes.length === 0) return;
    await db
      .insertInto('office_prefix_counts')
      .values(changes)
      .onConflict((oc) =>
        oc.column('prefix').doUpdateSet((eb) => ({
          offices: eb('office_prefix_counts.offices', '+', eb.ref('excluded.offices')),
        })),
      )
      .execute();
  }

  /** One page of an office's doctors, filtered, in name order, as list items for the user. */
  async doctorsPage(db: Db, officeId: string, filter: OfficeDoctorsFilter, offset: number, limit: number) {
    const shape = {
      terms: filter.terms.length,
      specialties: filter.specialties.length,
      target: filter.target !== undefined,
    };
    return this.shapes<ListItemRow>(
      db,
      `doctors-page:${shape.terms}:${shape.specialties}:${shape.target}`,
      () => ({
        names: [...doctorsParamNames(shape), 'limit', 'offset'],
        build: (db, p) => {
          const page = officeDoctors(db, shape, p)
            .select(['doctors.id as doctor_id', 'doctors.last_name_norm', 'doctors.first_name_norm'])
            .orderBy('doctors.last_name_norm')
            .orderBy('doctors.first_name_norm')
            .orderBy('doctors.id')
            .limit(p.limit as unknown as number)
            .offset(p.offset as unknown as number);
          return withListItems(
            sql`with page as ${page}`,
            p.userId,
            sql`page.last_name_norm, page.first_name_norm, page.doctor_id`,
          );
        },
      }),
      { ...doctorsParams(officeId, filter), limit, offset },
    );
  }

  async doctorsCount(db: Db, officeId: string, filter: OfficeDoctorsFilter): Promise<number> {
    const shape = {
      terms: filter.terms.length,
      specialties: filter.specialties.length,
      target: filter.target !== undefined,
    };
    const [row] = await this.shapes<{ count: number }>(
      db,
      `doctors-count:${shape.terms}:${shape.specialties}:${shape.target}`,
      () => ({
        names: doctorsParamNames(shape),
        build: (db, p) => officeDoctors(db, shape, p).select((eb) => eb.fn.countAll<number>().as('count')),
      }),
      doctorsParams(officeId, filter),
    );
    return row?.count ?? 0;
  }
}
