import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockingItem, discard, enqueue, listQueue, onEnqueue, retry, saveItem } from '@/offline/queue/queue';
import { countPendingItems, openOfflineDb, QUEUE_FORMAT_VERSION, readQueue } from '@/offline/store/db';
import { freshOfflineStore } from '@/offline/store/test-store';

const A = 'user-a';
const B = 'user-b';

const activity = (entityId: string) =>
  ({ type: 'activity', action: 'update', entityId, payload: { callNotes: entityId } }) as const;

beforeEach(freshOfflineStore);
afterEach(() => {
  vi.useRealTimers();
});

describe('the offline queue (U1)', () => {
  it('keeps insertion order, not the device clock, and reads back only the owner’s changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
    const a1 = await enqueue(A, activity('a1'));
    await enqueue(B, activity('b1'));
    const a2 = await enqueue(A, activity('a2'));
    // The rep's device clock is set back an hour before the third change.
    vi.setSystemTime(new Date('2026-11-20T09:00:00Z'));
    const a3 = await enqueue(A, activity('a3'));
    expect(a3.timestamp).toBeLessThan(a2.timestamp);

    const queue = await listQueue(A);
    expect(queue.map((item) => item.entityId)).toEqual(['a1', 'a2', 'a3']);
    expect(queue.every((item) => item.owner === A)).toBe(true);
    expect((await listQueue(B)).map((item) => item.entityId)).toEqual(['b1']);
    expect(a1).toMatchObject({
      formatVersion: QUEUE_FORMAT_VERSION,
      owner: A,
      type: 'activity',
      action: 'update',
      synced: false,
      status: 'pending',
      retryCount: 0,
      lastError: null,
      dependsOn: [],
    });
    expect(new Set(queue.map((item) => item.mutationId)).size).toBe(3);
  });

  it("keeps each user's copy of the same doctor, activity and signature", async () => {
    const db = await openOfflineDb();
    await db.put('doctors', { owner: A, id: 'd1', lastName: 'Martin' });
    await db.put('doctors', { owner: B, id: 'd1', lastName: 'Martin (B)' });
    await db.put('activities', { owner: A, id: 'x1' });
    await db.put('activities', { owner: B, id: 'x1' });
    await db.put('signatures', { owner: A, doctorId: 'd1' });
    await db.put('signatures', { owner: B, doctorId: 'd1' });

    expect(await db.getAllFromIndex('doctors', 'owner', A)).toEqual([{ owner: A, id: 'd1', lastName: 'Martin' }]);
    expect(await db.count('doctors')).toBe(2);
    expect(await db.count('activities')).toBe(2);
    expect(await db.count('signatures')).toBe(2);
  });

  it('counts what is not synced yet, including what waits for the rep', async () => {
    const items = await Promise.all(['p', 'f', 'r', 'c', 's'].map((id) => enqueue(A, activity(id))));
    await enqueue(B, activity('other'));
    const statuses = ['pending', 'failed', 'rejected', 'conflict', 'synced'] as const;
    for (const [index, item] of items.entries()) await saveItem({ ...item, status: statuses[index] ?? 'pending' });
    expect(await countPendingItems(A)).toBe(4);
    expect(await countPendingItems(B)).toBe(1);
  });

  it('retries and discards only its owner’s changes', async () => {
    const item = await enqueue(A, activity('a1'));
    await saveItem({ ...item, status: 'failed', retryCount: 3, lastError: 'Network error' });

    expect(await retry(B, item.mutationId)).toBe(false);
    expect(await discard(B, item.mutationId)).toBe(false);
    expect((await readQueue(A))[0]).toMatchObject({ status: 'failed', retryCount: 3 });

    expect(await retry(A, item.mutationId)).toBe(true);
    expect((await readQueue(A))[0]).toMatchObject({ status: 'pending', retryCount: 0, lastError: null });
    // Only a change that waits for the rep can be retried.
    expect(await retry(A, item.mutationId)).toBe(false);

    expect(await discard(A, item.mutationId)).toBe(true);
    expect(await readQueue(A)).toEqual([]);

    // A conflict is read, then discarded: sending the same edit of a done activity again is pointless.
    const conflict = await enqueue(A, activity('a2'));
    await saveItem({ ...conflict, status: 'conflict', lastError: 'Locked' });
    expect(await retry(A, conflict.mutationId)).toBe(false);
    expect(await discard(A, conflict.mutationId)).toBe(true);
  });

  it('never edits a queued change: a second edit is a new change', async () => {
    const first = await enqueue(A, activity('a1'));
    await saveItem({ ...first, retryCount: 1 });
    await enqueue(A, { ...activity('a1'), payload: { callNotes: 'changed' } });
    const [kept, added] = await readQueue(A);
    expect(kept).toMatchObject({ mutationId: first.mutationId, payload: { callNotes: 'a1' } });
    expect(added?.mutationId).not.toBe(first.mutationId);
  });

  it('tells who is waiting for what', async () => {
    const doctor = await enqueue(A, {
      type: 'doctor',
      action: 'create',
      entityId: 'd1',
      payload: { rpps: '10101010101', firstName: 'Anne', lastName: 'Martin', primarySpecialty: 'Cardiology' },
    });
    const visit = await enqueue(A, { ...activity('v1'), dependsOn: ['d1'] });
    const edit = await enqueue(A, activity('v1'));
    const other = await enqueue(A, activity('v2'));
    const queue = await readQueue(A);
    expect(blockingItem(queue, doctor)).toBeNull();
    expect(blockingItem(queue, visit)?.mutationId).toBe(doctor.mutationId);
    expect(blockingItem(queue, edit)?.mutationId).toBe(visit.mutationId);
    expect(blockingItem(queue, other)).toBeNull();
  });

  it('tells the engine about every new change', async () => {
    const listener = vi.fn();
    const stop = onEnqueue(listener);
    await enqueue(A, activity('a1'));
    stop();
    await enqueue(A, activity('a2'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
