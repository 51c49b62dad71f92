import { type ActivityListStatus, type ApprovalStatus, MAX_ACTIVITY_SPAN_DAYS } from '@crm/shared';
import { type ExpressionBuilder, type QueryCreator, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { ActivitiesTable, Database } from '#server/db/schema.ts';

/** An activity with its channel and its owner's manager (who may read it and decide on its budget). */
export type ActivityRow = ActivitiesTable & {
  channel_name: string;
  channel_color: string;
  channel_is_time_off: number;
  channel_needs_budget_approval: number;
  owner_manager_id: string | null;
};

/** The columns the calendar shows (CalendarActivity). */
const CALENDAR_COLUMNS = [
  'a.id',
  'a.owner_id',
  'a.channel_id',
  'a.title',
  'a.start_at',
  'a.end_at',
  'a.all_day',
  'a.duration',
  'a.location',
  'a.doctor_id',
  'a.doctor_name',
  'a.budget_cents',
  'a.approval_status',
  'a.done',
  'a.updated_at',
] as const;

export type CalendarRow = Pick<
  ActivityRow,
  | 'id'
  | 'owner_id'
  | 'channel_id'
  | 'title'
  | 'start_at'
  | 'end_at'
  | 'all_day'
  | 'duration'
  | 'location'
  | 'doctor_id'
  | 'doctor_name'
  | 'budget_cents'
  | 'approval_status'
  | 'done'
  | 'updated_at'
  | 'channel_name'
  | 'channel_color'
  | 'channel_is_time_off'
  | 'channel_needs_budget_approval'
>;

/** A waiting activity with its owner, as a manager's approval list shows it. */
export type PendingRow = ActivityRow & {
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string;
};

/**
 * Whose activities a list shows: one owner's, or those with one doctor, of any owner or only of a user and
 * the users they manage (the service decides which, activity-access.ts).
 */
export type ActivityScope =
  | { kind: 'owner'; ownerId: string }
  | { kind: 'doctor'; doctorId: string; ownedBy: 'anyone' | { userOrManageesOf: string } };

export type ActivityListFilter = {
  scope: ActivityScope;
  status: ActivityListStatus | undefined;
  /** Activities overlapping [start, end). */
  range: { start: string; end: string } | undefined;
  /** Where upcoming ends and incomplete begins. */
  now: string;
};

/**
 * The order of a list: by start, forward or back; or the doctor timeline's order of spec 000 §2, upcoming
 * first (soonest first), then past ones (latest first), across pages.
 */
export type ActivityListOrder = 'asc' | 'desc' | 'timeline';

/** Which page of a list, in which order. */
export type ActivityPageRequest = { offset: number; limit: number; order: ActivityListOrder };

const WAITING: ApprovalStatus = 'waiting_approval';
const DAY_MS = 86_400_000;

type ActivitiesFrom = ExpressionBuilder<Database & { a: ActivitiesTable }, 'a'>;

const timeOffChannels = (eb: ActivitiesFrom) =>
  eb.selectFrom('channels').select('channels.id').where('channels.is_time_off', '=', sql.lit(1));

/** Time-off is never incomplete (activityStatus); the channels subquery is evaluated once. */
const notTimeOff = (eb: ActivitiesFrom) => eb('a.channel_id', 'not in', timeOffChannels(eb));

/**
 * Done as activityStatus() says is two disjoint parts, each one index range: the activities marked done
 * (owner_id, done = 1, start_at) and the time-off that has started, which can't be marked done and is never
 * incomplete (the open activities' index, which holds channel_id). The status 'done' reads both.
 */
type DonePart = 'markedDone' | 'startedTimeOff';

/** What filtered() selects on: a list status, or one part of 'done'. */
type StatusCondition = ActivityListStatus | DonePart | undefined;

/**
 * The waiting partial index applies only when the query says `approval_status = 'waiting_approval'` as a
 * literal: a bound value can't prove the index's condition to either planner.
 */
const isWaiting = (eb: ActivitiesFrom) => eb('a.approval_status', '=', sql.lit(WAITING));

/** Orders by start and id (qualified or not: inside the page query and around it). */
function inListOrder<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  order: ActivityListOrder,
  now: string,
  table: 'a' | null,
) {
  const start = sql.ref(table === null ? 'start_at' : `${table}.start_at`);
  const id = sql.ref(table === null ? 'id' : `${table}.id`);
  if (order !== 'timeline') return qb.orderBy(start, order).orderBy(id, order);
  const upcoming = sql`${start} > ${now}`;
  // Past rows have null in the two middle keys, so only the last two order them.
  return qb
    .orderBy(sql`case when ${upcoming} then 0 else 1 end`)
    .orderBy(sql`case when ${upcoming} then ${start} end`)
    .orderBy(sql`case when ${upcoming} then ${id} end`)
    .orderBy(start, 'desc')
    .orderBy(id, 'desc');
}

/** An activity row with what every answer needs: its channel and its owner's manager. */
export function withActivityColumns<O>(qb: SelectQueryBuilder<Database & { a: ActivitiesTable }, 'a', O>) {
  return qb
    .innerJoin('channels as c', 'c.id', 'a.channel_id')
    .innerJoin('users as o', 'o.id', 'a.owner_id')
    .selectAll('a')
    .select([
      'c.name as channel_name',
      'c.color as channel_color',
      'c.is_time_off as channel_is_time_off',
      'c.needs_budget_approval as channel_needs_budget_approval',
      'o.manager_id as owner_manager_id',
    ]);
}

const activityByIdQuery = preparedQuery(
  (db, p: { id: string }) => withActivityColumns(db.selectFrom('activities as a')).where('a.id', '=', p.id),
  ['id'],
);

const pendingQuery = preparedQuery(
  (db, p: { managerId: string }) =>
    db
      .selectFrom('activities as a')
      .innerJoin('users as o', 'o.id', 'a.owner_id')
      .innerJoin('channels as c', 'c.id', 'a.channel_id')
      .selectAll('a')
      .select([
        'c.name as channel_name',
        'c.color as channel_color',
        'c.is_time_off as channel_is_time_off',
        'c.needs_budget_approval as channel_needs_budget_approval',
        'o.manager_id as owner_manager_id',
        'o.first_name as owner_first_name',
        'o.last_name as owner_last_name',
        'o.email as owner_email',
      ])
      .where('a.owner_id', 'in', (eb) =>
        eb.selectFrom('users as managee').select('managee.id').where('managee.manager_id', '=', p.managerId),
      )
      .where((eb) => isWaiting(eb))
      .orderBy('a.start_at')
      .orderBy('a.id'),
  ['managerId'],
);

export class ActivitiesRepository {
  async findById(db: Db, id: string): Promise<ActivityRow | undefined> {
    const [row] = await activityByIdQuery(db, { id });
    return row;
  }

  /**
   * One page, deferred join: the page's ids come from the covering index alone (so a far page skips index
   * entries, not rows), then only those rows are read with their channel.
   */
  async page(
    db: Db,
    filter: ActivityListFilter,
    { offset, limit, order }: ActivityPageRequest,
  ): Promise<ActivityRow[]> {
    const { now } = filter;
    const ids = (qb: QueryCreator<Database>, status: StatusCondition) =>
      this.filtered(qb.selectFrom('activities as a'), filter, status).select(['a.id', 'a.start_at']);
    return inListOrder(
      withActivityColumns(
        db
          .with('page', (qb) => {
            if (filter.status !== 'done') {
              return inListOrder(ids(qb, filter.status), order, now, 'a').limit(limit).offset(offset);
            }
            // Both parts merged in list order, each read in its index's order (no sort), up to the page.
            return inListOrder(ids(qb, 'markedDone').unionAll(ids(qb, 'startedTimeOff')), order, now, null)
              .limit(limit)
              .offset(offset);
          })
          .selectFrom('page')
          .innerJoin('activities as a', 'a.id', 'page.id'),
      ),
      order,
      now,
      'a',
    ).execute();
  }

  async count(db: Db, filter: ActivityListFilter): Promise<number> {
    const countOf = (qb: QueryCreator<Database>, status: StatusCondition) =>
      this.filtered(qb.selectFrom('activities as a'), filter, status).select((eb) =>
        eb.fn.countAll<number>().as('count'),
      );
    if (filter.status !== 'done') return (await countOf(db, filter.status).executeTakeFirstOrThrow()).count;
    const row = await db
      .selectNoFrom((eb) => eb(countOf(db, 'markedDone'), '+', countOf(db, 'startedTimeOff')).as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Every activity of the filter, in start order, with the calendar's columns only (the range is bounded
   * by the service): reading whole rows cost more than the query on a busy month.
   */
  calendar(db: Db, filter: ActivityListFilter): Promise<CalendarRow[]> {
    return this.filtered(db.selectFrom('activities as a'), filter)
      .innerJoin('channels as c', 'c.id', 'a.channel_id')
      .select(CALENDAR_COLUMNS)
      .select([
        'c.name as channel_name',
        'c.color as channel_color',
        'c.is_time_off as channel_is_time_off',
        'c.needs_budget_approval as channel_needs_budget_approval',
      ])
      .orderBy('a.start_at')
      .orderBy('a.id')
      .execute();
  }

  /**
   * The waiting activities of the manager's managees with their owner, in start order. The owners come
   * from a subquery so that each managee's waiting rows are one index range: joined from users, SQLite
   * scanned every waiting activity of the company.
   */
  pendingFor(db: Db, managerId: string): Promise<PendingRow[]> {
    return pendingQuery(db, { managerId });
  }

  async insert(db: Db, row: ActivitiesTable): Promise<void> {
    await db.insertInto('activities').values(row).execute();
  }

  async update(db: Db, id: string, patch: Partial<ActivitiesTable>): Promise<void> {
    await db.updateTable('activities').set(patch).where('id', '=', id).execute();
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.deleteFrom('activities').where('id', '=', id).execute();
  }

  private filtered<O>(
    qb: SelectQueryBuilder<Database & { a: ActivitiesTable }, 'a', O>,
    filter: ActivityListFilter,
    status: StatusCondition = filter.status,
  ) {
    const { scope, range, now } = filter;
    return qb
      .$if(scope.kind === 'owner', (q) => (scope.kind === 'owner' ? q.where('a.owner_id', '=', scope.ownerId) : q))
      .$if(scope.kind === 'doctor', (q) => {
        if (scope.kind !== 'doctor') return q;
        const doctorOnly = q.where('a.doctor_id', '=', scope.doctorId);
        const { ownedBy } = scope;
        if (ownedBy === 'anyone') return doctorOnly;
        return doctorOnly.where((eb) =>
          eb.or([
            eb('a.owner_id', '=', ownedBy.userOrManageesOf),
            eb(
              'a.owner_id',
              'in',
              eb.selectFrom('users').select('users.id').where('users.manager_id', '=', ownedBy.userOrManageesOf),
            ),
          ]),
        );
      })
      .$if(status === 'upcoming', (q) => q.where('a.done', '=', sql.lit(0)).where('a.start_at', '>', now))
      .$if(status === 'incomplete', (q) =>
        q
          .where('a.done', '=', sql.lit(0))
          .where('a.start_at', '<=', now)
          .where((eb) => notTimeOff(eb)),
      )
      .$if(status === 'done', (q) =>
        q.where((eb) =>
          eb.or([
            eb('a.done', '=', sql.lit(1)),
            eb.and([
              eb('a.done', '=', sql.lit(0)),
              eb('a.start_at', '<=', now),
              eb('a.channel_id', 'in', timeOffChannels(eb)),
            ]),
          ]),
        ),
      )
      .$if(status === 'markedDone', (q) => q.where('a.done', '=', sql.lit(1)))
      .$if(status === 'startedTimeOff', (q) =>
        q
          .where('a.done', '=', sql.lit(0))
          .where('a.start_at', '<=', now)
          .where((eb) => eb('a.channel_id', 'in', timeOffChannels(eb))),
      )
      .$if(status === 'waiting_approval', (q) => q.where((eb) => isWaiting(eb)))
      .$if(range !== undefined, (q) => {
        if (!range) return q;
        // An activity lasts at most MAX_ACTIVITY_SPAN_DAYS: the start bound keeps the index range short.
        const earliestStart = new Date(Date.parse(range.start) - MAX_ACTIVITY_SPAN_DAYS * DAY_MS).toISOString();
        return q
          .where('a.start_at', '>=', earliestStart)
          .where('a.start_at', '<', range.end)
          .where('a.end_at', '>', range.start);
      });
  }
}
