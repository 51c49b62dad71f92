import type { Office, Specialty } from '@crm/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { Database, OfficesTable } from '#server/db/schema.ts';
import { prefixUpperBound } from '#server/modules/doctors/doctor-search.ts';

export type OfficeRow = OfficesTable;

export type OfficeListFilter = { terms: string[]; specialties: Specialty[] };
export type OfficeDoctorsFilter = {
  terms: string[];
  specialties: Specialty[];
  target: string | undefined;
  userId: string;
};

/** Each term starts a word of the office's name, address, postal code, city or UGA. */
function officeMatches(filter: OfficeListFilter) {
  return (eb: ExpressionBuilder<Database, 'offices'>) =>
    eb.and([
      ...filter.terms.map((term) => eb('offices.search_text', 'like', `% ${term}%`)),
      ...(filter.specialties.length > 0
        ? [
            eb.exists(
              eb
                .selectFrom('office_specialties as s')
                .select(sql.lit(1).as('one'))
                .whereRef('s.office_id', '=', 'offices.id')
                .where('s.specialty', 'in', filter.specialties),
            ),
          ]
        : []),
    ]);
}

export function toOffice(row: OfficeRow, doctorCount: number): Office {
  return {
    id: row.id,
    name: row.name,
    sector: row.sector,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    uga: row.uga,
    uga_name: row.uga_name,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    email: row.email,
    doctorCount,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

const officeWithCountQuery = preparedQuery(
  (db, p: { id: string }) =>
    db
      .selectFrom('offices')
      .selectAll('offices')
      .select((eb) =>
        eb
          .selectFrom('doctor_offices as l')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('l.office_id', '=', 'offices.id')
          .as('doctor_count'),
      )
      .where('offices.id', '=', p.id),
  ['id'],
);

export class OfficesRepository {
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
    return this.db
      .selectFrom('offices')
      .selectAll('offices')
      .select((eb) =>
        eb
          .selectFrom('doctor_offices as l')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('l.office_id', '=', 'offices.id')
          .as('doctor_count'),
      )
      .where(officeMatches(filter))
      .orderBy('offices.name_norm')
      .orderBy('offices.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: OfficeListFilter): Promise<number> {
    if (filter.terms.length === 0 && filter.specialties.length > 0) {
      // Straight from the specialties index, without touching the offices.
      const row = await this.db
        .selectFrom('office_specialties')
        .select((eb) => eb.fn.count<number>('office_id').distinct().as('count'))
        .where('specialty', 'in', filter.specialties)
        .executeTakeFirstOrThrow();
      return row.count;
    }
    const row = await this.db
      .selectFrom('offices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(officeMatches(filter))
      .executeTakeFirstOrThrow();
    return row.count;
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

  /** Doctors of an office, filtered, in name order: their ids for one page, and the total. */
  async doctorIds(officeId: string, filter: OfficeDoctorsFilter, offset: number, limit: number) {
    const base = this.db
      .selectFrom('doctor_offices as l')
      .innerJoin('doctors', 'doctors.id', 'l.doctor_id')
      .leftJoin('doctor_user_data as ud', (join) =>
        join.onRef('ud.doctor_id', '=', 'doctors.id').on('ud.user_id', '=', filter.userId),
      )
      .where('l.office_id', '=', officeId)
      .$if(filter.specialties.length > 0, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('doctors.primary_specialty', 'in', filter.specialties),
            eb('doctors.secondary_specialty', 'in', filter.specialties),
          ]),
        ),
      )
      .$if(filter.target !== undefined, (qb) => qb.where('ud.target', '=', filter.target ?? ''))
      .$if(filter.terms.length > 0, (qb) =>
        qb.where((eb) =>
          eb.and(
            filter.terms.map((term) =>
              eb.exists(
                eb
                  .selectFrom('doctor_search_words as w')
                  .select(sql.lit(1).as('one'))
                  .whereRef('w.doctor_id', '=', 'doctors.id')
                  .where('w.word', '>=', term)
                  .where('w.word', '<', prefixUpperBound(term)),
              ),
            ),
          ),
        ),
      );
    const [rows, total] = [
      await base
        .select('doctors.id')
        .orderBy('doctors.last_name_norm')
        .orderBy('doctors.first_name_norm')
        .orderBy('doctors.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ];
    return { ids: rows.map((row) => row.id), total: total.count };
  }
}
