import { wallClock, zonedInstant } from '../common/time-zone.ts';
import type { ChannelCounts, ChannelTotals, CyclePace, CycleStatus, PlanGoal, TargetCounts } from './cycles.schemas.ts';

/**
 * Cycle plans (issue 33, decision 0058): what a cycle's status is on a given day, which of a rep's activities
 * count towards their plan, and the counts, attainment and pace that follow. Pure functions over activities and
 * goals: the server applies them to tallies it reads from the database, the device to the activities it holds,
 * so both show the same figures.
 */

/** planned before the first day; in progress from the first day until the grace period after the end is over. */
export const CYCLE_STATUSES = ['planned', 'in_progress', 'completed'] as const;

/** Attainment against the time elapsed: within the thresholds, under them, over them. */
export const CYCLE_PACES = ['on_track', 'behind', 'ahead'] as const;
/** The colour each pace is shown in (issue 33: green, red, orange). */
export const PACE_COLOURS = { on_track: 'green', behind: 'red', ahead: 'orange' } as const satisfies Record<
  CyclePace,
  string
>;

/** Days after the last day during which late reports still count (issue 33: 30 by default). */
export const DEFAULT_GRACE_PERIOD_DAYS = 30;
export const MAX_GRACE_PERIOD_DAYS = 365;
/** The over and under thresholds around the expected attainment, in percent of it. */
export const DEFAULT_THRESHOLD_PERCENT = 10;
export const MAX_THRESHOLD_PERCENT = 100;
export const MAX_CHANNEL_WEIGHT = 100;
/** A goal or cap per target and channel: a plan counts interactions of a cycle, never thousands. */
export const MAX_GOAL = 999;
/** Targets one request sets or removes; a whole plan is a few hundred. */
export const MAX_TARGETS_PER_REQUEST = 1000;
/** Doctors a per-doctor count request names: one page of the doctors list. */
export const MAX_COUNT_DOCTORS = 200;
/** Targets falling behind shown per rep on the manager's team view, worst first. */
export const TEAM_BEHIND_SHOWN = 10;
/** The longest cycle: a year and a bit, so that a yearly plan fits. */
export const MAX_CYCLE_DAYS = 400;
/** The CSV of goals an import reads at most (characters). */
export const MAX_IMPORT_CHARS = 4_000_000;
/** Rejected lines an import report lists one by one; beyond, only their number. */
export const IMPORT_REPORT_LINES = 1000;

const DAY_MS = 86_400_000;

export type CycleDates = { startDate: string; endDate: string; gracePeriodDays: number };
export type CycleThresholds = { overThresholdPercent: number; underThresholdPercent: number };
export type CycleChannelWeight = { channelId: string; weight: number };
export type CycleForCounts = CycleDates & CycleThresholds & { channels: readonly CycleChannelWeight[] };

/**
 * The instants that bound a cycle, its days being Paris days: activities starting in [from, to) belong to it;
 * those marked done before closesAt (the end of the grace period) count.
 */
export type CycleWindow = { from: string; to: string; closesAt: string };

const dayParts = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
};
const dayNumber = (date: string) => {
  const { year, month, day } = dayParts(date);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
};
/** The Paris day of an instant, YYYY-MM-DD. */
export function parisDay(instant: Date): string {
  const { year, month, day } = wallClock(instant);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days of the cycle, first and last included. */
export function cycleDays(cycle: Pick<CycleDates, 'startDate' | 'endDate'>): number {
  return dayNumber(cycle.endDate) - dayNumber(cycle.startDate) + 1;
}

export function cycleWindow(cycle: CycleDates): CycleWindow {
  const start = dayParts(cycle.startDate);
  const end = dayParts(cycle.endDate);
  return {
    from: zonedInstant(start).toISOString(),
    to: zonedInstant({ ...end, day: end.day + 1 }).toISOString(),
    closesAt: zonedInstant({ ...end, day: end.day + 1 + cycle.gracePeriodDays }).toISOString(),
  };
}

/** Derived from the dates, never stored: a cycle moves on by itself as days pass. */
export function cycleStatus(cycle: CycleDates, now: Date): CycleStatus {
  const window = cycleWindow(cycle);
  const at = now.toISOString();
  if (at < window.from) return 'planned';
  return at < window.closesAt ? 'in_progress' : 'completed';
}

/**
 * The share of the cycle elapsed: whole Paris days finished since the first, over the cycle's days. 0 all the
 * first day (nobody is behind on the first morning), 1 from the day after the last.
 */
export function elapsedShare(cycle: Pick<CycleDates, 'startDate' | 'endDate'>, now: Date): number {
  const days = cycleDays(cycle);
  const finished = dayNumber(parisDay(now)) - dayNumber(cycle.startDate);
  return Math.min(days, Math.max(0, finished)) / days;
}

/** What the plan needs of an activity; `start` and `doneAt` as ISO 8601 UTC, as stored and answered. */
export type ActivityForCounts = {
  doctorId: string | null;
  channelId: string;
  start: string;
  done: boolean;
  doneAt: string | null;
};

/**
 * How an activity counts towards its doctor and channel in a cycle: 'done' when it starts within the cycle's
 * days and was marked done before the grace period ended (a late report counts, a later one does not);
 * 'scheduled' when it starts within them, from now on, and is not done; otherwise not at all (outside the
 * cycle, without a doctor, or past and not done).
 */
export function activityTally(
  activity: ActivityForCounts,
  window: CycleWindow,
  now: Date,
): 'done' | 'scheduled' | null {
  if (activity.doctorId === null || activity.start < window.from || activity.start >= window.to) return null;
  if (activity.done) return activity.doneAt !== null && activity.doneAt < window.closesAt ? 'done' : null;
  return activity.start >= now.toISOString() ? 'scheduled' : null;
}

/** A rep's activities with one doctor through one channel in a cycle, done and scheduled. */
export type Tally = { doctorId: string; channelId: string; done: number; scheduled: number };

const tallyKey = (doctorId: string, channelId: string) => `${doctorId} ${channelId}`;

/** Adds tallies of the same doctor and channel together (the server's older activities and the device's own). */
export function mergeTallies(...lists: readonly (readonly Tally[])[]): Tally[] {
  const merged = new Map<string, Tally>();
  for (const list of lists) {
    for (const tally of list) {
      const key = tallyKey(tally.doctorId, tally.channelId);
      const seen = merged.get(key);
      if (seen) {
        seen.done += tally.done;
        seen.scheduled += tally.scheduled;
      } else merged.set(key, { ...tally });
    }
  }
  return [...merged.values()];
}

/** The tallies of a rep's activities in a cycle, for the cycle's channels: what the device counts itself. */
export function tallyActivities(activities: Iterable<ActivityForCounts>, cycle: CycleForCounts, now: Date): Tally[] {
  const window = cycleWindow(cycle);
  const channels = new Set(cycle.channels.map((channel) => channel.channelId));
  const tallies = new Map<string, Tally>();
  for (const activity of activities) {
    if (!channels.has(activity.channelId)) continue;
    const kind = activityTally(activity, window, now);
    if (kind === null || activity.doctorId === null) continue;
    const key = tallyKey(activity.doctorId, activity.channelId);
    let tally = tallies.get(key);
    if (!tally) {
      tally = { doctorId: activity.doctorId, channelId: activity.channelId, done: 0, scheduled: 0 };
      tallies.set(key, tally);
    }
    tally[kind] += 1;
  }
  return [...tallies.values()];
}

export type PlanTargetGoals = { doctorId: string; doctorName: string | null; goals: PlanGoal[] };

export type PlanCounts = {
  elapsedShare: number;
  /** the share of the cycle elapsed, whole percent: the attainment expected today */
  expectedAttainment: number;
  attainment: number | null;
  pace: CyclePace;
  totals: ChannelTotals[];
  targets: TargetCounts[];
};

/**
 * Behind under expected × (1 − under %), ahead over expected × (1 + over %), on track between. Nothing is
 * behind or ahead before a day of the cycle has passed, nor without a goal.
 */
export function paceOf(ratio: number | null, share: number, thresholds: CycleThresholds): CyclePace {
  if (ratio === null || share === 0) return 'on_track';
  if (ratio < share * (1 - thresholds.underThresholdPercent / 100)) return 'behind';
  if (ratio > share * (1 + thresholds.overThresholdPercent / 100)) return 'ahead';
  return 'on_track';
}

const percent = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 100));
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function channelCounts(goal: PlanGoal, tally: Tally | undefined, share: number): ChannelCounts {
  const actual = tally?.done ?? 0;
  const scheduled = tally?.scheduled ?? 0;
  return {
    channelId: goal.channelId,
    goal: goal.goal,
    cap: goal.cap,
    actual,
    credited: goal.cap === null ? actual : Math.min(actual, goal.cap),
    scheduled,
    remaining: Math.max(goal.goal - actual, 0),
    toSchedule: Math.max(goal.goal - actual - scheduled, 0),
    expected: oneDecimal(share * goal.goal),
  };
}

/**
 * The plan's counts at `now`: per target and channel, then per channel and for the whole plan. Only the
 * cycle's channels count (a goal on a channel the cycle no longer counts is left out); only the plan's doctors
 * count (a doctor removed from the plan takes their activities with them).
 */
export function planCounts(
  cycle: CycleForCounts,
  targets: readonly PlanTargetGoals[],
  tallies: readonly Tally[],
  now: Date,
): PlanCounts {
  const share = elapsedShare(cycle, now);
  const weights = new Map(cycle.channels.map((channel) => [channel.channelId, channel.weight]));
  const byKey = new Map(tallies.map((tally) => [tallyKey(tally.doctorId, tally.channelId), tally]));
  const totals = new Map<string, ChannelTotals>(
    cycle.channels.map((channel) => [
      channel.channelId,
      {
        channelId: channel.channelId,
        weight: channel.weight,
        goal: 0,
        actual: 0,
        credited: 0,
        scheduled: 0,
        remaining: 0,
        toSchedule: 0,
        expected: 0,
      },
    ]),
  );
  let planGoal = 0;
  let planCredited = 0;
  const counted = targets.map((target): TargetCounts => {
    let weightedGoal = 0;
    let weightedCredited = 0;
    const channels = target.goals.flatMap((goal) => {
      const weight = weights.get(goal.channelId);
      if (weight === undefined) return [];
      const counts = channelCounts(goal, byKey.get(tallyKey(target.doctorId, goal.channelId)), share);
      weightedGoal += weight * counts.goal;
      weightedCredited += weight * counts.credited;
      const total = totals.get(goal.channelId);
      if (total) {
        total.goal += counts.goal;
        total.actual += counts.actual;
        total.credited += counts.credited;
        total.scheduled += counts.scheduled;
        total.remaining += counts.remaining;
        total.toSchedule += counts.toSchedule;
      }
      return [counts];
    });
    planGoal += weightedGoal;
    planCredited += weightedCredited;
    const ratio = weightedGoal === 0 ? null : weightedCredited / weightedGoal;
    return {
      doctorId: target.doctorId,
      doctorName: target.doctorName,
      channels,
      attainment: percent(ratio),
      pace: paceOf(ratio, share, cycle),
    };
  });
  for (const total of totals.values()) total.expected = oneDecimal(share * total.goal);
  const ratio = planGoal === 0 ? null : planCredited / planGoal;
  return {
    elapsedShare: share,
    expectedAttainment: Math.round(share * 100),
    attainment: percent(ratio),
    pace: paceOf(ratio, share, cycle),
    totals: [...totals.values()],
    targets: counted,
  };
}

/**
 * What the device keeps of a plan (GET /api/sync/plans): the goals, and the tallies of the activities that
 * started before `until`, which the device may not hold (they are older than its calendar window).
 */
export type PlanSliceCounts = {
  cycle: CycleForCounts;
  targets: readonly PlanTargetGoals[];
  before: { until: string; tallies: readonly Tally[] };
};

/**
 * The plan's counts on the device: the server's tallies of the older activities, plus the device's own
 * activities from `until` on, so a visit marked done offline moves the counts at once.
 */
export function slicePlanCounts(
  slice: PlanSliceCounts,
  activities: Iterable<ActivityForCounts>,
  now: Date,
): PlanCounts {
  const recent = [...activities].filter((activity) => activity.start >= slice.before.until);
  return planCounts(
    slice.cycle,
    slice.targets,
    mergeTallies(slice.before.tallies, tallyActivities(recent, slice.cycle, now)),
    now,
  );
}

/**
 * Who may change a plan's goals, and when (issue 33): an administrator while the cycle is not completed; the
 * rep's manager while it is planned; the rep, on the targets already in their plan, while it is not completed
 * and the cycle lets reps edit their goals.
 */
export type GoalEditor = 'admin' | 'manager' | 'owner';
export type GoalEditRefusal = 'forbidden' | 'completed' | 'notPlanned' | 'repsMayNotEdit';

export function goalEditRefusal(
  editor: GoalEditor | null,
  status: CycleStatus,
  repsMayEditGoals: boolean,
): GoalEditRefusal | null {
  if (editor === null) return 'forbidden';
  if (status === 'completed') return 'completed';
  if (editor === 'manager' && status !== 'planned') return 'notPlanned';
  if (editor === 'owner' && !repsMayEditGoals) return 'repsMayNotEdit';
  return null;
}
