import { describe, expect, it } from 'vitest';
import {
  type ActivityForCounts,
  activityTally,
  cycleStatus,
  cycleWindow,
  elapsedShare,
  goalEditRefusal,
  mergeTallies,
  paceOf,
  planCounts,
  slicePlanCounts,
  tallyActivities,
} from './cycles.rules.ts';
import { CycleInput, PlanGoalInput, PlanTargetsUpdate } from './cycles.schemas.ts';

const VISIT = '00000000-0000-7000-8000-00000000000a';
const CALL = '00000000-0000-7000-8000-00000000000b';
const EMAIL = '00000000-0000-7000-8000-00000000000c';
const MARTIN = '00000000-0000-7000-8000-000000000001';
const DURAND = '00000000-0000-7000-8000-000000000002';

/** The first quarter of 2026: 90 Paris days, winter time at the start, summer time at the end. */
const cycle = {
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  gracePeriodDays: 30,
  overThresholdPercent: 10,
  underThresholdPercent: 20,
  channels: [
    { channelId: VISIT, weight: 3 },
    { channelId: CALL, weight: 1 },
  ],
};
const window = cycleWindow(cycle);

const activity = (overrides: Partial<ActivityForCounts>): ActivityForCounts => ({
  doctorId: MARTIN,
  channelId: VISIT,
  start: '2026-02-10T09:00:00.000Z',
  done: true,
  doneAt: '2026-02-10T11:00:00.000Z',
  ...overrides,
});

describe('a cycle in time', () => {
  it('is bounded by Paris days: midnight in winter at the start, in summer after the end', () => {
    expect(window).toEqual({
      from: '2025-12-31T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
      closesAt: '2026-04-30T22:00:00.000Z',
    });
  });

  it('is planned until its first day, in progress through the grace period, then completed', () => {
    expect(cycleStatus(cycle, new Date('2025-12-31T22:59:59.999Z'))).toBe('planned');
    expect(cycleStatus(cycle, new Date('2025-12-31T23:00:00.000Z'))).toBe('in_progress');
    expect(cycleStatus(cycle, new Date('2026-04-30T21:59:59.999Z'))).toBe('in_progress');
    expect(cycleStatus(cycle, new Date('2026-04-30T22:00:00.000Z'))).toBe('completed');
    expect(cycleStatus({ ...cycle, gracePeriodDays: 0 }, new Date('2026-03-31T22:00:00.000Z'))).toBe('completed');
  });

  it('has elapsed nothing all its first day, and everything from the day after its last', () => {
    expect(elapsedShare(cycle, new Date('2026-01-01T22:59:00.000Z'))).toBe(0);
    expect(elapsedShare(cycle, new Date('2026-01-02T00:00:00.000Z'))).toBeCloseTo(1 / 90);
    expect(elapsedShare(cycle, new Date('2026-03-31T21:00:00.000Z'))).toBeCloseTo(89 / 90);
    expect(elapsedShare(cycle, new Date('2026-03-31T22:00:00.000Z'))).toBe(1);
    expect(elapsedShare(cycle, new Date('2025-11-01T00:00:00.000Z'))).toBe(0);
  });
});

describe('which activities count', () => {
  const now = new Date('2026-02-15T12:00:00.000Z');

  it('counts a done activity of the first and of the last Paris day, not one a minute outside', () => {
    expect(activityTally(activity({ start: '2025-12-31T23:00:00.000Z' }), window, now)).toBe('done');
    expect(activityTally(activity({ start: '2025-12-31T22:59:00.000Z' }), window, now)).toBeNull();
    expect(activityTally(activity({ start: '2026-03-31T21:59:00.000Z' }), window, now)).toBe('done');
    expect(activityTally(activity({ start: '2026-03-31T22:00:00.000Z' }), window, now)).toBeNull();
  });

  it('counts a late report until the grace period ends, not after', () => {
    const late = (doneAt: string) => activity({ start: '2026-03-31T08:00:00.000Z', doneAt });
    expect(activityTally(late('2026-04-30T21:59:59.999Z'), window, now)).toBe('done');
    expect(activityTally(late('2026-04-30T22:00:00.000Z'), window, now)).toBeNull();
  });

  it('schedules future activities not done, and counts neither past ones not done nor those without a doctor', () => {
    expect(activityTally(activity({ start: '2026-02-16T08:00:00.000Z', done: false, doneAt: null }), window, now)).toBe(
      'scheduled',
    );
    expect(
      activityTally(activity({ start: '2026-02-14T08:00:00.000Z', done: false, doneAt: null }), window, now),
    ).toBeNull();
    expect(activityTally(activity({ doctorId: null }), window, now)).toBeNull();
  });

  it('tallies per doctor and cycle channel; a done activity moved out of the cycle no longer counts', () => {
    const activities = [
      activity({}),
      activity({ channelId: CALL }),
      activity({ channelId: EMAIL }),
      activity({ doctorId: DURAND, start: '2026-03-01T08:00:00.000Z', done: false, doneAt: null }),
      // moved to April, then marked done
      activity({ start: '2026-04-02T08:00:00.000Z', doneAt: '2026-04-02T10:00:00.000Z' }),
    ];
    expect(tallyActivities(activities, cycle, now)).toEqual([
      { doctorId: MARTIN, channelId: VISIT, done: 1, scheduled: 0 },
      { doctorId: MARTIN, channelId: CALL, done: 1, scheduled: 0 },
      { doctorId: DURAND, channelId: VISIT, done: 0, scheduled: 1 },
    ]);
  });

  it('merges tallies of the same doctor and channel', () => {
    expect(
      mergeTallies(
        [{ doctorId: MARTIN, channelId: VISIT, done: 2, scheduled: 0 }],
        [
          { doctorId: MARTIN, channelId: VISIT, done: 1, scheduled: 1 },
          { doctorId: DURAND, channelId: CALL, done: 1, scheduled: 0 },
        ],
      ),
    ).toEqual([
      { doctorId: MARTIN, channelId: VISIT, done: 3, scheduled: 1 },
      { doctorId: DURAND, channelId: CALL, done: 1, scheduled: 0 },
    ]);
  });
});

describe('the counts', () => {
  // Halfway: 45 of 90 days finished.
  const halfway = new Date('2026-02-15T12:00:00.000Z');

  it('caps what is credited, weights the channels, and leaves out channels the cycle does not count', () => {
    const counts = planCounts(
      cycle,
      [
        {
          doctorId: MARTIN,
          doctorName: 'Jean Martin',
          goals: [
            { channelId: VISIT, goal: 4, cap: 5 },
            { channelId: CALL, goal: 2, cap: null },
            { channelId: EMAIL, goal: 3, cap: null },
          ],
        },
      ],
      [
        { doctorId: MARTIN, channelId: VISIT, done: 7, scheduled: 1 },
        { doctorId: MARTIN, channelId: CALL, done: 0, scheduled: 1 },
      ],
      halfway,
    );
    const [target] = counts.targets;
    expect(target?.channels).toEqual([
      {
        channelId: VISIT,
        goal: 4,
        cap: 5,
        actual: 7,
        credited: 5,
        scheduled: 1,
        remaining: 0,
        toSchedule: 0,
        expected: 2,
      },
      {
        channelId: CALL,
        goal: 2,
        cap: null,
        actual: 0,
        credited: 0,
        scheduled: 1,
        remaining: 2,
        toSchedule: 1,
        expected: 1,
      },
    ]);
    // (3 × 5 + 1 × 0) ÷ (3 × 4 + 1 × 2) = 15 ÷ 14
    expect(target?.attainment).toBe(107);
    expect(target?.pace).toBe('ahead');
    expect(counts.attainment).toBe(107);
    expect(counts.expectedAttainment).toBe(50);
    expect(counts.totals.map((total) => [total.channelId, total.goal, total.credited])).toEqual([
      [VISIT, 4, 5],
      [CALL, 2, 0],
    ]);
  });

  it('forgets the activities of a doctor removed from the plan', () => {
    const tallies = [
      { doctorId: MARTIN, channelId: VISIT, done: 2, scheduled: 0 },
      { doctorId: DURAND, channelId: VISIT, done: 4, scheduled: 0 },
    ];
    const goals = [{ channelId: VISIT, goal: 4, cap: null }];
    const both = planCounts(
      cycle,
      [
        { doctorId: MARTIN, doctorName: null, goals },
        { doctorId: DURAND, doctorName: null, goals },
      ],
      tallies,
      halfway,
    );
    expect(both.attainment).toBe(75);
    const one = planCounts(cycle, [{ doctorId: MARTIN, doctorName: null, goals }], tallies, halfway);
    expect(one.attainment).toBe(50);
    expect(one.totals[0]?.actual).toBe(2);
  });

  it('has no attainment and is on track without a goal', () => {
    const counts = planCounts(
      cycle,
      [{ doctorId: MARTIN, doctorName: null, goals: [{ channelId: VISIT, goal: 0, cap: null }] }],
      [],
      halfway,
    );
    expect(counts.attainment).toBeNull();
    expect(counts.pace).toBe('on_track');
  });

  it('judges the pace against the share elapsed and its thresholds', () => {
    const thresholds = { overThresholdPercent: 10, underThresholdPercent: 20 };
    expect(paceOf(0.4, 0.5, thresholds)).toBe('on_track');
    expect(paceOf(0.39, 0.5, thresholds)).toBe('behind');
    expect(paceOf(0.55, 0.5, thresholds)).toBe('on_track');
    expect(paceOf(0.56, 0.5, thresholds)).toBe('ahead');
    expect(paceOf(0.3, 0, thresholds)).toBe('on_track');
    expect(paceOf(null, 0.5, thresholds)).toBe('on_track');
  });

  it('counts on the device from the older tallies plus its own activities since then', () => {
    const counts = slicePlanCounts(
      {
        cycle,
        targets: [{ doctorId: MARTIN, doctorName: null, goals: [{ channelId: VISIT, goal: 4, cap: null }] }],
        before: {
          until: '2026-02-01T00:00:00.000Z',
          tallies: [{ doctorId: MARTIN, channelId: VISIT, done: 2, scheduled: 0 }],
        },
      },
      // the first is before `until`: already in the tallies, not counted twice
      [activity({ start: '2026-01-20T08:00:00.000Z' }), activity({})],
      halfway,
    );
    expect(counts.targets[0]?.channels[0]?.actual).toBe(3);
  });
});

describe('who changes goals', () => {
  it('lets an administrator until the end, a manager while planned, a rep when the cycle allows', () => {
    expect(goalEditRefusal('admin', 'in_progress', false)).toBeNull();
    expect(goalEditRefusal('admin', 'completed', true)).toBe('completed');
    expect(goalEditRefusal('manager', 'planned', false)).toBeNull();
    expect(goalEditRefusal('manager', 'in_progress', false)).toBe('notPlanned');
    expect(goalEditRefusal('owner', 'in_progress', false)).toBe('repsMayNotEdit');
    expect(goalEditRefusal('owner', 'in_progress', true)).toBeNull();
    expect(goalEditRefusal(null, 'planned', true)).toBe('forbidden');
  });
});

describe('the schemas', () => {
  const input = { name: 'T1 2026', startDate: '2026-01-01', endDate: '2026-03-31', channels: [{ channelId: VISIT }] };

  it('fill the defaults of a cycle and refuse an end before its start', () => {
    expect(CycleInput.parse(input)).toMatchObject({
      gracePeriodDays: 30,
      overThresholdPercent: 10,
      underThresholdPercent: 10,
      repsMayEditGoals: false,
      channels: [{ channelId: VISIT, weight: 1 }],
    });
    const refused = CycleInput.safeParse({ ...input, endDate: '2025-12-31' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['endDate'], message: 'validation.dateRange' });
    expect(CycleInput.safeParse({ ...input, endDate: '2027-03-31' }).error?.issues[0]?.message).toBe('cycles.tooLong');
  });

  it('refuse a cap below its goal and a doctor twice', () => {
    expect(PlanGoalInput.safeParse({ channelId: VISIT, goal: 4, cap: 3 }).error?.issues[0]?.message).toBe(
      'cycles.capBelowGoal',
    );
    const target = { doctorId: MARTIN, goals: [{ channelId: VISIT, goal: 1 }] };
    expect(PlanTargetsUpdate.safeParse({ targets: [target, target] }).error?.issues[0]?.message).toBe(
      'cycles.doctorTwice',
    );
    expect(PlanTargetsUpdate.safeParse({}).error?.issues[0]?.message).toBe('validation.nothingToUpdate');
  });
});
