import type { CyclePlanGoalsTable, CyclesTable } from '#server/db/schema.ts';
import { CyclesRepository } from '#server/modules/cycles/cycles.repository.ts';
import { queriesOf, type RepositoryQueries } from './calls.ts';
import { at, ids } from './samples.ts';

/** The cycle plans' repository (issue 33), kept apart from registry.ts so its changes stay together. */

const cycle = { id: 'cycle-1', plan: 'plan-1', channel: ids.channel, otherChannel: 'channel-2' } as const;

const cycleRow: CyclesTable = {
  id: cycle.id,
  name: 'T1 2026',
  start_date: '2026-01-01',
  end_date: '2026-03-31',
  grace_period_days: 30,
  over_threshold_percent: 10,
  under_threshold_percent: 10,
  reps_may_edit_goals: 0,
  created_by: ids.user,
  created_at: at,
  updated_at: at,
};

const goalRow: CyclePlanGoalsTable = {
  plan_id: cycle.plan,
  doctor_id: ids.doctor,
  channel_id: cycle.channel,
  goal: 4,
  cap: 5,
};

const window = {
  from: '2025-12-31T23:00:00.000Z',
  to: '2026-03-31T22:00:00.000Z',
  closesAt: '2026-04-30T22:00:00.000Z',
  now: at,
};

export const cyclesRegistry: RepositoryQueries[] = [
  queriesOf(CyclesRepository, {
    listCycles: { args: () => [] },
    findCycle: { args: () => [cycle.id] },
    cycleChannels: { args: () => [[cycle.id]] },
    insertCycle: { args: () => [cycleRow] },
    updateCycle: { args: () => [cycle.id, { name: 'Premier trimestre', updated_at: at }] },
    deleteCycleChannels: { args: () => [cycle.id] },
    insertCycleChannels: {
      args: () => [[{ cycle_id: cycle.id, channel_id: cycle.channel, weight: 3, position: 0 }]],
    },
    existingChannelIds: { args: () => [[cycle.channel, cycle.otherChannel]] },
    findPlan: { args: () => [cycle.id, ids.user] },
    plansOf: { args: () => [cycle.id, [ids.user, ids.manager]] },
    insertPlanIfMissing: {
      args: () => [{ id: cycle.plan, cycle_id: cycle.id, user_id: ids.user, created_at: at, updated_at: at }],
    },
    touchPlans: { args: () => [[cycle.plan], at] },
    cyclesWithPlanOf: { args: () => [ids.user] },
    planGoals: [
      { shape: 'whole plans', args: () => [[cycle.plan]] },
      { shape: 'some doctors', args: () => [[cycle.plan], [ids.doctor, ids.otherDoctor]] },
    ],
    goalsOf: { args: () => [[cycle.plan, 'plan-2']] },
    doctorNames: { args: () => [[ids.doctor, ids.otherDoctor]] },
    upsertGoals: { args: () => [[goalRow]] },
    deleteTargets: { args: () => [cycle.plan, [ids.doctor]] },
    tallies: [
      { shape: "a rep's plan", args: () => [[ids.user], window, [cycle.channel, cycle.otherChannel]] },
      { shape: 'a team', args: () => [[ids.user, ids.manager], window, [cycle.channel]] },
      { shape: 'some doctors', args: () => [[ids.user], window, [cycle.channel], [ids.doctor, ids.otherDoctor]] },
    ],
    segmentDoctors: [
      { shape: 'targets', args: () => [[ids.user], ['Prioritaire'], false] },
      { shape: 'targets and potential targets', args: () => [[ids.user], ['Prioritaire'], true] },
    ],
    usersByEmail: { args: () => [['rep@demo-crm.fr']] },
    doctorsByRpps: { args: () => [['10001234567']] },
    existingDoctorIds: { args: () => [[ids.doctor]] },
  }),
];
