import {
  addZonedDays,
  type DashboardStats,
  MAX_ACTIVITY_SPAN_DAYS,
  RECENTLY_CONTACTED_DAYS,
  startOfNextZonedMonth,
  startOfZonedDay,
  startOfZonedMonth,
  startOfZonedWeek,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { ConsentsRepository } from '#server/modules/consents/consents.repository.ts';
import { toDashboardActivity } from './dashboard.mapper.ts';
import type { DashboardPeriods, DashboardRepository } from './dashboard.repository.ts';

type DashboardServiceDeps = {
  db: Db;
  dashboard: DashboardRepository;
  consents: ConsentsRepository;
  clock: Clock;
};

const DAY_MS = 86_400_000;

/** The periods of docs/dashboard.md: calendar days and months in Europe/Paris, around the request time. */
export function dashboardPeriods(now: Date): DashboardPeriods {
  const todayStart = startOfZonedDay(now);
  return {
    now: now.toISOString(),
    weekStart: startOfZonedWeek(now).toISOString(),
    monthStart: startOfZonedMonth(now).toISOString(),
    nextMonthStart: startOfNextZonedMonth(now).toISOString(),
    todayStart: todayStart.toISOString(),
    tomorrowStart: addZonedDays(todayStart, 1).toISOString(),
    earliestTodayStart: new Date(todayStart.getTime() - MAX_ACTIVITY_SPAN_DAYS * DAY_MS).toISOString(),
    // A rolling window of whole 24-hour days back from now, not calendar days.
    contactedSince: new Date(now.getTime() - RECENTLY_CONTACTED_DAYS * DAY_MS).toISOString(),
  };
}

/** Of what was due (done or incomplete), the share done, as a whole percentage; 0 when nothing was due. */
export function completionRate(done: number, incomplete: number): number {
  const due = done + incomplete;
  return due === 0 ? 0 : Math.round((100 * done) / due);
}

/** The dashboard's figures for the calling user (spec 000 §3), each defined in docs/dashboard.md. */
export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  /** Every figure is the caller's own: no role reads another user's dashboard. */
  async stats(auth: AuthContext): Promise<DashboardStats> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    const periods = dashboardPeriods(now);
    const userId = auth.user.id;
    const [counts, today, next, mail, campaigns, totalConsents, consentsThisMonth] = await Promise.all([
      this.deps.dashboard.counts(this.deps.db, userId, periods),
      this.deps.dashboard.today(this.deps.db, userId, periods),
      this.deps.dashboard.next(this.deps.db, userId, periods.now),
      this.deps.dashboard.mail(this.deps.db, userId, periods.weekStart),
      this.deps.dashboard.campaigns(this.deps.db, userId, periods),
      this.totalConsents(userId),
      this.consentsThisMonth(userId, periods),
    ]);
    const todayActivities = today.map((row) => toDashboardActivity(row, now));
    return {
      completionRate: completionRate(counts.monthDone, counts.monthIncomplete),
      activitiesThisMonth: counts.monthTotal,
      recentlyContactedDoctors: counts.contactedDoctors,
      emailsSentThisWeek: mail.emailsSentThisWeek,
      incompleteActivities: counts.incomplete,
      activitiesToday: todayActivities.length,
      todayActivities,
      unreadMessages: mail.unreadMessages,
      totalCampaigns: campaigns.totalCampaigns,
      campaignsSentThisMonth: campaigns.campaignsSentThisMonth,
      totalConsents,
      consentsThisMonth,
      nextActivity: next === null ? null : toDashboardActivity(next, now),
    };
  }

  /** The doctors whose current consent, collected by the caller, gives at least one choice (docs/dashboard.md). */
  private totalConsents(userId: string): Promise<number> {
    return this.deps.consents.collectedCount(this.deps.db, userId, null);
  }

  /** Of those, the ones whose current consent was signed in the current Paris month. */
  private consentsThisMonth(userId: string, periods: DashboardPeriods): Promise<number> {
    return this.deps.consents.collectedCount(this.deps.db, userId, {
      from: periods.monthStart,
      to: periods.nextMonthStart,
    });
  }
}
