import type { Office, Specialty } from '@crm/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { type PreparedParams as Params, preparedQuery, preparedShapes } from '#server/db/prepared.ts';
import { type ListItemRow, withListItems } from '#server/modules/doctors/doctors.repository.ts';
import type { Database, OfficesTable } from '#server/db/schema.ts';
import { prefixUpperBound } from '#server/modules/doctors/doctor-search.ts';
import { toOfficeRecord } from './office-record.ts';

export type OfficeRow = OfficesTable;

export type OfficeListFilter = { terms: string[]; specialties: Specialty[] };
export type OfficeDoctorsFilter = {
  terms: string[];
  specialties: Specialty[];
  target: string | undefined;
  userId: string;
};

/** The shape of an office list query: how many words were typed, how many specialties were picked. */
type ListShape = { terms: number; specialties: number };

const listShapeKey = (shape: ListShape) => `${shape.terms}:${shape.specialties}`;

const listParamNames = (shape: ListShape) => [
  ...Array.from({ length: shape.terms }, (_, i) => `term${i}`),
  ...Array.from({ length: shape.specialties }, (_, i) => `specialty${i}`),
];

function listParams(filter: OfficeListFilter): Params {
  return {
    ...Object.fromEntries(filter.terms.map((term, i) => [`term${i}`, `% ${term}%`])),
    ...Object.fromEntries(filter.specialties.map((specialty, i) => [`specialty${i}`, specialty])),
  };
}

/** Each term starts a word of the office's name, address, postal code, city or UGA; one specialty is practised. */
function officeMatches(shape: ListShape, p: Params) {
  return (eb: ExpressionBuilder<Database, 'offices'>) =>
    eb.and([
      ...Array.from({ length: shape.terms }, (_, i) => eb('offices.search_text', 'like', String(p[`term${i}`]))),
      ...(shape.specialties > 0
        ? [
            eb.exists(
              eb
                .selectFrom('office_specialties as s')
                .select(sql.lit(1).as('one'))
                .whereRef('s.office_id', '=', 'offices.id')
                .where(
                  's.specialty',
                  'in',
                  Array.from({ length: shape.specialties }, (_, i) => String(p[`specialty${i}`])),
                ),
            ),
          ]
        : []),
    ]);
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

export function toOffice(row: OfficeRow, doctorCount: number): Office {
  return Object.assign(toOfficeRecord(row), { doctorCount, updatedBy: row.updated_by, updatedAt: row.updated_at });
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

export class OfficesRepository {
  private readonly shapes = preparedShapes();

  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<OfficeRow | undefined> {
    return db.selectFrom('offices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** An office with its number of doctors, in one query. */
  async findWithCount(id: string, db: Db = this.db) {
    const [row] = await officeWithCountQuery(db, { id });
    return row;
  }

  /** One page in name order, each office with its number of doctors. */
  async page(filter: OfficeListFilter, offset: number, limit: number) {
    const shape = { terms: filter.terms.length, specialties: filter.specialties.length };
    return this.shapes<OfficeRow & { doctor_count: number | null }>(
      this.db,
      `page:${listShapeKey(shape)}`,
      () => ({
        names: [...listParamNames(shape), 'limit', 'offset'],
        build: (db, p) =>
          db
            .selectFrom('offices')
            .selectAll('offices')
            .select(doctorCount)
            .where(officeMatches(shape, p))
            .orderBy('offices.name_norm')
            .orderBy('offices.id')
            .limit(p.limit as unknown as number)
            .offset(p.offset as unknown as number),
      }),
      { ...listParams(filter), limit, offset },
    );
  }

  async count(filter: OfficeListFilter): Promise<number> {
    const shape = { terms: filter.terms.length, specialties: filter.specialties.length };
    const [row] = await this.shapes<{ count: number }>(
      this.db,
      `count:${listShapeKey(shape)}`,
      () => ({
        names: listParamNames(shape),
        build: (db, p) =>
          shape.terms === 0 && shape.specialties > 0
            ? // Straight from the specialties index, without touching the offices.
              db
                .selectFrom('office_specialties')
                .select((eb) => eb.fn.count<number>('office_id').distinct().as('count'))
                .where(
                  'specialty',
                  'in',
                  Array.from({ length: shape.specialties }, (_, i) => String(p[`specialty${i}`])),
                )
            : db
                .selectFrom('offices')
                .select((eb) => eb.fn.countAll<number>().as('count'))
                .where(officeMatches(shape, p)),
      }),
      listParams(filter),
    );
    return row?.count ?? 0;
  }

  async specialties(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('office_specialties')
      .select('specialty')
      .distinct()
      .orderBy('specialty')
      .execute();
    return rows.map((row) => row.specialty);
  }

  async insert(db: Db, row: OfficeRow): Promise<void> {
    await db.insertInto('offices').values(row).execute();
  }

  async update(db: Db, id: string, patch: Partial<OfficeRow>): Promise<void> {
    await db.updateTable('offices').set(patch).where('id', '=', id).execute();
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.deleteFrom('offices').where('id', '=', id).execute();
  }

  /** One page of an office's doctors, filtered, in name order, as list items for the user. */
  async doctorsPage(officeId: string, filter: OfficeDoctorsFilter, offset: number, limit: number) {
    const shape = {
      terms: filter.terms.length,
      specialties: filter.specialties.length,
      target: filter.target !== undefined,
    };
    return this.shapes<ListItemRow>(
      this.db,
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

  async doctorsCount(officeId: string, filter: OfficeDoctorsFilter): Promise<number> {
    const shape = {
      terms: filter.terms.length,
      specialties: filter.specialties.length,
      target: filter.target !== undefined,
    };
    const [row] = await this.shapes<{ count: number }>(
      this.db,
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
