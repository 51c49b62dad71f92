import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** A doctor without offices: their row's copy of a primary office (docs/decisions/0011). */
export const NO_PRIMARY_OFFICE = {
  primary_office_id: null,
  primary_office_name: null,
  primary_office_address: null,
  primary_office_postal_code: null,
  primary_office_city: null,
};

/** The doctor–office links and what depends on them: the primary flag and the office's specialties. */
export class DoctorOfficesRepository {
  async link(db: Db, doctorId: string, officeId: string, isPrimary: boolean, at: string): Promise<void> {
    await db
      .insertInto('doctor_offices')
      .values({ doctor_id: doctorId, office_id: officeId, is_primary: isPrimary ? 1 : 0, created_at: at })
      .execute();
    if (isPrimary) await this.refreshPrimaryOffice(db, [doctorId]);
  }

  async exists(db: Db, doctorId: string, officeId: string): Promise<boolean> {
    const row = await db
      .selectFrom('doctor_offices')
      .select('is_primary')
      .where('doctor_id', '=', doctorId)
      .where('office_id', '=', officeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async unlink(db: Db, doctorId: string, officeId: string): Promise<boolean> {
    const result = await db
      .deleteFrom('doctor_offices')
      .where('doctor_id', '=', doctorId)
      .where('office_id', '=', officeId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Unsets the old primary first: the unique index allows one primary per doctor at any instant. */
  async setPrimary(db: Db, doctorId: string, officeId: string): Promise<void> {
    await db
      .updateTable('doctor_offices')
      .set({ is_primary: 0 })
      .where('doctor_id', '=', doctorId)
      .where('is_primary', '=', 1)
      .execute();
    await db
      .updateTable('doctor_offices')
      .set({ is_primary: 1 })
      .where('doctor_id', '=', doctorId)
      .where('office_id', '=', officeId)
      .execute();
    await this.refreshPrimaryOffice(db, [doctorId]);
  }

  /** The doctor's links, oldest first. */
  linksByAge(db: Db, doctorId: string): Promise<{ office_id: string; is_primary: number }[]> {
    return db
      .selectFrom('doctor_offices')
      .select(['office_id', 'is_primary'])
      .where('doctor_id', '=', doctorId)
      .orderBy('created_at')
      .orderBy('office_id')
      .execute();
  }

  /**
   * Copies each doctor's primary office (or none) onto the doctor's row, where the lists read it
   * (docs/decisions/0011). Runs in the transaction of every change to a link, a primary flag or an office.
   */
  async refreshPrimaryOffice(db: Db, doctorIds: readonly string[]): Promise<void> {
    if (doctorIds.length === 0) return;
    await db.updateTable('doctors').set(NO_PRIMARY_OFFICE).where('id', 'in', doctorIds).execute();
    await sql`update doctors set primary_office_id = o.id, primary_office_name = o.name,
        primary_office_address = o.address, primary_office_postal_code = o.postal_code, primary_office_city = o.city
      from doctor_offices as l join offices as o on o.id = l.office_id
      where l.doctor_id = doctors.id and l.is_primary = 1 and doctors.id in (${sql.join(doctorIds)})`.execute(db);
  }

  async doctorIdsOf(db: Db, officeId: string): Promise<string[]> {
    const rows = await db.selectFrom('doctor_offices').select('doctor_id').where('office_id', '=', officeId).execute();
    return rows.map((row) => row.doctor_id);
  }

  async officeIdsOf(db: Db, doctorId: string): Promise<string[]> {
    const rows = await db.selectFrom('doctor_offices').select('office_id').where('doctor_id', '=', doctorId).execute();
    return rows.map((row) => row.office_id);
  }

  /** Recomputes which specialties practise in these offices, from their doctors. */
  async refreshOfficeSpecialties(db: Db, officeIds: string[]): Promise<void> {
    if (officeIds.length === 0) return;
    await db.deleteFrom('office_specialties').where('office_id', 'in', officeIds).execute();
    await db
      .insertInto('office_specialties')
      .columns(['office_id', 'specialty'])
      .expression(
        db
          .selectFrom('doctor_offices as l')
          .innerJoin('doctors as d', 'd.id', 'l.doctor_id')
          .select(['l.office_id', 'd.primary_specialty as specialty'])
          .where('l.office_id', 'in', officeIds)
          .union(
            db
              .selectFrom('doctor_offices as l')
              .innerJoin('doctors as d', 'd.id', 'l.doctor_id')
              .select(['l.office_id', 'd.secondary_specialty as specialty'])
              .where('l.office_id', 'in', officeIds)
              .where('d.secondary_specialty', 'is not', null)
              .$narrowType<{ specialty: string }>(),
          ),
      )
      .execute();
  }
}
