import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** How many recently viewed doctors a user keeps. */
export const RECENT_DOCTORS_KEPT = 50;

export class RecentDoctorsRepository {
  /** Most recent first; two processes recording the same user's views at once may share a sequence number. */
  async ids(db: Db, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('recent_doctors')
      .select('doctor_id')
      .where('user_id', '=', userId)
      .orderBy('view_seq', 'desc')
      .orderBy('doctor_id', 'desc')
      .limit(RECENT_DOCTORS_KEPT)
      .execute();
    return rows.map((row) => row.doctor_id);
  }

  async record(db: Db, userId: string, doctorId: string, at: string): Promise<void> {
    // Numbered after the user's last view: the clock alone can't order views of the same millisecond.
    const viewSeq = sql<number>`(select coalesce(max(view_seq), 0) + 1 from recent_doctors where user_id = ${userId})`;
    await db
      .insertInto('recent_doctors')
      .values({ user_id: userId, doctor_id: doctorId, viewed_at: at, view_seq: viewSeq })
      .onConflict((oc) =>
        oc.columns(['user_id', 'doctor_id']).doUpdateSet((eb) => ({
          viewed_at: at,
          view_seq: eb.ref('excluded.view_seq'),
        })),
      )
      .execute();
    // Keep the newest ones only.
    await db
      .deleteFrom('recent_doctors')
      .where('user_id', '=', userId)
      .where(
        'doctor_id',
        'not in',
        db
          .selectFrom('recent_doctors')
          .select('doctor_id')
          .where('user_id', '=', userId)
          .orderBy('view_seq', 'desc')
          .orderBy('doctor_id', 'desc')
          .limit(RECENT_DOCTORS_KEPT),
      )
      .execute();
  }

  async remove(db: Db, userId: string, doctorId: string): Promise<number> {
    const result = await db
      .deleteFrom('recent_doctors')
      .where('user_id', '=', userId)
      .where('doctor_id', '=', doctorId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async clear(db: Db, userId: string): Promise<void> {
    await db.deleteFrom('recent_doctors').where('user_id', '=', userId).execute();
  }
}
