import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activity } from '@/modules/activities/test/fixtures';
import { enqueue, listQueue } from '@/offline/queue/queue';
import { openOfflineDb } from '@/offline/store/db';
import { forgetLeavingUsers, hasLeavingUsers, LEAVING_USERS_KEY, noteLeaving } from '@/offline/store/leaving-users';
import { freshOfflineStore } from '@/offline/store/test-store';
import { doctor } from '@/test/directory';

const A = 'user-a';
const B = 'user-b';
const id = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

beforeEach(async () => {
  localStorage.clear();
  await freshOfflineStore();
});
afterEach(() => {
  localStorage.clear();
});

/** Each user's slice of three activities with its cursor, a doctor, and a change waiting on activity 2. */
async function twoUsersOnOneDevice(): Promise<void> {
  const db = await openOfflineDb();
  for (const owner of [A, B]) {
    for (const n of [1, 2, 3]) await db.put('activities', { ...activity({ id: id(n) }), owner });
    await db.put('activities', { owner, id: '__slice:activities', cursor: 'c', complete: true });
    await db.put('doctors', { ...doctor({ id: id(9) }), owner });
    await enqueue(owner, { type: 'activity', action: 'update', entityId: id(2), payload: { callNotes: owner } });
  }
}

async function keysOf(store: 'activities' | 'doctors') {
  const db = await openOfflineDb();
  return (await db.getAllKeys(store)).map(([owner, key]) => `${owner}/${key}`).sort();
}

const everythingOfB = async () => ({
  activities: (await keysOf('activities')).filter((key) => key.startsWith(`${B}/`)),
  doctors: (await keysOf('doctors')).filter((key) => key.startsWith(`${B}/`)),
  queue: (await listQueue(B)).map((item) => item.entityId),
});

describe('users who signed out of the device', () => {
  it('are noted until their records are deleted, and a later start finishes a deletion a reload cut short', async () => {
    await twoUsersOnOneDevice();
    const ofB = await everythingOfB();
    // Noted, then the page was reloaded before the deletion ran: nothing of A's was deleted yet.
    noteLeaving(A, 'keep');
    expect(hasLeavingUsers()).toBe(true);
    expect(await keysOf('activities')).toContain(`${A}/${id(1)}`);

    await forgetLeavingUsers();

    expect(hasLeavingUsers()).toBe(false);
    // A's kept change stays with the copy it shows on; the rest of A's records, cursor included, are gone.
    expect((await keysOf('activities')).filter((key) => key.startsWith(`${A}/`))).toEqual([`${A}/${id(2)}`]);
    expect((await keysOf('doctors')).filter((key) => key.startsWith(`${A}/`))).toEqual([]);
    expect((await listQueue(A)).map((item) => item.status)).toEqual(['pending']);
    expect(await everythingOfB()).toEqual(ofB);
  });

  it("drop the changes they chose to discard, with their copies, and nobody else's", async () => {
    await twoUsersOnOneDevice();
    const ofB = await everythingOfB();
    noteLeaving(A, 'discard');

    await forgetLeavingUsers();

    expect(await listQueue(A)).toEqual([]);
    expect((await keysOf('activities')).filter((key) => key.startsWith(`${A}/`))).toEqual([]);
    expect(await everythingOfB()).toEqual(ofB);
  });

  it('share one deletion between the callers that ask while it runs, and deal with each user noted', async () => {
    await twoUsersOnOneDevice();
    noteLeaving(A, 'discard');
    noteLeaving(B, 'keep');

    const first = forgetLeavingUsers();
    expect(forgetLeavingUsers()).toBe(first);
    await first;

    expect(hasLeavingUsers()).toBe(false);
    expect(await keysOf('activities')).toEqual([`${B}/${id(2)}`]);
    expect(await keysOf('doctors')).toEqual([]);
  });

  it('resolve at once when nobody is noted, and drop a damaged note', async () => {
    await twoUsersOnOneDevice();
    const before = await keysOf('activities');
    for (const damaged of ['{not json', JSON.stringify([{ owner: A, choice: 'burn' }, 42])]) {
      localStorage.setItem(LEAVING_USERS_KEY, damaged);
      expect(hasLeavingUsers()).toBe(false);

      await forgetLeavingUsers();

      expect(localStorage.getItem(LEAVING_USERS_KEY)).toBeNull();
    }
    expect(await keysOf('activities')).toEqual(before);
  });
});
