import {
  type Activity,
  type ActivityAttendee,
  type ActivityListStatus,
  type ActivityStats,
  type ApprovalStatus,
  type CalendarActivity,
  activityStatus,
  centsToEuros,
  MAX_ACTIVITY_SPAN_DAYS,
  type PendingApproval,
} from '@crm/shared';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { type PreparedParams, preparedQuery, preparedShapes } from '#server/db/prepared.ts';
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

type PendingRow = ActivityRow & {
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string;
};

export type ActivityExtras = {
  productIds: ReadonlyMap<string, string[]>;
  attendees: ReadonlyMap<string, ActivityAttendee[]>;
};

/** Whose activities a list shows: the caller's own, or those with one doctor that the caller may read. */
export type ActivityScope =
  { kind: 'own'; userId: string } | { kind: 'doctor'; doctorId: string; userId: string; isAdmin: boolean };

export type ActivityListFilter = {
  scope: ActivityScope;
  status: ActivityListStatus | undefined;
  /** Activities overlapping [start, end). */
  range: { start: string; end: string } | undefined;
  /** Where upcoming ends and incomplete begins. */
  now: string;
};

const WAITING: ApprovalStatus = 'waiting_approval';
const DAY_MS = 86_400_000;
/** IN lists longer than this are split; shorter ones are padded to a power of two (see `idChunks`). */
const MAX_IN_LIST = 256;

type ActivitiesFrom = ExpressionBuilder<Database & { a: ActivitiesTable }, 'a'>;

/**
 * The waiting partial index applies only when the query says `approval_status = 'waiting_approval'` as a
 * literal: a bound value can't prove the index's condition to either planner.
 */
/** Time-off is never incomplete (activityStatus); the channels subquery is evaluated once. */
const notTimeOff = (eb: ActivitiesFrom) =>
  eb(
    'a.channel_id',
    'not in',
    eb.selectFrom('channels').select('channels.id').where('channels.is_time_off', '=', sql.lit(1)),
  );

const isWaiting = (eb: ActivitiesFrom) => eb('a.approval_status', '=', sql.lit(WAITING));

function withActivityColumns<O>(qb: SelectQueryBuilder<Database & { a: ActivitiesTable }, 'a', O>) {
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
        eb.fn.coalesce(eb.fn.sum<number>('a.done'), sql.lit(0)).as('doneCount'),
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

/** Ids in chunks whose sizes are powers of two (the last id repeated): a handful of statement shapes. */
function idChunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MAX_IN_LIST) {
    const chunk = unique.slice(i, i + MAX_IN_LIST);
    let size = 1;
    while (size < chunk.length) size *= 2;
    const last = chunk[chunk.length - 1] ?? '';
    chunks.push([...chunk, ...Array.from({ length: size - chunk.length }, () => last)]);
  }
  return chunks;
}

function ascending(filter: ActivityListFilter): boolean {
  if (filter.status === undefined) return filter.range !== undefined;
  return filter.status === 'upcoming' || filter.status === 'waiting_approval';
}

/** The channel as an activity carries it, from the channel columns every activity query joins. */
function activityChannel(row: CalendarRow): Activity['channel'] {
  return {
    id: row.channel_id,
    name: row.channel_name,
    color: row.channel_color,
    isTimeOff: row.channel_is_time_off === 1,
    needsBudgetApproval: row.channel_needs_budget_approval === 1,
  };
}

export function toActivity(row: ActivityRow, extras: ActivityExtras, now: Date): Activity {
  return {
    id: row.id,
    title: row.title,
    start: row.start_at,
    end: row.end_at,
    allDay: row.all_day === 1,
    type: row.channel_name,
    channelId: row.channel_id,
    channel: activityChannel(row),
    duration: row.duration,
    description: row.description,
    location: row.location,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    officePhone: row.office_phone,
    officeEmail: row.office_email,
    officeId: row.office_id,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    attendees: extras.attendees.get(row.id) ?? [],
    productIds: extras.productIds.get(row.id) ?? [],
    precallObjectives: row.precall_objectives,
    callNotes: row.call_notes,
    nextCallObjectives: row.next_call_objectives,
    budgetEstimate: row.budget_cents === null ? null : centsToEuros(row.budget_cents),
    approvalStatus: row.approval_status as ApprovalStatus,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at,
    approvalNotes: row.approval_notes,
    // The channel asks for a manager's approval before the activity can be marked done.
    needsApproval: row.channel_needs_budget_approval === 1,
    acknowledgeRules: row.acknowledge_rules === 1,
    done: row.done === 1,
    doneAt: row.done_at,
    status: activityStatus(
      { start: row.start_at, done: row.done === 1, isTimeOff: row.channel_is_time_off === 1 },
      now,
    ),
    ownerId: row.owner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCalendarActivity(row: CalendarRow, now: Date): CalendarActivity {
  const isTimeOff = row.channel_is_time_off === 1;
  return {
    id: row.id,
    title: row.title,
    start: row.start_at,
    end: row.end_at,
    allDay: row.all_day === 1,
    type: row.channel_name,
    channelId: row.channel_id,
    channel: activityChannel(row),
    duration: row.duration,
    location: row.location,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    budgetEstimate: row.budget_cents === null ? null : centsToEuros(row.budget_cents),
    approvalStatus: row.approval_status as ApprovalStatus,
    done: row.done === 1,
    status: activityStatus({ start: row.start_at, done: row.done === 1, isTimeOff }, now),
    ownerId: row.owner_id,
    updatedAt: row.updated_at,
  };
}

export function toPendingApproval(row: PendingRow, extras: ActivityExtras, now: Date): PendingApproval {
  // Not `{ ...toActivity(), firstName }`: V8 takes a slow path for keys added after a spread (decision 0010).
  return Object.assign(toActivity(row, extras, now), {
    firstName: row.owner_first_name,
    lastName: row.owner_last_name,
    email: row.owner_email,
  });
}

export class ActivitiesRepository {
  private readonly shapes = preparedShapes();

  constructor(private readonly db: Db) {}

  async findById(id: string, db: Db = this.db): Promise<ActivityRow | undefined> {
    const [row] = await activityByIdQuery(db, { id });
    return row;
  }

  /**
   * Products and attendees of these activities, one query each per chunk of ids. Each chunk size is a
   * prepared shape: compiling a 64-value IN list cost more than running it.
   */
  async extras(ids: readonly string[], db: Db = this.db): Promise<ActivityExtras> {
    const productIds = new Map<string, string[]>();
    const attendees = new Map<string, ActivityAttendee[]>();
    for (const chunk of idChunks(ids)) {
      const names = chunk.map((_, i) => `id${i}`);
      const params = Object.fromEntries(chunk.map((id, i) => [`id${i}`, id]));
      const idsOf = (p: PreparedParams) => names.map((name) => p[name] as string);
      const products = await this.shapes<{ activity_id: string; product_id: string }>(
        db,
        `products:${chunk.length}`,
        () => ({
          names,
          build: (shapeDb, p) =>
            shapeDb
              .selectFrom('activity_products')
              .select(['activity_id', 'product_id'])
              .where('activity_id', 'in', idsOf(p))
              .orderBy('activity_id')
              .orderBy('product_id'),
        }),
        params,
      );
      for (const row of products) {
        const list = productIds.get(row.activity_id) ?? [];
        list.push(row.product_id);
        productIds.set(row.activity_id, list);
      }
      const people = await this.shapes<{ activity_id: string; doctor_id: string; name: string }>(
        db,
        `attendees:${chunk.length}`,
        () => ({
          names,
          build: (shapeDb, p) =>
            shapeDb
              .selectFrom('activity_attendees')
              .select(['activity_id', 'doctor_id', 'name'])
              .where('activity_id', 'in', idsOf(p))
              .orderBy('activity_id')
              .orderBy('position'),
        }),
        params,
      );
      for (const row of people) {
        const list = attendees.get(row.activity_id) ?? [];
        list.push({ id: row.doctor_id, name: row.name });
        attendees.set(row.activity_id, list);
      }
    }
    return { productIds, attendees };
  }

  /**
   * One page, deferred join: the page's ids come from the covering index alone (so a far page skips index
   * entries, not rows), then only those rows are read with their channel.
   */
  async page(filter: ActivityListFilter, offset: number, limit: number, db: Db = this.db): Promise<ActivityRow[]> {
    const direction = ascending(filter) ? 'asc' : 'desc';
    return withActivityColumns(
      db
        .with('page', (qb) =>
          this.filtered(qb.selectFrom('activities as a'), filter)
            .select(['a.id', 'a.start_at'])
            .orderBy('a.start_at', direction)
            .orderBy('a.id', direction)
            .limit(limit)
            .offset(offset),
        )
        .selectFrom('page')
        .innerJoin('activities as a', 'a.id', 'page.id'),
    )
      .orderBy('a.start_at', direction)
      .orderBy('a.id', direction)
      .execute();
  }

  async count(filter: ActivityListFilter, db: Db = this.db): Promise<number> {
    const row = await this.filtered(db.selectFrom('activities as a'), filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /**
   * Every activity of the filter, in start order, with the calendar's columns only (the range is bounded
   * by the service): reading whole rows cost more than the query on a busy month.
   */
  calendar(filter: ActivityListFilter, db: Db = this.db): Promise<CalendarRow[]> {
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
   * scanned every waiting activity of the company (10 ms on the nominal tier).
   */
  pendingFor(managerId: string, db: Db = this.db): Promise<PendingRow[]> {
    return pendingQuery(db, { managerId });
  }

  async stats(userId: string, now: string, db: Db = this.db): Promise<ActivityStats> {
    const [row] = await statsQuery(db, { userId, now });
    return {
      upcomingCount: row?.upcomingCount ?? 0,
      incompleteCount: row?.incompleteCount ?? 0,
      doneCount: row?.doneCount ?? 0,
      waitingApprovalCount: row?.waitingApprovalCount ?? 0,
      needApprovalCount: row?.needApprovalCount ?? 0,
    };
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

  async replaceProducts(db: Db, id: string, productIds: readonly string[]): Promise<void> {
    await db.deleteFrom('activity_products').where('activity_id', '=', id).execute();
    const unique = [...new Set(productIds)];
    if (unique.length === 0) return;
    await db
      .insertInto('activity_products')
      .values(unique.map((productId) => ({ activity_id: id, product_id: productId })))
      .execute();
  }

  async replaceAttendees(db: Db, id: string, attendees: readonly ActivityAttendee[]): Promise<void> {
    await db.deleteFrom('activity_attendees').where('activity_id', '=', id).execute();
    const unique = [...new Map(attendees.map((attendee) => [attendee.id, attendee])).values()];
    if (unique.length === 0) return;
    await db
      .insertInto('activity_attendees')
      .values(
        unique.map((attendee, position) => ({
          activity_id: id,
          doctor_id: attendee.id,
          name: attendee.name,
          position,
        })),
      )
      .execute();
  }

  private filtered<O>(qb: SelectQueryBuilder<Database & { a: ActivitiesTable }, 'a', O>, filter: ActivityListFilter) {
    const { scope, status, range, now } = filter;
    return qb
      .$if(scope.kind === 'own', (q) => q.where('a.owner_id', '=', scope.userId))
      .$if(scope.kind === 'doctor', (q) => {
        if (scope.kind !== 'doctor') return q;
        const doctorOnly = q.where('a.doctor_id', '=', scope.doctorId);
        if (scope.isAdmin) return doctorOnly;
        return doctorOnly.where((eb) =>
          eb.or([
            eb('a.owner_id', '=', scope.userId),
            eb(
              'a.owner_id',
              'in',
              eb.selectFrom('users').select('users.id').where('users.manager_id', '=', scope.userId),
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
      .$if(status === 'done', (q) => q.where('a.done', '=', sql.lit(1)))
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
