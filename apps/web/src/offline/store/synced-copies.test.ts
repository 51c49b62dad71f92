import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activity } from '@/modules/activities/test/fixtures';
import { createSyncEngine } from '@/offline/engine/sync-engine';
import { enqueue, saveItem } from '@/offline/queue/queue';
import { openOfflineDb, readQueue } from '@/offline/store/db';
import { readStoredActivity, readStoredDoctor } from '@/offline/store/slice-store';
import { storeServerAnswers } from '@/offline/store/synced-copies';
import { fakeTransport, freshOfflineStore } from '@/offline/store/test-store';
import { doctor } from '@/test/directory';

const A = 'user-a';
const ID = '0190a0c4-0000-7000-8000-00000000a001';
const CLIENT_DOCTOR = '0190a0c4-0000-7000-9000-000000000001';
const EXISTING_DOCTOR = '0190a0c4-0000-7000-9000-000000000002';
const NEW_DOCTOR = {
  rpps: '10101010101',
  firstName: 'Anne',
  lastName: 'Martin',
  primarySpecialty: 'Cardiology',
} as const;

beforeEach(async () => {
  await freshOfflineStore();
});

/** The device's copy of an activity as an offline change leaves it. */
async function storeCopy(overrides: Parameters<typeof activity>[0]) {
  const db = await openOfflineDb();
  await db.put('activities', { ...activity({ id: ID, ...overrides }), owner: A, pendingSync: true });
}

/** Marks the queued change synced, as the engine does before handing over the answer. */
async function synced(mutationId: string) {
  const item = (await readQueue(A)).find((queued) => queued.mutationId === mutationId);
  if (item === undefined) throw new Error('no such change');
  const done = { ...item, status: 'synced' as const, synced: true };
  await saveItem(done);
  return done;
}

describe('the server’s answer in place of the device’s copy', () => {
  it('clears the waiting marker as soon as the change is synced', async () => {
    await storeCopy({ callNotes: 'Offline notes' });
    const change = await enqueue(A, { type: 'activity', action: 'update', entityId: ID, payload: { callNotes: 'x' } });

    await storeServerAnswers([
      { item: await synced(change.mutationId), answer: activity({ id: ID, callNotes: 'As stored' }) },
    ]);

    const stored = await readStoredActivity(A, ID);
    expect(stored?.callNotes).toBe('As stored');
    expect(stored).not.toHaveProperty('pendingSync');
  });

  it('keeps the copy while a later change of the same activity still waits', async () => {
    await storeCopy({ callNotes: 'Second edit' });
    const first = await enqueue(A, { type: 'activity', action: 'update', entityId: ID, payload: { callNotes: 'a' } });
    await enqueue(A, { type: 'activity', action: 'update', entityId: ID, payload: { callNotes: 'Second edit' } });

    await storeServerAnswers([{ item: await synced(first.mutationId), answer: activity({ id: ID, callNotes: 'a' }) }]);

    expect(await readStoredActivity(A, ID)).toMatchObject({ callNotes: 'Second edit', pendingSync: true });
  });

  it('stores nothing from an answer that is not an activity', async () => {
    await storeCopy({ callNotes: 'Offline notes' });
    const change = await enqueue(A, { type: 'activity', action: 'done', entityId: ID });

    await storeServerAnswers([{ item: await synced(change.mutationId), answer: { unexpected: true } }]);

    expect(await readStoredActivity(A, ID)).toMatchObject({ callNotes: 'Offline notes', pendingSync: true });
  });

  it('gives way to the existing doctor when the RPPS was known, and repoints the activities naming it', async () => {
    const db = await openOfflineDb();
    await db.put('doctors', { ...doctor({ id: CLIENT_DOCTOR }), owner: A, pendingSync: true });
    await storeCopy({
      doctorId: CLIENT_DOCTOR,
      doctorName: 'Anne Martin',
      attendees: [{ id: CLIENT_DOCTOR, name: 'Anne Martin' }],
    });
    const creation = await enqueue(A, {
      type: 'doctor',
      action: 'create',
      entityId: CLIENT_DOCTOR,
      payload: NEW_DOCTOR,
    });
    const existing = doctor({ id: EXISTING_DOCTOR, firstName: 'Anne', lastName: 'Martin-Roy' });

    await storeServerAnswers([{ item: await synced(creation.mutationId), answer: { ...existing, existing: true } }]);

    expect(await readStoredDoctor(A, CLIENT_DOCTOR)).toBeNull();
    expect(await readStoredDoctor(A, EXISTING_DOCTOR)).toMatchObject({ id: EXISTING_DOCTOR, owner: A });
    expect(await readStoredActivity(A, ID)).toMatchObject({
      doctorId: EXISTING_DOCTOR,
      doctorName: 'Anne Martin-Roy',
      attendees: [{ id: EXISTING_DOCTOR, name: 'Anne Martin-Roy' }],
    });
  });

  it('is what the engine calls once per batch, with its answers in their order: the last one stays', async () => {
    await storeCopy({ callNotes: 'Offline notes' });
    await enqueue(A, { type: 'activity', action: 'update', entityId: ID, payload: { callNotes: 'First' } });
    await enqueue(A, { type: 'activity', action: 'update', entityId: ID, payload: { callNotes: 'From the server' } });
    const { transport, batches } = fakeTransport((request) =>
      activity({ id: ID, callNotes: (request.body as { callNotes: string }).callNotes }),
    );
    const onSynced = vi.fn(storeServerAnswers);
    const engine = createSyncEngine({ transport, isOnline: () => true, currentUser: () => A, onSynced });

    expect(await engine.syncNow()).toMatchObject({ sent: 2, waiting: 0 });
    expect(batches).toHaveLength(1);
    expect(onSynced).toHaveBeenCalledTimes(1);
    expect(onSynced.mock.calls[0]?.[0].map(({ answer }) => (answer as { callNotes: string }).callNotes)).toEqual([
      'First',
      'From the server',
    ]);

    expect(await readStoredActivity(A, ID)).toMatchObject({ callNotes: 'From the server' });
    expect(await readStoredActivity(A, ID)).not.toHaveProperty('pendingSync');
  });
});
