import type { Activity, Doctor, PendingApproval } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, setSession } from '@/app/session';
import { activity, CHANNELS, PRODUCTS } from '@/modules/activities/test/fixtures';
import { slicePlan } from '@/modules/cycles/test/slice-plans';
import { enqueue } from '@/offline/queue/queue';
import { pullSlice, pullSliceOnce, type SliceFetcher } from '@/offline/slice/slice';
import { openOfflineDb } from '@/offline/store/db';
import {
  readApprovals,
  readLastPull,
  readReference,
  readSliceCursor,
  readStoredActivities,
  readStoredActivity,
  readStoredDoctors,
  type SlicePage,
} from '@/offline/store/slice-store';
import { readPlans, type SlicePlan } from '@/offline/store/plan-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { doctor } from '@/test/directory';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const A = REP_USER.id;
const B = DEMO_ADMIN_USER.id;

const activityId = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const doctorId = (n: number) => `0190a0c4-0000-7000-9000-${String(n).padStart(12, '0')}`;

type Server = {
  activities: SlicePage<Activity>[];
  doctors: SlicePage<Doctor>[];
  approvals?: PendingApproval[];
  plans?: SlicePlan[];
  /** The `since` each call received, in order. */
  asked: { kind: 'activities' | 'doctors' | 'reference' | 'approvals' | 'plans'; since?: string | undefined }[];
};

/** Answers the queued pages in order, as the server's pulls would from the cursors it is given. */
function fakeServer(server: Omit<Server, 'asked'>, hooks: { beforeAnswer?: () => void } = {}) {
  const state: Server = { ...server, asked: [] };
  const answer = async <T>(pages: SlicePage<T>[]): Promise<SlicePage<T>> => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    hooks.beforeAnswer?.();
    const page = pages.shift();
    if (page === undefined) throw new Error('no page left');
    return page;
  };
  const fetcher: SliceFetcher = {
    activities: (since) => {
      state.asked.push({ kind: 'activities', since });
      return answer(state.activities);
    },
    doctors: (since) => {
      state.asked.push({ kind: 'doctors', since });
      return answer(state.doctors);
    },
    reference: async () => {
      state.asked.push({ kind: 'reference' });
      await Promise.resolve();
      return { channels: CHANNELS, products: PRODUCTS };
    },
    approvals: async () => {
      state.asked.push({ kind: 'approvals' });
      await Promise.resolve();
      return state.approvals ?? [];
    },
    plans: async () => {
      state.asked.push({ kind: 'plans' });
      await Promise.resolve();
      return state.plans ?? [];
    },
  };
  return { fetcher, state };
}

const page = <T>(records: T[], nextCursor: string, hasMore = false, removedIds: string[] = []): SlicePage<T> => ({
  records,
  removedIds,
  nextCursor,
  hasMore,
});

const pullAs = (owner: string, fetcher: SliceFetcher, isCurrent = () => true) =>
  pullSlice(owner, { fetcher, isCurrent, signal: new AbortController().signal });

beforeEach(async () => {
  await freshOfflineStore();
  setSession('token', REP_USER);
});
afterEach(() => {
  clearSession();
});

describe('pulling the rep’s slice', () => {
  it('stores a first pull page by page with its cursors, then channels and products', async () => {
    const { fetcher, state } = fakeServer({
      activities: [
        page([activity({ id: activityId(1) }), activity({ id: activityId(2) })], 'a-1', true),
        page([activity({ id: activityId(3) })], 'a-2'),
      ],
      doctors: [page([doctor({ id: doctorId(1) })], 'd-1')],
    });

    const report = await pullAs(A, fetcher);

    expect(report).toMatchObject({ outcome: 'complete', activities: 3, doctors: 1 });
    const asked = (kind: string) => state.asked.filter((call) => call.kind === kind).map((call) => call.since);
    expect(asked('activities')).toEqual([undefined, 'a-1']);
    expect(asked('doctors')).toEqual([undefined]);
    expect(asked('reference')).toHaveLength(1);
    expect(asked('approvals')).toHaveLength(1);
    expect((await readStoredActivities(A)).map((stored) => stored.id).sort()).toEqual([
      activityId(1),
      activityId(2),
      activityId(3),
    ]);
    expect(await readStoredActivity(A, activityId(1))).toEqual({ ...activity({ id: activityId(1) }), owner: A });
    expect((await readStoredDoctors(A)).map((stored) => stored.id)).toEqual([doctorId(1)]);
    expect(await readSliceCursor(A, 'activities')).toEqual({ cursor: 'a-2', complete: true });
    expect(await readSliceCursor(A, 'doctors')).toEqual({ cursor: 'd-1', complete: true });
    expect(await readReference(A)).toEqual({ channels: CHANNELS, products: PRODUCTS });
  });

  it('pulls from the stored cursors next time, removing first, then writing the changes', async () => {
    await pullAs(
      A,
      fakeServer({
        activities: [page([activity({ id: activityId(1) }), activity({ id: activityId(2) })], 'a-1')],
        doctors: [page([doctor({ id: doctorId(1) }), doctor({ id: doctorId(2) })], 'd-1')],
      }).fetcher,
    );

    const { fetcher, state } = fakeServer({
      activities: [
        // The same id removed and answered again: it moved back into the window, so it stays.
        page([activity({ id: activityId(1), title: 'Edited' }), activity({ id: activityId(3) })], 'a-2', false, [
          activityId(2),
          activityId(3),
        ]),
      ],
      doctors: [page([], 'd-2', false, [doctorId(2)])],
    });
    await pullAs(A, fetcher);

    expect(state.asked.filter((call) => call.kind === 'activities' || call.kind === 'doctors')).toEqual([
      { kind: 'activities', since: 'a-1' },
      { kind: 'doctors', since: 'd-1' },
    ]);
    const stored = await readStoredActivities(A);
    expect(stored.map((record) => record.id).sort()).toEqual([activityId(1), activityId(3)]);
    expect(stored.find((record) => record.id === activityId(1))?.title).toBe('Edited');
    expect((await readStoredDoctors(A)).map((record) => record.id)).toEqual([doctorId(1)]);
    expect(await readSliceCursor(A, 'activities')).toEqual({ cursor: 'a-2', complete: true });
  });

  it('keeps each owner’s slice apart, cursors included', async () => {
    await pullAs(
      A,
      fakeServer({
        activities: [page([activity({ id: activityId(1), title: 'A’s' })], 'a-of-A')],
        doctors: [page([doctor({ id: doctorId(1) })], 'd-of-A')],
      }).fetcher,
    );
    setSession('token', DEMO_ADMIN_USER);
    const second = fakeServer({
      activities: [page([activity({ id: activityId(1), title: 'B’s', ownerId: B })], 'a-of-B')],
      doctors: [page([], 'd-of-B')],
    });
    await pullAs(B, second.fetcher);

    // B's first pull starts from nothing, not from A's cursors.
    expect(second.state.asked.filter((call) => call.kind === 'activities' || call.kind === 'doctors')).toEqual([
      { kind: 'activities', since: undefined },
      { kind: 'doctors', since: undefined },
    ]);
    expect((await readStoredActivities(A)).map((record) => record.title)).toEqual(['A’s']);
    expect((await readStoredActivities(B)).map((record) => record.title)).toEqual(['B’s']);
    expect(await readStoredDoctors(B)).toEqual([]);
    expect(await readSliceCursor(A, 'activities')).toMatchObject({ cursor: 'a-of-A' });
    expect(await readSliceCursor(B, 'activities')).toMatchObject({ cursor: 'a-of-B' });
  });

  it('stops when the user signs out or another signs in, storing nothing answered after', async () => {
    const { fetcher, state } = fakeServer(
      {
        activities: [
          page([activity({ id: activityId(1) })], 'a-1', true),
          page([activity({ id: activityId(2) })], 'a-2', true),
          page([activity({ id: activityId(3) })], 'a-3'),
        ],
        doctors: [page([doctor()], 'd-1')],
      },
      {
        beforeAnswer: () => {
          // The second page's answer arrives after the rep signed out and another user signed in.
          if (state.asked.filter((call) => call.kind === 'activities').length === 2) {
            setSession('token', DEMO_ADMIN_USER);
          }
        },
      },
    );

    const report = await pullAs(A, fetcher, () => getSession().user?.id === A);

    expect(report.outcome).toBe('stopped');
    expect(state.asked.filter((call) => call.kind === 'activities')).toHaveLength(2);
    expect((await readStoredActivities(A)).map((record) => record.id)).toEqual([activityId(1)]);
    expect(await readStoredActivities(B)).toEqual([]);
    // The next pull of A resumes after the last page stored.
    expect(await readSliceCursor(A, 'activities')).toEqual({ cursor: 'a-1', complete: false });
  });

  it('keeps the rep’s copy of an activity whose change still waits in the queue', async () => {
    await pullAs(
      A,
      fakeServer({
        activities: [page([activity({ id: activityId(1) }), activity({ id: activityId(2) })], 'a-1')],
        doctors: [page([], 'd-1')],
      }).fetcher,
    );
    const db = await openOfflineDb();
    await db.put('activities', { ...activity({ id: activityId(1), callNotes: 'Offline notes' }), owner: A });
    await enqueue(A, {
      type: 'activity',
      action: 'update',
      entityId: activityId(1),
      payload: { callNotes: 'Offline notes' },
    });

    await pullAs(
      A,
      fakeServer({
        activities: [page([activity({ id: activityId(1), callNotes: null })], 'a-2', false, [activityId(2)])],
        doctors: [page([], 'd-2')],
      }).fetcher,
    );

    expect((await readStoredActivity(A, activityId(1)))?.callNotes).toBe('Offline notes');
    expect(await readStoredActivity(A, activityId(2))).toBeNull();
  });
});

describe('what the slice keeps besides the changes', () => {
  it('drops the doctors the rep no longer needs, but not those a waiting change names', async () => {
    const first = fakeServer({
      activities: [page([], 'a-1')],
      doctors: [
        page(
          [1, 2, 3, 4, 5].map((n) => doctor({ id: doctorId(n) })),
          'd-1',
        ),
      ],
    });
    await pullAs(A, first.fetcher);
    // Waiting changes: the creation of doctor 3 and an activity naming doctor 4 as attendee.
    await enqueue(A, {
      type: 'doctor',
      action: 'create',
      entityId: doctorId(3),
      payload: { rpps: '123', firstName: 'Léa', lastName: 'Roy', primarySpecialty: 'Cardiology' },
    });
    await enqueue(A, {
      type: 'activity',
      action: 'update',
      entityId: activityId(9),
      payload: { attendees: [{ id: doctorId(4), name: 'Paul Roy' }] },
    });
    // Another user's copy of doctor 2 is theirs to keep.
    const db = await openOfflineDb();
    await db.put('doctors', { ...doctor({ id: doctorId(2) }), owner: B });

    // The server now needs 1, and sends 5 as changed on a first page, then a last page with the set.
    await pullAs(
      A,
      fakeServer({
        activities: [page([], 'a-2')],
        doctors: [
          page([doctor({ id: doctorId(5) })], 'd-2', true),
          { ...page<Doctor>([], 'd-3'), neededIds: [doctorId(1)] },
        ],
      }).fetcher,
    );

    expect((await readStoredDoctors(A)).map((stored) => stored.id).sort()).toEqual(
      [doctorId(1), doctorId(3), doctorId(4)].sort(),
    );
    expect((await readStoredDoctors(B)).map((stored) => stored.id)).toEqual([doctorId(2)]);
  });

  it('keeps the budget requests waiting for a manager, replaced whole at each pull', async () => {
    const request = (n: number): PendingApproval => ({
      ...activity({ id: activityId(n), approvalStatus: 'waiting_approval', ownerId: B }),
      firstName: 'Paul',
      lastName: 'Martin',
      email: 'paul@demo-crm.fr',
    });
    await pullAs(
      A,
      fakeServer({ activities: [page([], 'a')], doctors: [page([], 'd')], approvals: [request(1), request(2)] })
        .fetcher,
    );
    expect((await readApprovals(A)).map((approval) => approval.id)).toEqual([activityId(1), activityId(2)]);
    // They are not the manager's own activities.
    expect(await readStoredActivities(A)).toEqual([]);

    await pullAs(
      A,
      fakeServer({ activities: [page([], 'a')], doctors: [page([], 'd')], approvals: [request(2)] }).fetcher,
    );
    expect((await readApprovals(A)).map((approval) => approval.id)).toEqual([activityId(2)]);

    // Someone who manages nobody asks nothing and keeps nothing.
    const nobody = fakeServer({ activities: [page([], 'a')], doctors: [page([], 'd')] });
    await pullSlice(A, {
      fetcher: nobody.fetcher,
      isCurrent: () => true,
      signal: new AbortController().signal,
      mayManage: false,
    });
    expect(nobody.state.asked.some((call) => call.kind === 'approvals')).toBe(false);
    expect(await readApprovals(A)).toEqual([]);
  });

  it('keeps the rep’s plans in cycles in progress, replaced whole at each complete pull', async () => {
    const before = slicePlan();
    await pullAs(A, fakeServer({ activities: [page([], 'a')], doctors: [page([], 'd')], plans: [before] }).fetcher);
    expect(await readPlans(A)).toEqual([before]);
    expect(await readStoredActivities(A)).toEqual([]);

    // A pull stopped on the way (signed out) leaves the last complete pull's plans.
    const stopped = () => false;
    await pullAs(A, fakeServer({ activities: [page([], 'a')], doctors: [page([], 'd')], plans: [] }).fetcher, stopped);
    expect(await readPlans(A)).toEqual([before]);

    await pullAs(A, fakeServer({ activities: [page([], 'a')], doctors: [page([], 'd')], plans: [] }).fetcher);
    expect(await readPlans(A)).toEqual([]);
    expect(await readPlans(B)).toBeNull();
  });
});

describe('one pull at a time across tabs', () => {
  /** The Web Lock of two tabs, as one promise chain. */
  function sharedLock() {
    let chain: Promise<unknown> = Promise.resolve();
    return <T>(_name: string, work: () => Promise<T>): Promise<T> => {
      const run = chain.then(work);
      chain = run.catch(() => undefined);
      return run;
    };
  }

  it('lets a tab that waited for another’s pull use its result instead of pulling again', async () => {
    const runExclusive = sharedLock();
    const first = fakeServer({
      activities: [page([activity({ id: activityId(1) })], 'a-1')],
      doctors: [page([], 'd-1')],
    });
    const second = fakeServer({ activities: [page([], 'a-2')], doctors: [page([], 'd-2')] });
    const options = { isCurrent: () => true, signal: new AbortController().signal, runExclusive };

    // Both tabs are told at once (the network came back): the second waits for the lock.
    const [pulled, shared] = await Promise.all([
      pullSliceOnce(A, { ...options, fetcher: first.fetcher }),
      pullSliceOnce(A, { ...options, fetcher: second.fetcher }),
    ]);

    expect(pulled).toMatchObject({ outcome: 'complete', activities: 1 });
    expect(shared).toBeNull();
    expect(second.state.asked).toEqual([]);
    expect(await readLastPull(A)).not.toBeNull();

    // Asked after that pull ended, a tab pulls again, from the cursors it left.
    const later = await pullSliceOnce(A, { ...options, fetcher: second.fetcher, now: () => Date.now() + 1_000 });
    expect(later).toMatchObject({ outcome: 'complete' });
    expect(second.state.asked.filter((call) => call.kind === 'activities')).toEqual([
      { kind: 'activities', since: 'a-1' },
    ]);
  });
});
