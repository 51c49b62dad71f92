import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { TargetsTable } from '#server/db/schema.ts';
import type { TargetRow } from './configuration.mapper.ts';

export class TargetsRepository {
  list(db: Db, filter: { active?: boolean | undefined }): Promise<TargetRow[]> {
    return db
      .selectFrom('targets')
      .selectAll()
      .$if(filter.active !== undefined, (qb) => qb.where('active', '=', filter.active ? 1 : 0))
      .orderBy('priority', 'desc')
      .orderBy('name')
      .execute();
  }

  findById(db: Db, id: string): Promise<TargetRow | undefined> {
    return db.selectFrom('targets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Another target of the same name, whatever its case: doctors carry targets by name. */
  async nameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
    const row = await db
      .selectFrom('targets')
      .select('id')
      .where(sql`lower(${sql.ref('name')})`, '=', name.toLowerCase())
      .$if(exceptId !== null, (qb) => qb.where('id', '!=', exceptId ?? ''))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether any user has set the target, or the potential target, of a doctor to this name. */
  async carriedByDoctors(db: Db, name: string): Promise<boolean> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('doctor_user_data')
              .select('doctor_id')
              .where((inner) => inner.or([inner('target', '=', name), inner('potential_target', '=', name)])),
          )
          .as('used'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.used);
  }

  /** Doctors carry targets by name: a renamed target stays theirs. Answers the targeting rows changed. */
  async renameOnDoctors(db: Db, from: string, to: string): Promise<number> {
    const result = await db
      .updateTable('doctor_user_data')
      .set((eb) => ({
        target: eb.case().when('target', '=', from).then(to).else(eb.ref('target')).end(),
        potential_target: eb.case().when('potential_target', '=', from).then(to).else(eb.ref('potential_target')).end(),
      }))
      .where((eb) => eb.or([eb('target', '=', from), eb('potential_target', '=', from)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async insert(db: Db, row: TargetsTable): Promise<void> {
    await db.insertInto('targets').values(row).execute();
  }

  async update(db: Db, id: string, patch: Omit<TargetsTable, 'id' | 'created_at'>): Promise<void> {
    await db.updateTable('targets').set(patch).where('id', '=', id).execute();
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.deleteFrom('targets').where('id', '=', id).execute();
  }
}
