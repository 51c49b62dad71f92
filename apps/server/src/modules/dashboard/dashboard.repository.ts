import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';

/** The instants that bound the dashboard's periods, as stored ISO strings (docs/dashboard.md). */
export type DashboardPeriods = {
  now: string;
  /** Monday 00:00 of this Europe/Paris week (the e-mail figure, when the mailbox exists). */
  weekStart: string;
  /** Europe/Paris calendar month: [monthStart, nextMonthStart). */
  monthStart: string;
  nextMonthStart: string;
  /** Europe/Paris calendar day: [todayStart, tomorrowStart). */
  todayStart: string;
  tomorrowStart: string;
  /** The earliest start an activity overlapping today can have (MAX_ACTIVITY_SPAN_DAYS before today). */
  earliestTodayStart: string;
  /** Start of the "last 30 days" window. */
  contactedSince: string;
};

export type DashboardCounts = {
  monthDone: number;
  monthIncomplete: number;
  monthTotal: number;
  incomplete: number;
  contactedDoctors: number;
};

/** One line of today's list or the next activity, with its channel. */
export type DashboardActivityRow = {
  id: string;
  title: string | null;
  start_at: string;
  end_at: string;
  all_day: number;
  doctor_id: string | null;
  doctor_name: string | null;
  done: number;
  channel_name: string;
  channel_color: string;
  channel_is_time_off: number;
};

/**
 * Time-off is not work to complete. The channel ids come from a subquery the engines evaluate once (the
 * channels table has a handful of rows), so the activity indexes still drive each scan.
 */
const timeOffChannelIds = sql`(select ${sql.ref('id')} from ${sql.table('channels')} where ${sql.ref('is_time_off')} = 1)`;
const notTimeOff = (alias: string) => sql<boolean>`${sql.ref(`${alias}.channel_id`)} not in ${timeOffChannelIds}`;

const sumWhen = (condition: RawBuilder<boolean>) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/**
 * Every count in one statement: the month's rows from the (owner_id, start_at, id) index with conditional
 * sums, the all-time incomplete count and the contacted doctors from the (owner_id, done, start_at, id)
 * index as scalar subqueries.
 */
const countsQuery = preparedQuery(
  (db, p: Pick<DashboardPeriods, 'now' | 'monthStart' | 'nextMonthStart' | 'contactedSince'> & { userId: string }) => {
    // A done activity of the last 30 days, the same condition for its doctor and its attendees.
    const recentDone = db
      .selectFrom('activities as r')
      .where('r.owner_id', '=', p.userId)
      .where('r.done', '=', sql.lit(1))
      .where('r.start_at', '>=', p.contactedSince)
      .where('r.start_at', '<=', p.now)
      .where(notTimeOff('r'));
    const contacted = recentDone
      .select('r.doctor_id as doctor_id')
      .where('r.doctor_id', 'is not', null)
      .union(
        recentDone.innerJoin('activity_attendees as t', 't.activity_id', 'r.id').select('t.doctor_id as doctor_id'),
      );
    return db
      .selectFrom('activities as a')
      .where('a.owner_id', '=', p.userId)
      .where('a.start_at', '>=', p.monthStart)
      .where('a.start_at', '<', p.nextMonthStart)
      .where(notTimeOff('a'))
      .select((eb) => [
        sumWhen(sql<boolean>`${eb.ref('a.done')} = 1`).as('monthDone'),
        sumWhen(sql<boolean>`${eb.ref('a.done')} = 0 and ${eb.ref('a.start_at')} <= ${p.now}`).as('monthIncomplete'),
        eb.fn.countAll<number>().as('monthTotal'),
        eb
          .selectFrom('activities as i')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('i.owner_id', '=', p.userId)
          .where('i.done', '=', sql.lit(0))
          .where('i.start_at', '<=', p.now)
          .where(notTimeOff('i'))
          .as('incomplete'),
        eb
          .selectFrom(contacted.as('d'))
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as('contactedDoctors'),
      ]);
  },
  ['userId', 'now', 'monthStart', 'nextMonthStart', 'contactedSince'],
);

const rowColumns = [
  'a.id',
  'a.title',
  'a.start_at',
  'a.end_at',
  'a.all_day',
  'a.doctor_id',
  'a.doctor_name',
  'a.done',
  'c.name as channel_name',
  'c.color as channel_color',
  'c.is_time_off as channel_is_time_off',
] as const;

/** Activities overlapping today, time-off included: it is part of the day's schedule. */
const todayQuery = preparedQuery(
  (db, p: Pick<DashboardPeriods, 'todayStart' | 'tomorrowStart' | 'earliestTodayStart'> & { userId: string }) =>
    db
      .selectFrom('activities as a')
      .innerJoin('channels as c', 'c.id', 'a.channel_id')
      .select(rowColumns)
      .where('a.owner_id', '=', p.userId)
      // The start bound keeps the index range to MAX_ACTIVITY_SPAN_DAYS; end_at decides the overlap.
      .where('a.start_at', '>=', p.earliestTodayStart)
      .where('a.start_at', '<', p.tomorrowStart)
      .where('a.end_at', '>', p.todayStart)
      .orderBy('a.start_at')
      .orderBy('a.id'),
  ['userId', 'todayStart', 'tomorrowStart', 'earliestTodayStart'],
);

/** The first not-done activity after now, read in index order from (owner_id, done, start_at, id). */
const nextQuery = preparedQuery(
  (db, p: { userId: string; now: string }) =>
    db
      .selectFrom('activities as a')
      .innerJoin('channels as c', 'c.id', 'a.channel_id')
      .select(rowColumns)
      .where('a.owner_id', '=', p.userId)
      .where('a.done', '=', sql.lit(0))
      .where('a.start_at', '>', p.now)
      .where('c.is_time_off', '=', sql.lit(0))
      .orderBy('a.start_at')
      .orderBy('a.id')
      .limit(1),
  ['userId', 'now'],
);

/** The mailbox's figures (docs/dashboard.md): messages sent since the week began, and unread inbox messages. */
export type DashboardMailFigures = { emailsSentThisWeek: number; unreadMessages: number };

/** The campaigns' figures (docs/dashboard.md). */
export type DashboardCampaignFigures = { totalCampaigns: number; campaignsSentThisMonth: number };

/** The dashboard's reads of the activities table; the figures are defined in docs/dashboard.md. */
export class DashboardRepository {
  async counts(db: Db, userId: string, periods: DashboardPeriods): Promise<DashboardCounts> {
    const [row] = await countsQuery(db, {
      userId,
      now: periods.now,
      monthStart: periods.monthStart,
      nextMonthStart: periods.nextMonthStart,
      contactedSince: periods.contactedSince,
    });
    return {
      monthDone: row?.monthDone ?? 0,
      monthIncomplete: row?.monthIncomplete ?? 0,
      monthTotal: row?.monthTotal ?? 0,
      incomplete: row?.incomplete ?? 0,
      contactedDoctors: row?.contactedDoctors ?? 0,
    };
  }

  today(db: Db, userId: string, periods: DashboardPeriods): Promise<DashboardActivityRow[]> {
    return todayQuery(db, {
      userId,
      todayStart: periods.todayStart,
      tomorrowStart: periods.tomorrowStart,
      earliestTodayStart: periods.earliestTodayStart,
    });
  }

  async next(db: Db, userId: string, now: string): Promise<DashboardActivityRow | null> {
    const [row] = await nextQuery(db, { userId, now });
    return row ?? null;
  }

  /**
   * The messages the user sent since `weekStart`, from the (sender_id, created_at) index, each once whatever
   * its number of recipients; the unread count is the one the badge reads (mailbox_counts).
   */
  async mail(db: Db, userId: string, weekStart: string): Promise<DashboardMailFigures> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('emails')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('sender_id', '=', userId)
          .where('created_at', '>=', weekStart)
          .as('emailsSentThisWeek'),
        eb.selectFrom('mailbox_counts').select('unread').where('user_id', '=', userId).as('unreadMessages'),
      ])
      .executeTakeFirstOrThrow();
    return { emailsSentThisWeek: row.emailsSentThisWeek ?? 0, unreadMessages: row.unreadMessages ?? 0 };
  }

  /**
   * The user's campaigns, whatever their state, from the (owner_id, created_at) index; and those whose
   * sending ended as sent inside the month, read among the user's campaigns.
   */
  async campaigns(
    db: Db,
    userId: string,
    periods: Pick<DashboardPeriods, 'monthStart' | 'nextMonthStart'>,
  ): Promise<DashboardCampaignFigures> {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('campaigns')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('owner_id', '=', userId)
          .as('totalCampaigns'),
        eb
          .selectFrom('campaigns')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('owner_id', '=', userId)
          .where('status', '=', 'sent')
          .where('sent_at', '>=', periods.monthStart)
          .where('sent_at', '<', periods.nextMonthStart)
          .as('campaignsSentThisMonth'),
      ])
      .executeTakeFirstOrThrow();
    return { totalCampaigns: row.totalCampaigns ?? 0, campaignsSentThisMonth: row.campaignsSentThisMonth ?? 0 };
  }
}
