import type { Activity } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import {
  activity,
  CALL,
  CHANNELS,
  EVENT,
  pendingApproval,
  PRODUCTS,
  TIME_OFF,
} from '@/modules/activities/test/fixtures';
import { checkHealth } from '@/offline/engine/network-monitor';
import {
  approvalsFromSlice,
  calendarFromSlice,
  detailFromSlice,
  doctorFromSlice,
  fromServerOrSlice,
  isNotAvailableOffline,
  listFromSlice,
  searchDoctorsInSlice,
  statsFromSlice,
} from '@/offline/slice/slice-queries';
import { storeActivitiesPage, storeApprovals, storeDoctorsPage, storeReference } from '@/offline/store/slice-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { doctor, doctorOffice } from '@/test/directory';
import { jsonResponse } from '@/test/fetch';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const A = REP_USER.id;
const B = DEMO_ADMIN_USER.id;
const NOW = new Date('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;

const id = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR).toISOString();
const activityAt = (n: number, hoursFromNow: number, overrides: Partial<Activity> = {}, channel = CALL) =>
  activity(
    { id: id(n), start: at(hoursFromNow), end: at(hoursFromNow + 1), status: 'upcoming', ...overrides },
    channel,
  );

async function storeActivities(owner: string, activities: Activity[]) {
  await storeActivitiesPage(owner, { records: activities, removedIds: [], nextCursor: 'c', hasMore: false });
}

beforeEach(async () => {
  await freshOfflineStore();
  setSession('token', REP_USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the activities from the stored slice', () => {
  // Stored with the status the server gave when pulled: the reads derive it again at the time of reading.
  const stored = [
    activityAt(1, 2),
    activityAt(2, 48),
    activityAt(3, -2, { status: 'upcoming' }),
    activityAt(4, -30, { done: true, doneAt: at(-29) }),
    activityAt(5, -5, {}, TIME_OFF),
    activityAt(6, 24, { approvalStatus: 'waiting_approval', budgetEstimate: 500 }, EVENT),
  ];

  it('lists each filter in the server’s order with its count, and the stats agree', async () => {
    await storeActivities(A, stored);

    const upcoming = await listFromSlice(A, { status: 'upcoming', page: 1 }, NOW);
    expect(upcoming.activities.map((item) => item.id)).toEqual([id(1), id(6), id(2)]);
    expect(upcoming).toMatchObject({ total: 3, pages: 1, currentPage: 1, needsPagination: false });
    const incomplete = await listFromSlice(A, { status: 'incomplete', page: 1 }, NOW);
    expect(incomplete.activities.map((item) => [item.id, item.status])).toEqual([[id(3), 'incomplete']]);
    const done = await listFromSlice(A, { status: 'done', page: 1 }, NOW);
    // Latest first; started time-off counts as done.
    expect(done.activities.map((item) => item.id)).toEqual([id(5), id(4)]);
    const waiting = await listFromSlice(A, { status: 'waiting_approval', page: 1 }, NOW);
    expect(waiting.activities.map((item) => item.id)).toEqual([id(6)]);

    expect(await statsFromSlice(A, NOW)).toEqual({
      upcomingCount: 3,
      incompleteCount: 1,
      doneCount: 2,
      waitingApprovalCount: 1,
      needApprovalCount: 0,
    });
  });

  it('pages by 50 as the server does', async () => {
    await storeActivities(
      A,
      Array.from({ length: 120 }, (_, n) => activityAt(100 + n, n + 1)),
    );
    const third = await listFromSlice(A, { status: 'upcoming', page: 3 }, NOW);
    expect(third).toMatchObject({ total: 120, pages: 3, currentPage: 3, needsPagination: true });
    expect(third.activities.map((item) => item.id)).toEqual(Array.from({ length: 20 }, (_, n) => id(200 + n)));
  });

  it('answers a calendar range with the activities overlapping it, and only the owner’s', async () => {
    await storeActivities(A, stored);
    await storeActivities(B, [activityAt(50, 2, { title: 'Not A’s', ownerId: B })]);

    const range = { start: new Date(at(-3)), end: new Date(at(3)) };
    const events = await calendarFromSlice(A, range, NOW);
    // Starts before the range and ends inside it (3), starts inside it (1); the one ending as it starts is out.
    expect(events.map((event) => event.id)).toEqual([id(3), id(1)]);
    expect(events[0]?.status).toBe('incomplete');
    expect(await calendarFromSlice(A, { start: new Date(at(-1)), end: new Date(at(1)) }, NOW)).toEqual([]);
  });

  it('opens an activity it holds, and says which it does not (another user’s included)', async () => {
    await storeActivities(A, stored);
    await storeActivities(B, [activityAt(50, 2, { ownerId: B })]);

    expect(await detailFromSlice(A, id(3), NOW)).toMatchObject({ id: id(3), status: 'incomplete' });
    await expect(detailFromSlice(A, id(50), NOW)).rejects.toSatisfy(isNotAvailableOffline);
    await expect(detailFromSlice(A, '__slice:activities', NOW)).rejects.toSatisfy(isNotAvailableOffline);
  });

  it('counts and lists the managees’ requests waiting for the manager, and opens them read only', async () => {
    await storeActivities(A, stored);
    const request = pendingApproval({ id: id(70), start: at(30), end: at(31), ownerId: B });
    await storeApprovals(A, [request]);

    expect((await statsFromSlice(A, NOW)).needApprovalCount).toBe(1);
    expect(await approvalsFromSlice(A)).toEqual({ activities: [request] });
    const opened = await detailFromSlice(A, id(70), NOW);
    expect(opened).toMatchObject({ id: id(70), ownerId: B, status: 'upcoming' });
    expect(opened).not.toHaveProperty('email');
    // Not the manager's own: no list of theirs shows it.
    expect(
      (await listFromSlice(A, { status: 'upcoming', page: 1 }, NOW)).activities.map((item) => item.id),
    ).not.toContain(id(70));
    // Nobody else's store holds them.
    expect(await approvalsFromSlice(B)).toEqual({ activities: [] });
  });
});

describe('the doctors from the stored slice', () => {
  const martin = doctor({ id: id(901), firstName: 'Jean', lastName: 'Martin', rpps: '10001234567' });
  const helene = doctor({
    id: id(902),
    firstName: 'Hélène',
    lastName: 'Dupont-Martinez',
    rpps: '10009999999',
    isRecent: true,
    offices: [doctorOffice({ id: id(911), name: 'Clinique du Lac' }), doctorOffice({ is_primary: false })],
  });

  beforeEach(async () => {
    await storeDoctorsPage(A, { records: [martin, helene], removedIds: [], nextCursor: 'd', hasMore: false });
    await storeDoctorsPage(B, {
      records: [doctor({ id: id(903), lastName: 'Martineau' })],
      removedIds: [],
      nextCursor: 'd',
      hasMore: false,
    });
  });

  it('finds doctors by the start of a name, without accents, or by RPPS, the recent first', async () => {
    const names = async (search: string, limit = 10) =>
      (await searchDoctorsInSlice(A, search, limit)).map((found) => found.lastName);
    expect(await names('mart')).toEqual(['Dupont-Martinez', 'Martin']);
    expect(await names('mart', 1)).toEqual(['Dupont-Martinez']);
    expect(await names('helene dup')).toEqual(['Dupont-Martinez']);
    expect(await names('1000123')).toEqual(['Martin']);
    expect(await names('jean x')).toEqual([]);
    expect(await names('   ')).toEqual([]);
  });

  it('gives the chosen doctor’s offices for the location', async () => {
    expect((await doctorFromSlice(A, id(902))).offices.map((office) => office.name)).toEqual([
      'Clinique du Lac',
      'Cabinet du Parc',
    ]);
    await expect(doctorFromSlice(A, id(903))).rejects.toSatisfy(isNotAvailableOffline);
  });
});

describe('choosing the server or the store', () => {
  const fromSlice = vi.fn((owner: string) => Promise.resolve(`slice of ${owner}`));

  beforeEach(() => {
    fromSlice.mockClear();
  });

  it('asks the server while online and leaves the store alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ status: 'ok' }))),
    );
    await checkHealth();
    expect(await fromServerOrSlice(() => Promise.resolve('server'), fromSlice)).toBe('server');
    expect(fromSlice).not.toHaveBeenCalled();
  });

  it('reads the signed-in owner’s store offline, without asking the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await checkHealth();
    const fromServer = vi.fn(() => Promise.resolve('server'));
    expect(await fromServerOrSlice(fromServer, fromSlice)).toBe(`slice of ${A}`);
    expect(fromServer).not.toHaveBeenCalled();
  });

  it('falls back on the store when the network fails before the health check noticed, once a slice is whole', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ status: 'ok' }))),
    );
    await checkHealth();
    const lost = () => Promise.reject(new ApiError(0, 'Network error', NETWORK_ERROR_CODE));
    // Nothing pulled yet: the store would pass an empty list for the rep's data.
    await expect(fromServerOrSlice(lost, fromSlice)).rejects.toBeInstanceOf(ApiError);

    await storeActivities(A, []);
    await storeDoctorsPage(A, { records: [], removedIds: [], nextCursor: 'd', hasMore: false });
    await storeReference(A, { channels: CHANNELS, products: PRODUCTS });
    expect(await fromServerOrSlice(lost, fromSlice)).toBe(`slice of ${A}`);
    // A refusal is the server's answer, not a lost network.
    const refused = () => Promise.reject(new ApiError(404, 'Not found', 'NOT_FOUND'));
    await expect(fromServerOrSlice(refused, fromSlice)).rejects.toMatchObject({ status: 404 });
  });
});
