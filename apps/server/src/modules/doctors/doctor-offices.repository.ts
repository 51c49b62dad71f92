import type { Db } from '#server/db/database.ts';

/** The doctor–office links and what depends on them: the primary flag and the office's specialties. */
export class DoctorOfficesRepository {
  async link(db: Db, doctorId: string, officeId: string, isPrimary: boolean, at: string): Promise<void> {
    await db
      .insertInto('doctor_offices')
      .values({ doctor_id: doctorId, office_id: officeId, is_primary: isPrimary ? 1 : 0, created_at: at })
      .execute();
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
  }

  /** When a doctor has offices but none is primary (the primary was removed), the oldest link becomes it. */
  async ensurePrimary(db: Db, doctorId: string): Promise<void> {
    const links = await db
      .selectFrom('doctor_offices')
      .select(['office_id', 'is_primary'])
      .where('doctor_id', '=', doctorId)
      .orderBy('created_at')
      .orderBy('office_id')
      .execute();
    if (links.length === 0 || links.some((link) => link.is_primary === 1)) return;
    const first = links[0];
    if (first) await this.setPrimary(db, doctorId, first.office_id);
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
