import type { Db } from '#server/db/database.ts';

/** How many recently viewed doctors a user keeps. */
export const RECENT_DOCTORS_KEPT = 50;

export class RecentDoctorsRepository {
  constructor(private readonly db: Db) {}

  /** Most recent first. */
  async ids(userId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('recent_doctors')
      .select('doctor_id')
      .where('user_id', '=', userId)
      .orderBy('viewed_at', 'desc')
      .limit(RECENT_DOCTORS_KEPT)
      .execute();
    return rows.map((row) => row.doctor_id);
  }

  async record(db: Db, userId: string, doctorId: string, at: string): Promise<void> {
    await db
      .insertInto('recent_doctors')
      .values({ user_id: userId, doctor_id: doctorId, viewed_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'doctor_id']).doUpdateSet({ viewed_at: at }))
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
          .orderBy('viewed_at', 'desc')
          .limit(RECENT_DOCTORS_KEPT),
      )
      .execute();
  }

  async remove(userId: string, doctorId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('recent_doctors')
      .where('user_id', '=', userId)
      .where('doctor_id', '=', doctorId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async clear(userId: string): Promise<void> {
    await this.db.deleteFrom('recent_doctors').where('user_id', '=', userId).execute();
  }
}
