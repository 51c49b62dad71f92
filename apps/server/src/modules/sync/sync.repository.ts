import type { QueryCreator } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { type ActivityRow, withActivityColumns } from '#server/modules/activities/activities.repository.ts';
import { type DoctorOfficeRow, type DoctorRow, officeColumns } from '#server/modules/doctors/doctors.repository.ts';
import type { SyncCursor } from './sync.mapper.ts';

/** The calendar's window as stored times: activities overlapping [start, end). */
export type SyncWindow = { start: string; end: string };

/** A doctor of the rep's slice and the last time it, its offices or the rep's need of it changed. */
export type DoctorStampRow = {
  id: string;
  updated_at: string;
  needed_at: string;
  offices_at: string | null;
};

export type SyncDoctorRow = DoctorRow & {
  target: string | null;
  potential_target: string | null;
  viewed_at: string | null;
};

/** What the rep's offline slice reads (decision 0020): changes by cursor, owner-scoped. */
export class SyncRepository {
  /**
   * The owner's activities changed after the cursor, oldest change first, on (owner_id, updated_at, id).
   * Without a cursor (a first pull) only those overlapping the window; with one, every change, so the service
   * can tell the device to drop an activity that left the window.
   */
  activitiesAfter(
    db: Db,
    ownerId: string,
    cursor: SyncCursor | null,
    window: SyncWindow | null,
    limit: number,
  ): Promise<ActivityRow[]> {
    let query = withActivityColumns(db.selectFrom('activities as a')).where('a.owner_id', '=', ownerId);
    if (cursor) {
      // After (time, id), written so that both planners read a range of the index from the cursor's time.
      query = query
        .where('a.updated_at', '>=', cursor.at)
        .where((eb) => eb.or([eb('a.updated_at', '>', cursor.at), eb('a.id', '>', cursor.id)]));
    }
    if (window) query = query.where('a.end_at', '>', window.start).where('a.start_at', '<', window.end);
    return query.orderBy('a.updated_at').orderBy('a.id').limit(limit).execute();
  }

  /**
   * The doctors the rep's activity form needs: named by their activities in the window (as the doctor or an
   * attendee), recently viewed, targeted by them, or targets of their cycle plans; each with the times that say
   * when it last changed for this rep. A rep's set is a few thousand at most, read on the indexes that start
   * with the rep's id.
   */
  doctorStamps(db: Db, userId: string, window: SyncWindow): Promise<DoctorStampRow[]> {
    const inWindow = (eb: QueryCreator<Database>) =>
      eb
        .selectFrom('activities as a')
        .where('a.owner_id', '=', userId)
        .where('a.start_at', '<', window.end)
        .where('a.end_at', '>', window.start);
    return db
      .with('needed', (qb) =>
        inWindow(qb)
          .where('a.doctor_id', 'is not', null)
          .select(['a.doctor_id as doctor_id', 'a.updated_at as at'])
          .unionAll(
            inWindow(qb)
              .innerJoin('activity_attendees as aa', 'aa.activity_id', 'a.id')
              .select(['aa.doctor_id as doctor_id', 'a.updated_at as at']),
          )
          .unionAll(
            qb
              .selectFrom('recent_doctors as r')
              .select(['r.doctor_id', 'r.viewed_at as at'])
              .where('r.user_id', '=', userId),
          )
          .unionAll(
            qb
              .selectFrom('doctor_user_data as ud')
              .select(['ud.doctor_id', 'ud.updated_at as at'])
              .where('ud.user_id', '=', userId),
          )
          // The targets of the rep's plans in cycles not ended before the window (decision 0058): the calendar's
          // "still to schedule" names them offline. A plan's time moves with each change of its goals.
          .unionAll(
            qb
              .selectFrom('cycle_plan_goals as g')
              .innerJoin('cycle_plans as p', 'p.id', 'g.plan_id')
              .innerJoin('cycles as c', 'c.id', 'p.cycle_id')
              .select(['g.doctor_id', 'p.updated_at as at'])
              .where('p.user_id', '=', userId)
              .where('c.end_date', '>=', window.start.slice(0, 10)),
          ),
      )
      .with('wanted', (qb) =>
        qb
          .selectFrom('needed')
          .select((eb) => ['needed.doctor_id', eb.fn.max('needed.at').as('needed_at')])
          .groupBy('needed.doctor_id'),
      )
      .selectFrom('wanted')
      .innerJoin('doctors as d', 'd.id', 'wanted.doctor_id')
      .select((eb) => [
        'd.id',
        'd.updated_at',
        'wanted.needed_at',
        eb
          .selectFrom('doctor_offices as l')
          .innerJoin('offices as of', 'of.id', 'l.office_id')
          .whereRef('l.doctor_id', '=', 'd.id')
          .select((inner) => inner.fn.max('of.updated_at').as('at'))
          .as('offices_at'),
      ])
      .execute();
  }

  /** Doctors deleted after the cursor, oldest first, on (deleted_at, id): any device may hold any doctor. */
  doctorTombstonesAfter(db: Db, cursor: SyncCursor, limit: number) {
    return db
      .selectFrom('doctor_tombstones')
      .select(['id', 'deleted_at'])
      .where('deleted_at', '>=', cursor.at)
      .where((eb) => eb.or([eb('deleted_at', '>', cursor.at), eb('id', '>', cursor.id)]))
      .orderBy('deleted_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** These doctors' rows with what the rep adds to them (targets, recent view). */
  doctors(db: Db, ids: readonly string[], userId: string): Promise<SyncDoctorRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('doctors as d')
      .leftJoin('doctor_user_data as ud', (join) =>
        join.onRef('ud.doctor_id', '=', 'd.id').on('ud.user_id', '=', userId),
      )
      .leftJoin('recent_doctors as r', (join) => join.onRef('r.doctor_id', '=', 'd.id').on('r.user_id', '=', userId))
      .selectAll('d')
      .select(['ud.target', 'ud.potential_target', 'r.viewed_at'])
      .where('d.id', 'in', ids)
      .execute();
  }

  /** These doctors' offices, primary first, then by name, as a doctor's detail lists them. */
  offices(db: Db, doctorIds: readonly string[]): Promise<(DoctorOfficeRow & { doctor_id: string })[]> {
    if (doctorIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('doctor_offices')
      .innerJoin('offices', 'offices.id', 'doctor_offices.office_id')
      .select('doctor_offices.doctor_id')
      .select(officeColumns)
      .where('doctor_offices.doctor_id', 'in', doctorIds)
      .orderBy('doctor_offices.doctor_id')
      .orderBy('doctor_offices.is_primary', 'desc')
      .orderBy('offices.name_norm')
      .execute();
  }
}
