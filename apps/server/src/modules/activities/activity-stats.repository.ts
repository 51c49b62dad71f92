import type { ApprovalStatus } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';

const WAITING: ApprovalStatus = 'waiting_approval';

/** Conditional sums over the owner's (owner_id, done, start_at) index entries, and two waiting counts. */
const statsQuery = preparedQuery(
  (db, p: { userId: string; now: string }) =>
    db
      .selectFrom('activities as a')
      .where('a.owner_id', '=', p.userId)
      .select((eb) => [
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb
                .case()
                .when(eb.and([eb('a.done', '=', sql.lit(0)), eb('a.start_at', '>', p.now)]))
                .then(1)
                .else(0)
                .end(),
            ),
            sql.lit(0),
          )
          .as('upcomingCount'),
        // Its own scan of the open-activities index, which holds channel_id: time-off is left out without
        // reading the table row of every activity the owner has.
        eb
          .selectFrom('activities as i')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('i.owner_id', '=', p.userId)
          .where('i.done', '=', sql.lit(0))
          .where('i.start_at', '<=', p.now)
          .where((inner) =>
            inner(
              'i.channel_id',
              'not in',
              inner.selectFrom('channels').select('channels.id').where('channels.is_time_off', '=', sql.lit(1)),
            ),
          )
          .as('incompleteCount'),
        // Done as activityStatus() says: marked done, plus the time-off that has started (from the
        // open-activities index, like the incomplete count).
        eb(
          eb.fn.coalesce(eb.fn.sum<number>('a.done'), sql.lit(0)),
          '+',
          eb
            .selectFrom('activities as t')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .where('t.owner_id', '=', p.userId)
            .where('t.done', '=', sql.lit(0))
            .where('t.start_at', '<=', p.now)
            .where((inner) =>
              inner(
                't.channel_id',
                'in',
                inner.selectFrom('channels').select('channels.id').where('channels.is_time_off', '=', sql.lit(1)),
              ),
            ),
        ).as('doneCount'),
        // The waiting counts say `approval_status = 'waiting_approval'` as a literal so that the waiting
        // partial index applies (a bound value can't prove the index's condition to either planner).
        eb
          .selectFrom('activities as w')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('w.owner_id', '=', p.userId)
          .where('w.approval_status', '=', sql.lit(WAITING))
          .as('waitingApprovalCount'),
        eb
          .selectFrom('users as m')
          .innerJoin('activities as w', 'w.owner_id', 'm.id')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('m.manager_id', '=', p.userId)
          .where('w.approval_status', '=', sql.lit(WAITING))
          .as('needApprovalCount'),
      ]),
  ['userId', 'now'],
);

/** The activity menu's counts, as the database answers them (a count may be null). */
export type ActivityStatsRow = Awaited<ReturnType<typeof statsQuery>>[number];

/** The activity menu's counts: one statement over the activity indexes. */
export class ActivityStatsRepository {
  async stats(db: Db, userId: string, now: string): Promise<ActivityStatsRow | undefined> {
    const [row] = await statsQuery(db, { userId, now });
    return row;
  }
}
