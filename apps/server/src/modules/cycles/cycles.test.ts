import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChannelCounts,
  type Cycle,
  type CycleList,
  type CurrentPlanResult,
  type PlanImportResult,
  type PlanTargetCountsResult,
  type PlanView,
  type SegmentGoalsResult,
  type SyncDoctorsResult,
  type SyncPlansResult,
  type TeamResult,
} from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import type { CreatedUser } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { steppingClock } from '#server/test/stepping-clock.ts';
import { tableCounts } from '#server/test/table-counts.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

const PLAN_TABLES = ['cycles', 'cycle_channels', 'cycle_plans', 'cycle_plan_goals', 'audit_logs'] as const;
const DAY = 86_400_000;

/** Halfway through the first quarter of 2026 (45 of its 90 Paris days finished). */
const NOW = '2026-02-15T11:00:00.000Z';
/** The quarter's first instant (1 January, 00:00 in Paris) and last minute (31 March, 23:59 in Paris). */
const FIRST_INSTANT = '2025-12-31T23:00:00.000Z';
const LAST_MINUTE = '2026-03-31T21:59:00.000Z';

describe.each(engines())('cycle plans on %s', (engine) => {
  let t: TestApp;
  const clock = steppingClock(NOW);
  let admin: Call;
  let manager: Call;
  let rep: Call;
  let other: Call;
  let ids: { manager: string; rep: string; other: string; repEmail: string };
  let accounts: { admin: CreatedUser; rep: CreatedUser };
  let visit: string;
  let call: string;
  let email: string;
  let martin: { id: string; rpps: string };
  let durand: { id: string; rpps: string };
  let quarter: Cycle;
  let nextQuarter: Cycle;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    const adminAccount = await t.factory.user({ firstName: 'Anne', lastName: 'Admin', isAdmin: true });
    admin = await callerFor(t, adminAccount);
    const managerAccount = await t.factory.user({ firstName: 'Marc', lastName: 'Manager' });
    const repAccount = await t.factory.user({ firstName: 'Rémi', lastName: 'Rep', managerId: managerAccount.id });
    const otherAccount = await t.factory.user({ firstName: 'Olga', lastName: 'Autre' });
    manager = await callerFor(t, managerAccount);
    rep = await callerFor(t, repAccount);
    other = await callerFor(t, otherAccount);
    accounts = { admin: adminAccount, rep: repAccount };
    ids = { manager: managerAccount.id, rep: repAccount.id, other: otherAccount.id, repEmail: repAccount.email };
    visit = (await t.factory.channelByName('Face to face')).id;
    call = (await t.factory.channelByName('Call')).id;
    email = (await t.factory.channelByName('Email')).id;
    martin = await t.factory.doctor({ firstName: 'Jean', lastName: 'Martin' });
    durand = await t.factory.doctor({ firstName: 'Paule', lastName: 'Durand' });
  });
  afterAll(() => t.close());

  const db = (): Db => t.database.db;
  const counts = () => tableCounts(db(), PLAN_TABLES);

  async function ok<T>(answer: Promise<{ status: number; body: unknown }>, status = 200): Promise<T> {
    const { status: got, body } = await answer;
    expect(got, JSON.stringify(body)).toBe(status);
    return body as T;
  }

  /** A call that must be refused with `status` and `code`, changing nothing. */
  async function refused(call: () => ReturnType<Call>, status: number, code: string): Promise<ErrorBody> {
    const before = await counts();
    const answer = await call();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect((answer.body as ErrorBody).code).toBe(code);
    expect(await counts()).toEqual(before);
    return answer.body as ErrorBody;
  }

  const cycleBody = (overrides: object = {}) => ({
    name: 'T1 2026',
    startDate: '2026-01-01',
    endDate: '2026-03-31',
    channels: [
      { channelId: visit, weight: 3 },
      { channelId: call, weight: 1 },
    ],
    ...overrides,
  });
  const repPlan = (cycleId = quarter.id) => ok<PlanView>(rep('GET', `/api/cycles/${cycleId}/plans/${ids.rep}`));
  const channelOf = (plan: PlanView, doctorId: string, channelId: string): ChannelCounts | undefined =>
    plan.targets.find((target) => target.doctorId === doctorId)?.channels.find((c) => c.channelId === channelId);
  /** The rep's activity with Martin in person; a done one was reported an hour after its start. */
  const activity = (start: string, overrides: { done?: boolean } & Record<string, unknown> = {}) =>
    t.factory.activity({
      ownerId: ids.rep,
      doctorId: martin.id,
      channelId: visit,
      start,
      ...(overrides.done === true && { doneAt: new Date(Date.parse(start) + 3_600_000).toISOString() }),
      ...overrides,
    });

  it('lets administrators alone create and change cycles, audited', async () => {
    await refused(() => manager('POST', '/api/cycles', cycleBody()), 403, 'FORBIDDEN');
    await refused(() => rep('POST', '/api/cycles', cycleBody({ endDate: '2025-12-01' })), 403, 'FORBIDDEN');
    const invalid = await refused(
      () => admin('POST', '/api/cycles', cycleBody({ endDate: '2025-12-01' })),
      400,
      'VALIDATION_ERROR',
    );
    expect(invalid.fields).toHaveProperty('endDate');
    quarter = await ok<Cycle>(admin('POST', '/api/cycles', cycleBody()), 201);
    expect(quarter).toMatchObject({
      status: 'in_progress',
      gracePeriodDays: 30,
      overThresholdPercent: 10,
      underThresholdPercent: 10,
      repsMayEditGoals: false,
      channels: [
        { channelId: visit, name: 'Face to face', weight: 3 },
        { channelId: call, name: 'Call', weight: 1 },
      ],
    });
    nextQuarter = await ok<Cycle>(
      admin('POST', '/api/cycles', cycleBody({ name: 'T2 2026', startDate: '2026-04-01', endDate: '2026-06-30' })),
      201,
    );
    expect(nextQuarter.status).toBe('planned');
    await refused(() => manager('PUT', `/api/cycles/${quarter.id}`, { name: 'x' }), 403, 'FORBIDDEN');
    // A started cycle keeps its first day.
    await refused(() => admin('PUT', `/api/cycles/${quarter.id}`, { startDate: '2026-01-02' }), 409, 'CONFLICT');
    const renamed = await ok<Cycle>(admin('PUT', `/api/cycles/${quarter.id}`, { name: 'Premier trimestre 2026' }));
    expect(renamed.name).toBe('Premier trimestre 2026');
    const list = await ok<CycleList>(rep('GET', '/api/cycles'));
    expect(list.cycles.map((cycle) => cycle.id)).toEqual([nextQuarter.id, quarter.id]);
    const entries = await db()
      .selectFrom('audit_logs')
      .select(['action', 'entity_id'])
      .where('entity_type', '=', 'cycle')
      .orderBy('created_at')
      .execute();
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'create', 'update']);
    // A channel a cycle counts is in use for the configuration.
    await refused(() => admin('DELETE', `/api/configuration/channels/${visit}`), 409, 'IN_USE');
  });

  it('sets goals by hand, audited, and answers the plan with its counts', async () => {
    const before = await counts();
    const plan = await ok<PlanView>(
      admin('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, {
        targets: [
          {
            doctorId: martin.id,
            goals: [
              { channelId: visit, goal: 4, cap: 5 },
              { channelId: call, goal: 2 },
            ],
          },
          { doctorId: durand.id, goals: [{ channelId: visit, goal: 2 }] },
        ],
      }),
    );
    expect(plan.targets.map((target) => target.doctorName)).toEqual(['Paule Durand', 'Jean Martin']);
    expect(plan).toMatchObject({ attainment: 0, expectedAttainment: 50, pace: 'behind', canEditGoals: true });
    expect((await counts()).cycle_plan_goals).toBe((before.cycle_plan_goals ?? 0) + 3);
    const entry = await db()
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'set_goals')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity_type: 'cycle_plan' });
    expect(JSON.parse(entry.metadata ?? '{}')).toMatchObject({ source: 'hand', userId: ids.rep, doctors: 2 });
    const changes = JSON.parse(entry.changes ?? '{}') as { new: Record<string, Record<string, unknown>> };
    expect(changes.new[martin.id]?.[visit]).toEqual({ goal: 4, cap: 5 });
    // A channel the cycle does not count, a doctor unknown: refused, nothing written.
    await refused(
      () =>
        admin('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, {
          targets: [{ doctorId: martin.id, goals: [{ channelId: email, goal: 1 }] }],
        }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('counts done activities of the first and last Paris day, not a minute outside, and caps them', async () => {
    await activity(FIRST_INSTANT, { done: true, doneAt: FIRST_INSTANT });
    await activity('2025-12-31T22:59:00.000Z', { done: true, doneAt: '2025-12-31T23:30:00.000Z' });
    for (let i = 0; i < 6; i += 1) await activity(`2026-01-1${i}T09:00:00.000Z`, { done: true });
    // Future and not done: scheduled; the last minute of the last day is still in the cycle.
    await activity(LAST_MINUTE);
    await activity('2026-03-31T22:00:00.000Z');
    // Another rep's visit, an activity without a doctor: not this plan's.
    await t.factory.activity({
      ownerId: ids.other,
      doctorId: martin.id,
      channelId: visit,
      start: '2026-01-05T09:00:00.000Z',
      done: true,
    });
    await t.factory.activity({ ownerId: ids.rep, channelId: visit, start: '2026-01-05T09:00:00.000Z', done: true });
    const plan = await repPlan();
    expect(channelOf(plan, martin.id, visit)).toMatchObject({
      goal: 4,
      cap: 5,
      actual: 7,
      credited: 5,
      scheduled: 1,
      remaining: 0,
      toSchedule: 0,
      expected: 2,
    });
    // (3 × 5 + 1 × 0 + 3 × 0) ÷ (3 × 4 + 1 × 2 + 3 × 2) = 15 ÷ 20
    expect(plan.attainment).toBe(75);
    expect(plan.pace).toBe('ahead');
    const current = await ok<CurrentPlanResult>(rep('GET', '/api/cycles/current/plan'));
    expect(current.plan?.cycle.id).toBe(quarter.id);
    expect(current.plan?.attainment).toBe(75);
    expect(current.plan?.canEditGoals).toBe(false);
  });

  it('counts a visit marked done at once; a done activity moved out of the cycle counts nothing', async () => {
    const soon = await activity(new Date(Date.parse(NOW) + 2 * DAY).toISOString(), {
      channelId: call,
      doctorId: durand.id,
    });
    await activity(new Date(Date.parse(NOW) + 3 * DAY).toISOString(), { channelId: visit, doctorId: durand.id });
    const before = await repPlan();
    expect(channelOf(before, durand.id, visit)).toMatchObject({ actual: 0, scheduled: 1 });
    // A call to Durand is not one of Durand's goals: the plan ignores it.
    expect(channelOf(before, durand.id, call)).toBeUndefined();
    const moved = await activity(new Date(Date.parse(NOW) + DAY).toISOString(), { doctorId: durand.id });
    expect(channelOf(await repPlan(), durand.id, visit)?.scheduled).toBe(2);
    await ok(rep('PUT', `/api/activities/${moved.id}`, { start: '2026-04-02T08:00:00.000Z', done: true }));
    expect(channelOf(await repPlan(), durand.id, visit)).toMatchObject({ actual: 0, scheduled: 1 });
    const past = await activity('2026-02-10T08:00:00.000Z', { doctorId: durand.id });
    await ok(rep('PUT', `/api/activities/${past.id}`, { done: true }));
    const after = await repPlan();
    expect(channelOf(after, durand.id, visit)).toMatchObject({ actual: 1, scheduled: 1, remaining: 1 });
    expect(soon.id).toBeTruthy();
    // "1 of 2 visits this cycle", for the doctors list: only the doctors named that are targets.
    const stranger = await t.factory.doctor();
    const some = await ok<PlanTargetCountsResult>(
      rep('GET', `/api/cycles/current/plan/targets?doctorIds=${durand.id},${stranger.id}`),
    );
    expect(some.cycle?.id).toBe(quarter.id);
    expect(some.targets.map((target) => target.doctorId)).toEqual([durand.id]);
    expect(some.targets[0]?.channels[0]).toMatchObject({ actual: 1, goal: 2 });
  });

  it('keeps plans to their rep, their manager and administrators', async () => {
    await refused(() => other('GET', `/api/cycles/${quarter.id}/plans/${ids.rep}`), 403, 'FORBIDDEN');
    await refused(() => rep('GET', `/api/cycles/${quarter.id}/plans/${ids.other}`), 403, 'FORBIDDEN');
    await refused(() => manager('GET', `/api/cycles/${quarter.id}/plans/${ids.other}`), 403, 'FORBIDDEN');
    const managed = await ok<PlanView>(manager('GET', `/api/cycles/${quarter.id}/plans/${ids.rep}`));
    expect(managed).toMatchObject({ attainment: 90, canEditGoals: false });
    await ok<PlanView>(admin('GET', `/api/cycles/${quarter.id}/plans/${ids.other}`));
    await refused(() => rep('GET', `/api/cycles/${quarter.id}/team?managerId=${ids.manager}`), 403, 'FORBIDDEN');
    const team = await ok<TeamResult>(manager('GET', `/api/cycles/${quarter.id}/team`));
    expect(team.members).toEqual([
      expect.objectContaining({ userId: ids.rep, hasPlan: true, targets: 2, attainment: 90, pace: 'ahead' }),
    ]);
    expect(team.members[0]?.behind.map((target) => target.doctorId)).toEqual([]);
    const asAdmin = await ok<TeamResult>(admin('GET', `/api/cycles/${quarter.id}/team?managerId=${ids.manager}`));
    expect(asAdmin.members).toHaveLength(1);
  });

  it('lets a manager adjust goals while the cycle is planned only, and a rep only when the cycle allows', async () => {
    const goals = { targets: [{ doctorId: martin.id, goals: [{ channelId: visit, goal: 3 }] }] };
    await refused(() => manager('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, goals), 403, 'FORBIDDEN');
    await refused(
      () => manager('PUT', `/api/cycles/${nextQuarter.id}/plans/${ids.other}/targets`, goals),
      403,
      'FORBIDDEN',
    );
    const planned = await ok<PlanView>(manager('PUT', `/api/cycles/${nextQuarter.id}/plans/${ids.rep}/targets`, goals));
    expect(planned.targets).toHaveLength(1);
    await refused(() => rep('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, goals), 403, 'FORBIDDEN');
    await ok(admin('PUT', `/api/cycles/${quarter.id}`, { repsMayEditGoals: true }));
    // Their own targets' goals, not new doctors nor removals.
    const stranger = await t.factory.doctor();
    await refused(
      () =>
        rep('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, {
          targets: [{ doctorId: stranger.id, goals: [{ channelId: visit, goal: 1 }] }],
        }),
      403,
      'FORBIDDEN',
    );
    await refused(
      () => rep('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, { removeDoctorIds: [durand.id] }),
      403,
      'FORBIDDEN',
    );
    const adjusted = await ok<PlanView>(rep('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, goals));
    expect(channelOf(adjusted, martin.id, visit)).toMatchObject({ goal: 3, cap: null, credited: 7 });
    expect(adjusted.canEditGoals).toBe(true);
    await ok(admin('PUT', `/api/cycles/${quarter.id}`, { repsMayEditGoals: false }));
  });

  it('forgets the activities of a doctor removed from the plan', async () => {
    const before = await repPlan();
    expect(before.totals.find((total) => total.channelId === visit)?.actual).toBe(8);
    const after = await ok<PlanView>(
      admin('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, { removeDoctorIds: [durand.id] }),
    );
    expect(after.targets.map((target) => target.doctorId)).toEqual([martin.id]);
    expect(after.totals.find((total) => total.channelId === visit)?.actual).toBe(7);
    const removal = await db()
      .selectFrom('audit_logs')
      .select(['changes'])
      .where('action', '=', 'remove_targets')
      .executeTakeFirstOrThrow();
    const changes = JSON.parse(removal.changes ?? '{}') as { previous: object };
    expect(Object.keys(changes.previous)).toEqual([durand.id]);
  });

  it('sets goals by segment from the reps’ own targets', async () => {
    const target = await t.factory.target('Prioritaire');
    expect(target.id).toBeTruthy();
    const rows = [
      { doctor: martin.id, target: 'Prioritaire', potential: null },
      { doctor: durand.id, target: null, potential: 'Prioritaire' },
    ];
    await db()
      .insertInto('doctor_user_data')
      .values(
        rows.map((row) => ({
          user_id: ids.other,
          doctor_id: row.doctor,
          target: row.target,
          potential_target: row.potential,
          updated_at: NOW,
        })),
      )
      .execute();
    const body = { userIds: [ids.other], targets: ['Prioritaire'], goals: [{ channelId: visit, goal: 5 }] };
    await refused(() => manager('POST', `/api/cycles/${quarter.id}/plans/segment`, body), 403, 'FORBIDDEN');
    const targetsOnly = await ok<SegmentGoalsResult>(admin('POST', `/api/cycles/${quarter.id}/plans/segment`, body));
    expect(targetsOnly).toEqual({ plans: [{ userId: ids.other, doctors: 1 }], doctors: 1 });
    const withPotential = await ok<SegmentGoalsResult>(
      admin('POST', `/api/cycles/${quarter.id}/plans/segment`, { ...body, includePotential: true }),
    );
    expect(withPotential.doctors).toBe(2);
    const plan = await ok<PlanView>(admin('GET', `/api/cycles/${quarter.id}/plans/${ids.other}`));
    expect(plan.targets.map((target) => target.channels[0]?.goal)).toEqual([5, 5]);
  });

  it('imports goals from a CSV: a report per line, nothing written before the confirmation', async () => {
    const csv = [
      'email;rpps;channel;goal;cap',
      `${ids.repEmail};${durand.rpps};Face to face;2;3`,
      `${ids.repEmail.toUpperCase()};${martin.rpps};call;1;`,
      `nobody@test-crm.fr;${martin.rpps};Call;1;`,
      `${ids.repEmail};99999999999;Call;1;`,
      `${ids.repEmail};${martin.rpps};Email;1;`,
      `${ids.repEmail};${martin.rpps};Face to face;deux;`,
      `${ids.repEmail};${martin.rpps};Face to face;4;2`,
      `${ids.repEmail};${durand.rpps};Face to face;1;`,
      `${ids.repEmail};${durand.rpps}`,
      '',
    ].join('\n');
    const url = `/api/cycles/${quarter.id}/plans/import`;
    await refused(() => manager('POST', url, { csv }), 403, 'FORBIDDEN');
    const before = await counts();
    const preview = await ok<PlanImportResult>(admin('POST', url, { csv }));
    expect(await counts()).toEqual(before);
    expect(preview).toMatchObject({ confirmed: false, lines: 9, accepted: 2, rejected: 7, plans: 1, targets: 2 });
    expect(preview.rejections.map(({ line, error }) => [line, error])).toEqual([
      [4, 'cycles.import.unknownUser'],
      [5, 'cycles.import.unknownDoctor'],
      [6, 'cycles.import.unknownChannel'],
      [7, 'cycles.import.invalidGoal'],
      [8, 'cycles.import.invalidCap'],
      [9, 'cycles.import.duplicate'],
      [10, 'cycles.import.columns'],
    ]);
    expect(preview.rejections[0]?.message).toBe('No user has this e-mail address');
    const header = await refused(() => admin('POST', url, { csv: 'a;b\n1;2' }), 400, 'VALIDATION_ERROR');
    expect(header.fields).toHaveProperty('csv');
    const done = await ok<PlanImportResult>(admin('POST', url, { csv, confirm: true }));
    expect(done).toMatchObject({ confirmed: true, accepted: 2, rejected: 7 });
    const plan = await repPlan();
    expect(channelOf(plan, durand.id, visit)).toMatchObject({ goal: 2, cap: 3, actual: 1 });
    expect(channelOf(plan, martin.id, call)).toMatchObject({ goal: 1, cap: null });
    const entries = await db()
      .selectFrom('audit_logs')
      .select(['metadata'])
      .where('action', '=', 'set_goals')
      .execute();
    const imported = entries.map((entry) => JSON.parse(entry.metadata ?? '{}') as { source: string });
    expect(imported.filter((metadata) => metadata.source === 'import')).toEqual([
      expect.objectContaining({ userId: ids.rep, lines: 2 }),
    ]);
  });

  it('gives the device its plans: goals and the tallies older than its calendar window', async () => {
    const slice = await ok<SyncPlansResult>(rep('GET', '/api/sync/plans'));
    expect(slice.plans.map((plan) => plan.cycle.id)).toEqual([quarter.id]);
    expect(slice.plans[0]?.targets.map((target) => target.doctorId).sort()).toEqual([martin.id, durand.id].sort());
    // The quarter started within the six months the device keeps: it counts every activity itself.
    expect(slice.plans[0]?.before).toEqual({ until: '2025-08-15T11:00:00.000Z', tallies: [] });
    // A target the rep has never seen is among the doctors the device keeps, to be scheduled offline.
    const newcomer = await t.factory.doctor({ lastName: 'Nouveau' });
    await ok(
      admin('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, {
        targets: [{ doctorId: newcomer.id, goals: [{ channelId: visit, goal: 1 }] }],
      }),
    );
    const doctors = await ok<SyncDoctorsResult>(rep('GET', '/api/sync/doctors'));
    expect(doctors.neededIds).toContain(newcomer.id);
    expect(doctors.doctors.map((doctor) => doctor.id)).toContain(newcomer.id);
  });

  /** Moves the clock, and signs in again: the sessions of February have expired. */
  async function moveTo(instant: string): Promise<void> {
    clock.advance(Date.parse(instant) - clock.now().getTime());
    rep = await callerFor(t, accounts.rep);
    admin = await callerFor(t, accounts.admin);
  }

  it('counts late reports during the grace period, then closes the cycle', async () => {
    // The 31 March visit, reported on 15 April: in the grace period, it counts.
    await moveTo('2026-04-15T08:00:00.000Z');
    const [late] = await db()
      .selectFrom('activities')
      .select('id')
      .where('owner_id', '=', ids.rep)
      .where('start_at', '=', LAST_MINUTE)
      .execute();
    await ok(rep('PUT', `/api/activities/${late?.id}`, { done: true }));
    const inGrace = await repPlan();
    expect(inGrace.cycle.status).toBe('in_progress');
    expect(inGrace.elapsedShare).toBe(1);
    expect(channelOf(inGrace, martin.id, visit)?.actual).toBe(8);
    // The window the device keeps moves with the clock.
    const slice = await ok<SyncPlansResult>(rep('GET', '/api/sync/plans'));
    expect(slice.plans[0]?.before.until).toBe('2025-10-15T08:00:00.000Z');

    // Reported after the grace period: not counted, and the cycle is completed.
    const later = await activity('2026-03-30T08:00:00.000Z');
    await moveTo('2026-05-01T08:00:00.000Z');
    await ok(rep('PUT', `/api/activities/${later.id}`, { done: true }));
    const closed = await repPlan();
    expect(closed.cycle.status).toBe('completed');
    expect(channelOf(closed, martin.id, visit)?.actual).toBe(8);
    // The current plan is now the second quarter's, which the manager prepared.
    const current = await ok<CurrentPlanResult>(rep('GET', '/api/cycles/current/plan'));
    expect(current.plan?.cycle.id).toBe(nextQuarter.id);
    await refused(
      () =>
        admin('PUT', `/api/cycles/${quarter.id}/plans/${ids.rep}/targets`, {
          targets: [{ doctorId: martin.id, goals: [{ channelId: visit, goal: 1 }] }],
        }),
      409,
      'CONFLICT',
    );
    await refused(() => admin('PUT', `/api/cycles/${quarter.id}`, { name: 'x' }), 409, 'CONFLICT');
  });
});
