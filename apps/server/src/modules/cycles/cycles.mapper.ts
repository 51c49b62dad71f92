import { type Cycle, cycleStatus, type PlanTargetGoals, type Tally } from '@crm/shared';
import type { CyclePlanGoalsTable, CyclesTable } from '#server/db/schema.ts';
import type { CycleChannelRow, PlanGoalRow, TallyRow } from './cycles.repository.ts';

export function toCycle(row: CyclesTable, channels: readonly CycleChannelRow[], now: Date): Cycle {
  const dates = { startDate: row.start_date, endDate: row.end_date, gracePeriodDays: row.grace_period_days };
  return {
    id: row.id,
    name: row.name,
    ...dates,
    overThresholdPercent: row.over_threshold_percent,
    underThresholdPercent: row.under_threshold_percent,
    repsMayEditGoals: row.reps_may_edit_goals === 1,
    channels: channels
      .filter((channel) => channel.cycle_id === row.id)
      .map((channel) => ({
        channelId: channel.channel_id,
        name: channel.name,
        color: channel.color,
        weight: channel.weight,
      })),
    status: cycleStatus(dates, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const toTallies = (rows: readonly TallyRow[]): Tally[] =>
  rows.map((row) => ({
    doctorId: row.doctor_id,
    channelId: row.channel_id,
    done: Number(row.done),
    scheduled: Number(row.scheduled),
  }));

/** The goal rows of plans, grouped by plan then doctor, in the rows' order; names when the rows carry them. */
export function toTargetsByPlan(
  rows: readonly (PlanGoalRow | (CyclePlanGoalsTable & { first_name?: undefined; last_name?: undefined }))[],
): Map<string, PlanTargetGoals[]> {
  const byPlan = new Map<string, Map<string, PlanTargetGoals>>();
  for (const row of rows) {
    let targets = byPlan.get(row.plan_id);
    if (!targets) {
      targets = new Map();
      byPlan.set(row.plan_id, targets);
    }
    let target = targets.get(row.doctor_id);
    if (!target) {
      const doctorName = doctorNameOf(row);
      target = { doctorId: row.doctor_id, doctorName, goals: [] };
      targets.set(row.doctor_id, target);
    }
    target.goals.push({ channelId: row.channel_id, goal: row.goal, cap: row.cap });
  }
  return new Map([...byPlan].map(([planId, targets]) => [planId, [...targets.values()]]));
}

/** A user's name as lists show it: display name, else first and last name, else e-mail. */
export const userName = (user: {
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
}): string => user.display_name ?? ([user.first_name, user.last_name].filter(Boolean).join(' ') || user.email);

/** "Jean Martin"; null for a doctor no longer in the directory (or not read). */
export function doctorNameOf(row: { first_name?: string | null; last_name?: string | null }): string | null {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return name === '' ? null : name;
}
