import { ActivityInput, type Activity, type ChannelCounts, type TargetCounts } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { activity, CALL, EVENT, FACE_TO_FACE } from '@/modules/activities/test/fixtures';
import { fetchCurrentPlan, fetchTargetCounts } from '@/modules/cycles/fetchers';
import { DOCTOR_ID, OTHER_DOCTOR_ID } from '@/modules/cycles/test/plans';
import { SLICE_CYCLE, slicePlan } from '@/modules/cycles/test/slice-plans';
import { checkHealth } from '@/offline/engine/network-monitor';
import { queueActivityCreate, queueActivityDone } from '@/offline/queue/offline-writes';
import { currentPlanFromSlice, targetCountsFromSlice } from '@/offline/slice/plan-queries';
import { isNotAvailableOffline } from '@/offline/slice/slice-queries';
import { storePlans } from '@/offline/store/plan-store';
import { storeActivitiesPage } from '@/offline/store/slice-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { REP_USER } from '@/test/tokens';

const A = REP_USER.id;
const OTHER_USER = '0190a0c4-7a6b-7c1e-9f00-000000000009';
/** A Wednesday of the test cycle (T4 2026, 1 October to 31 December). */
const NOW = new Date('2026-11-25T12:00:00.000Z');

const id = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const on = (day: string) => ({ start: `${day}T09:00:00.000Z`, end: `${day}T10:00:00.000Z` });
const doneOn = (day: string) => ({ ...on(day), done: true, doneAt: `${day}T10:00:00.000Z`, status: 'done' as const });
const martin = { doctorId: DOCTOR_ID, doctorName: 'Jean Martin' };
const durand = { doctorId: OTHER_DOCTOR_ID, doctorName: 'Claire Durand' };

const stored: Activity[] = [
  activity({ id: id(1), ...martin, ...doneOn('2026-11-10') }),
  activity({ id: id(2), ...martin, ...on('2026-12-02') }),
  // Past and not done: neither done nor scheduled (the calendar's incomplete).
  activity({ id: id(3), ...martin, ...on('2026-11-20'), status: 'incomplete' }, CALL),
  // A channel the cycle does not count, no doctor, before the cycle, someone else's: none counts.
  activity({ id: id(4), ...durand, ...doneOn('2026-11-12') }, EVENT),
  activity({ id: id(5), ...doneOn('2026-11-13') }),
  activity({ id: id(6), ...martin, ...doneOn('2026-09-28') }),
  activity({ id: id(7), ...martin, ...doneOn('2026-11-14'), ownerId: OTHER_USER }),
];

async function storeActivities(activities: Activity[]) {
  await storeActivitiesPage(A, { records: activities, removedIds: [], nextCursor: 'c', hasMore: false });
}

/** Per target, per channel: done of goal, scheduled, still to schedule. */
const figures = (targets: readonly TargetCounts[]): Record<string, number[][]> =>
  Object.fromEntries(
    targets.map((target): [string, number[][]] => [
      target.doctorName ?? target.doctorId,
      target.channels.map((counts: ChannelCounts) => [counts.actual, counts.goal, counts.scheduled, counts.toSchedule]),
    ]),
  );

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await freshOfflineStore();
  setSession('token', REP_USER);
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the current plan counted on the device', () => {
  it('counts the stored plan with the rep’s own activities, as the server counts them', async () => {
    await storePlans(A, [slicePlan()]);
    await storeActivities(stored);

    const { plan } = await currentPlanFromSlice(A);

    expect(plan).toMatchObject({
      cycle: { id: SLICE_CYCLE.id, status: 'in_progress' },
      user: { id: A, name: 'Julien Lefèvre' },
      canEditGoals: false,
      computedAt: NOW.toISOString(),
      // 55 of the cycle's 92 days finished; (3 × 1) ÷ (3 × 3 + 3 × 4 + 1 × 2).
      expectedAttainment: 60,
      attainment: 13,
      pace: 'behind',
    });
    expect(figures(plan?.targets ?? [])).toEqual({
      'Claire Durand': [[0, 3, 0, 3]],
      'Jean Martin': [
        [1, 4, 1, 2],
        [0, 2, 0, 2],
      ],
    });
  });

  it('moves at once with a visit marked done and one planned offline, still waiting in the queue', async () => {
    await storePlans(A, [slicePlan()]);
    await storeActivities(stored);

    await queueActivityDone(A, stored[2] as Activity);
    const planned = ActivityInput.parse({
      id: id(8),
      channelId: FACE_TO_FACE.id,
      start: '2026-12-03T09:00:00.000Z',
      duration: 30,
      productIds: [],
      acknowledgeRules: true,
      doctorId: OTHER_DOCTOR_ID,
      doctorName: 'Claire Durand',
    }) as ActivityInput & { id: string };
    await queueActivityCreate(A, planned, FACE_TO_FACE);

    const { plan } = await currentPlanFromSlice(A);
    expect(figures(plan?.targets ?? [])).toEqual({
      'Claire Durand': [[0, 3, 1, 2]],
      'Jean Martin': [
        [1, 4, 1, 2],
        [1, 2, 0, 1],
      ],
    });
  });

  it('adds the server’s tallies of the activities before its window, leaving out the older ones it holds', async () => {
    await storePlans(A, [
      slicePlan({
        before: {
          until: '2026-10-15T00:00:00.000Z',
          tallies: [{ doctorId: DOCTOR_ID, channelId: FACE_TO_FACE.id, done: 2, scheduled: 0 }],
        },
      }),
    ]);
    // Counted by the server's tally already: counting it again would make it three.
    await storeActivities([...stored, activity({ id: id(9), ...martin, ...doneOn('2026-10-05') })]);

    const { plan } = await currentPlanFromSlice(A);
    expect(plan?.targets.find((target) => target.doctorId === DOCTOR_ID)?.channels[0]).toMatchObject({
      actual: 3,
      toSchedule: 0,
    });
  });

  it('takes the cycle whose days include today, else the one in its grace period, else none', async () => {
    const ended = slicePlan({
      cycle: {
        ...SLICE_CYCLE,
        id: id(100),
        name: 'T3 2026',
        startDate: '2026-07-01',
        endDate: '2026-09-30',
        gracePeriodDays: 60,
      },
    });
    await storePlans(A, [ended, slicePlan()]);
    expect((await currentPlanFromSlice(A)).plan?.cycle.name).toBe('T4 2026');

    await storePlans(A, [ended]);
    expect((await currentPlanFromSlice(A)).plan?.cycle).toMatchObject({ name: 'T3 2026', status: 'in_progress' });
    // Its grace period over since the pull: no current plan.
    expect(await currentPlanFromSlice(A, new Date('2026-12-01T12:00:00.000Z'))).toEqual({ plan: null });

    await storePlans(A, []);
    expect(await currentPlanFromSlice(A)).toEqual({ plan: null });
  });

  it('says the plan is not available offline before a pull stored one', async () => {
    await expect(currentPlanFromSlice(A)).rejects.toSatisfy(isNotAvailableOffline);
    await expect(targetCountsFromSlice(A, [DOCTOR_ID])).rejects.toSatisfy(isNotAvailableOffline);
  });
});

describe('a page of doctors’ counts on the device', () => {
  it('answers those of the doctors asked for that are targets', async () => {
    await storePlans(A, [slicePlan()]);
    await storeActivities(stored);

    const counts = await targetCountsFromSlice(A, [DOCTOR_ID.toUpperCase(), id(500)]);
    expect(counts.cycle?.id).toBe(SLICE_CYCLE.id);
    expect(counts.elapsedShare).toBeCloseTo(55 / 92);
    expect(figures(counts.targets)).toEqual({
      'Jean Martin': [
        [1, 4, 1, 2],
        [0, 2, 0, 2],
      ],
    });
    expect(await targetCountsFromSlice(A, [id(500)])).toMatchObject({ cycle: { id: SLICE_CYCLE.id }, targets: [] });

    await storePlans(A, []);
    expect(await targetCountsFromSlice(A, [DOCTOR_ID])).toEqual({ cycle: null, elapsedShare: 0, targets: [] });
  });
});

describe('the plan’s requests offline', () => {
  it('answer from the device without asking the server', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    await checkHealth();
    fetch.mockClear();
    await storePlans(A, [slicePlan()]);
    await storeActivities(stored);

    const signal = new AbortController().signal;
    expect((await fetchCurrentPlan(signal)).plan?.attainment).toBe(13);
    expect((await fetchTargetCounts([OTHER_DOCTOR_ID], signal)).targets.map((target) => target.doctorName)).toEqual([
      'Claire Durand',
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
