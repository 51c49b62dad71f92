import { cycleWindow, DEFAULT_GRACE_PERIOD_DAYS, DEMO_ACCOUNTS, parisDay, wallClock, zonedInstant } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { CyclePlanGoalsTable } from '#server/db/schema.ts';
import { CyclesRepository } from '#server/modules/cycles/cycles.repository.ts';

/** Targets of a demo rep's plan: the doctors they see most this quarter. */
const DEMO_PLAN_TARGETS = 60;
/** The channels the demo cycles count, and their weights: a visit weighs three calls or e-mails. */
const DEMO_CHANNELS = [
  { name: 'Face to face', weight: 3 },
  { name: 'Call', weight: 1 },
  { name: 'Email', weight: 1 },
] as const;

/** The calendar quarter `offset` quarters from the one of `now`, as Paris days. */
function quarter(now: Date, offset: number): { name: string; startDate: string; endDate: string } {
  const { year, month } = wallClock(now);
  const index = Math.floor((month - 1) / 3) + offset;
  const startYear = year + Math.floor(index / 4);
  const startMonth = (((index % 4) + 4) % 4) * 3 + 1;
  const start = zonedInstant({ year: startYear, month: startMonth, day: 1 });
  const end = zonedInstant({ year: startYear, month: startMonth + 3, day: 0, hour: 12 });
  return {
    name: `T${(startMonth + 2) / 3} ${startYear}`,
    startDate: parisDay(start),
    endDate: parisDay(end),
  };
}

/**
 * Demo cycle plans (issue 33): the current quarter, in progress, and the next one, planned, counting visits,
 * calls and e-mails. Each demo representative's plan in the current quarter targets the doctors they see most
 * in it, with goals close to what their calendar holds, so that "My plan" shows targets on track, behind and
 * ahead; the next quarter has the same targets for the manager to adjust.
 */
export async function seedDemoCycles(db: Db, now: Date = new Date()): Promise<void> {
  const cycles = new CyclesRepository();
  const at = now.toISOString();
  const channels = await db
    .selectFrom('channels')
    .select(['id', 'name'])
    .where(
      'name',
      'in',
      DEMO_CHANNELS.map((channel) => channel.name),
    )
    .execute();
  const idOf = new Map(channels.map((channel) => [channel.name, channel.id]));
  const counted = DEMO_CHANNELS.flatMap((channel) => {
    const id = idOf.get(channel.name);
    return id === undefined ? [] : [{ channel_id: id, weight: channel.weight }];
  });
  const visit = idOf.get('Face to face');
  const call = idOf.get('Call');
  const email = idOf.get('Email');
  if (visit === undefined || call === undefined || email === undefined) return;
  const reps = await db
    .selectFrom('users')
    .select(['id'])
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.filter((account) => account.role === 'representative' || account.role === 'reader').map(
        (account) => account.email,
      ),
    )
    .orderBy('email')
    .execute();

  const [current, next] = [quarter(now, 0), quarter(now, 1)].map((dates) => ({ id: newId(), ...dates }));
  if (!current || !next) return;
  for (const cycle of [current, next]) {
    await cycles.insertCycle(db, {
      id: cycle.id,
      name: cycle.name,
      start_date: cycle.startDate,
      end_date: cycle.endDate,
      grace_period_days: DEFAULT_GRACE_PERIOD_DAYS,
      over_threshold_percent: 15,
      under_threshold_percent: 15,
      reps_may_edit_goals: 0,
      created_by: null,
      created_at: at,
      updated_at: at,
    });
    await cycles.insertCycleChannels(
      db,
      counted.map((channel, position) => ({ cycle_id: cycle.id, ...channel, position })),
    );
  }

  const window = { ...cycleWindow({ ...current, gracePeriodDays: DEFAULT_GRACE_PERIOD_DAYS }), now: at };
  for (const rep of reps) {
    const tallies = await cycles.tallies(db, [rep.id], window, [visit, call, email]);
    const seen = new Map<string, number>();
    for (const tally of tallies) {
      seen.set(tally.doctor_id, (seen.get(tally.doctor_id) ?? 0) + Number(tally.done) + Number(tally.scheduled));
    }
    const targets = [...seen]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, DEMO_PLAN_TARGETS)
      .map(([doctorId]) => doctorId);
    const inPerson = (doctorId: string) =>
      tallies
        .filter((tally) => tally.doctor_id === doctorId && tally.channel_id === visit)
        .reduce((sum, tally) => sum + Number(tally.done) + Number(tally.scheduled), 0);
    for (const cycle of [current, next]) {
      await cycles.insertPlanIfMissing(db, {
        id: newId(),
        cycle_id: cycle.id,
        user_id: rep.id,
        created_at: at,
        updated_at: at,
      });
      const plan = await cycles.findPlan(db, cycle.id, rep.id);
      if (!plan) continue;
      const goals: CyclePlanGoalsTable[] = targets.flatMap((doctorId, index) => {
        // Some goals a visit above what the calendar holds (behind), some below (ahead), most level.
        const visits = Math.max(1, inPerson(doctorId) + (index % 4 === 0 ? 1 : 0) - (index % 7 === 0 ? 1 : 0));
        return [
          { plan_id: plan.id, doctor_id: doctorId, channel_id: visit, goal: visits, cap: visits + 1 },
          ...(index % 2 === 0 ? [{ plan_id: plan.id, doctor_id: doctorId, channel_id: call, goal: 1, cap: null }] : []),
          ...(index % 3 === 0 ? [{ plan_id: plan.id, doctor_id: doctorId, channel_id: email, goal: 2, cap: 3 }] : []),
        ];
      });
      await cycles.upsertGoals(db, goals);
    }
  }
}
