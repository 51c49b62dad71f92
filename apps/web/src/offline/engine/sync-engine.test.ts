import { SYNC_BATCH_MAX_BYTES, SYNC_BATCH_MAX_CHANGES } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createSyncEngine, SYNCED_KEPT_MS, type SyncEngineDeps, type Transport } from '@/offline/engine/sync-engine';
import { OfflineSyncError } from '@/offline/engine/sync-error';
import { discard, enqueue, retry, saveItem, type QueuedChange } from '@/offline/queue/queue';
import { openOfflineDb, QUEUE_FORMAT_VERSION, readQueue } from '@/offline/store/db';
import { fakeTransport, freshOfflineStore } from '@/offline/store/test-store';

const A = 'user-a';
const B = 'user-b';

let online: boolean;
let user: string | null;

function engine(transport: Transport, deps: Partial<SyncEngineDeps> = {}) {
  return createSyncEngine({ transport, isOnline: () => online, currentUser: () => user, ...deps });
}

const edit = (entityId: string): QueuedChange => ({
  type: 'activity',
  action: 'update',
  entityId,
  payload: { callNotes: `notes of ${entityId}` },
});

const DOCTOR = { rpps: '10101010101', firstName: 'Anne', lastName: 'Martin', primarySpecialty: 'Cardiology' } as const;
const CHANNEL = '0190a0c4-7a6b-7c1e-9f00-0000000000c1';

const networkError = () => new ApiError(0, 'Network error - please check your connection', 'NETWORK_ERROR');

beforeEach(async () => {
  await freshOfflineStore();
  online = true;
  user = A;
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

async function statusOf(owner: string, mutationId: string) {
  return (await readQueue(owner)).find((item) => item.mutationId === mutationId);
}

describe('sending (U2)', () => {
  it('parks a change after 3 network failures and sends it again only after retry()', async () => {
    const broken = await enqueue(A, edit('x1'));
    const other = await enqueue(A, edit('x2'));
    let retried = false;
    // No answer at all to a batch holding the broken change.
    const { transport, keys, batches } = fakeTransport(undefined, (requests) => {
      if (!retried && requests.some((request) => request.idempotencyKey === broken.mutationId)) throw networkError();
    });
    const sync = engine(transport);

    for (const attempt of [1, 2, 3]) {
      const report = await sync.syncNow();
      // The failure counts once, on the first change of the batch; the run stops rather than using up the
      // next changes' tries.
      expect(report).toMatchObject({ sent: 0, failed: 1, stopped: 'unreachable' });
      expect(await statusOf(A, broken.mutationId)).toMatchObject({
        retryCount: attempt,
        status: attempt === 3 ? 'failed' : 'pending',
        lastError: 'Network error - please check your connection',
      });
      expect(await statusOf(A, other.mutationId)).toMatchObject({ retryCount: 0, status: 'pending' });
    }
    const both = [broken.mutationId, other.mutationId];
    expect(batches).toEqual([both, both, both]);

    // Parked: later runs leave it and send the rest.
    expect(await sync.syncNow()).toMatchObject({ sent: 1, failed: 0, stopped: null, waiting: 1 });
    expect(await sync.syncNow()).toMatchObject({ sent: 0, waiting: 1 });
    expect(batches).toEqual([both, both, both, [other.mutationId]]);

    retried = true;
    expect(await retry(A, broken.mutationId)).toBe(true);
    expect(await sync.syncNow()).toMatchObject({ sent: 1, waiting: 0 });
    expect(keys()).toEqual([other.mutationId, broken.mutationId]);
    expect(await statusOf(A, broken.mutationId)).toMatchObject({ status: 'synced', synced: true, lastError: null });
  });

  it('counts a change’s 5xx as its failure and sends the changes after it, not tried, in the next batch', async () => {
    const failing = await enqueue(A, edit('x1'));
    const next = await enqueue(A, edit('x2'));
    const { transport, keys, batches } = fakeTransport((request) => {
      if (request.idempotencyKey === failing.mutationId) throw new ApiError(503, 'Unavailable', 'HTTP_ERROR');
      return {};
    });
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 1, failed: 1, stopped: null, waiting: 1 });
    expect(batches).toEqual([[failing.mutationId, next.mutationId], [next.mutationId]]);
    expect(keys()).toEqual([failing.mutationId, next.mutationId]);
    expect(await statusOf(A, failing.mutationId)).toMatchObject({ status: 'pending', retryCount: 1 });
    expect(await statusOf(A, next.mutationId)).toMatchObject({ status: 'synced', retryCount: 0 });
  });

  it('counts a 5xx of the whole request on its first change alone, and tries each change once per run', async () => {
    const items = [await enqueue(A, edit('x1')), await enqueue(A, edit('x2')), await enqueue(A, edit('x3'))];
    const [first, second, third] = items.map((item) => item.mutationId);
    const { transport, batches } = fakeTransport(undefined, () => {
      throw new ApiError(502, 'Bad gateway', 'HTTP_ERROR');
    });
    const sync = engine(transport);
    expect(await sync.syncNow()).toMatchObject({ sent: 0, failed: 3, stopped: null, waiting: 3 });
    expect(batches).toEqual([[first, second, third], [second, third], [third]]);
    for (const item of items) {
      expect(await statusOf(A, item.mutationId)).toMatchObject({
        status: 'pending',
        retryCount: 1,
        lastError: 'Bad gateway',
      });
    }
  });

  it('sends consecutive changes in one request, marked sending in one transaction and settled in another', async () => {
    const items = [];
    for (let index = 0; index < 10; index += 1) items.push(await enqueue(A, edit(`x${index}`)));
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const { transport, batches } = fakeTransport();
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 10, waiting: 0 });
    expect(batches).toEqual([items.map((item) => item.mutationId)]);
    const writes = transaction.mock.calls.filter(([, mode]) => mode === 'readwrite');
    transaction.mockRestore();
    expect(writes).toHaveLength(2);
  });

  it('caps a batch by count and by bytes; a change over the byte cap goes alone', async () => {
    const many = [];
    for (let index = 0; index < SYNC_BATCH_MAX_CHANGES + 1; index += 1) many.push(await enqueue(A, edit(`x${index}`)));
    const { transport, batches } = fakeTransport();
    const sync = engine(transport);
    expect(await sync.syncNow()).toMatchObject({ sent: SYNC_BATCH_MAX_CHANGES + 1 });
    expect(batches.map((batch) => batch.length)).toEqual([SYNC_BATCH_MAX_CHANGES, 1]);

    const signature = (size: number): QueuedChange => ({
      type: 'consent',
      action: 'create',
      entityId: crypto.randomUUID(),
      payload: {
        doctorId: 'd1',
        signatureImage: 'x'.repeat(size),
        professionalConsent: true,
        congressConsent: false,
        generalConsent: true,
        signatureDate: '2026-11-20T10:15:00.000Z',
        email: null,
        phone: null,
        language: 'fr',
      },
    });
    const third = Math.floor(SYNC_BATCH_MAX_BYTES / 3);
    for (const size of [third, third, SYNC_BATCH_MAX_BYTES, 10]) {
      await enqueue(A, signature(size));
    }
    expect(await sync.syncNow()).toMatchObject({ sent: 4 });
    expect(batches.slice(2).map((batch) => batch.length)).toEqual([2, 1, 1]);
  });

  it('pauses the whole queue on 401 without counting a failure, and resumes as the same user only', async () => {
    const first = await enqueue(A, edit('x1'));
    const second = await enqueue(A, edit('x2'));
    const others = await enqueue(B, edit('y1'));
    let expired = true;
    const { transport, batches, owners } = fakeTransport(undefined, () => {
      if (expired) {
        // What the API client does on a 401: the session ends.
        user = null;
        throw new ApiError(401, 'Session expired', 'UNAUTHORIZED');
      }
    });
    const sync = engine(transport);

    expect(await sync.syncNow()).toMatchObject({ sent: 0, failed: 0, stopped: 'unauthorized', waiting: 2 });
    expect(batches).toHaveLength(1);
    for (const item of [first, second]) {
      expect(await statusOf(A, item.mutationId)).toMatchObject({ status: 'pending', retryCount: 0 });
    }

    // Signed out: nothing is sent.
    expired = false;
    expect(await sync.sync()).toBeNull();
    // Another user signs in on the device: only their own changes go.
    user = B;
    expect(await sync.sync()).toMatchObject({ sent: 1 });
    // The first user signs in again: their queue resumes, with their session.
    user = A;
    expect(await sync.sync()).toMatchObject({ sent: 2, waiting: 0 });

    expect(batches.map((keys, index) => [keys, owners[index]])).toEqual([
      [[first.mutationId, second.mutationId], A],
      [[others.mutationId], B],
      [[first.mutationId, second.mutationId], A],
    ]);
  });

  it('stops before the next batch when the session changes hands during a run', async () => {
    await enqueue(A, edit('x1'));
    await enqueue(A, edit('x2'));
    const { transport, owners, batches } = fakeTransport(() => {
      user = B;
      // The first change fails, so the second waits for a next batch: one that never goes under B.
      throw new ApiError(503, 'Unavailable', 'HTTP_ERROR');
    });
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 0, failed: 1, stopped: 'signedOut', waiting: 2 });
    expect(owners).toEqual([A]);
    expect(batches).toHaveLength(1);
  });

  it('rejects a change the server refuses, keeping what the rep entered and the server’s message', async () => {
    const refused = await enqueue(A, edit('x1'));
    const next = await enqueue(A, edit('x2'));
    const { transport, keys } = fakeTransport((request) => {
      if (request.idempotencyKey === refused.mutationId) {
        throw new ApiError(422, 'La date de fin doit suivre la date de début', 'VALIDATION_ERROR');
      }
      return {};
    });
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 1, failed: 0, refused: 1, waiting: 1 });
    expect(keys()).toEqual([refused.mutationId, next.mutationId]);
    expect(await statusOf(A, refused.mutationId)).toMatchObject({
      status: 'rejected',
      retryCount: 0,
      lastError: 'La date de fin doit suivre la date de début',
      payload: { callNotes: 'notes of x1' },
    });
  });

  it('makes an edit of an activity done elsewhere a conflict, with the rep’s values kept', async () => {
    const late = await enqueue(A, edit('x1'));
    const { transport } = fakeTransport(() => {
      throw new ApiError(409, 'Activité terminée : elle ne peut plus être modifiée', 'ACTIVITY_LOCKED');
    });
    expect(await engine(transport).syncNow()).toMatchObject({ refused: 1, waiting: 1 });
    expect(await statusOf(A, late.mutationId)).toMatchObject({
      status: 'conflict',
      payload: { callNotes: 'notes of x1' },
      lastError: 'Activité terminée : elle ne peut plus être modifiée',
    });
  });

  it("refuses a manual sync while offline with the spec's words, and sends nothing", async () => {
    await enqueue(A, edit('x1'));
    online = false;
    const { transport, calls } = fakeTransport();
    const sync = engine(transport);
    const refusal = sync.syncNow();
    await expect(refusal).rejects.toThrow(OfflineSyncError);
    await expect(refusal).rejects.toHaveProperty('message', 'Cannot sync while offline');
    expect(await sync.sync()).toBeNull();
    expect(calls).toHaveLength(0);
    expect((await readQueue(A))[0]).toMatchObject({ status: 'pending', retryCount: 0 });
  });

  it('raises an error for an unknown type or action, keeps the change for the rep and goes on', async () => {
    const unknown = await enqueue(A, edit('x1'));
    await saveItem({ ...unknown, type: 'campaign', action: 'send' });
    const next = await enqueue(A, edit('x2'));
    const { transport, keys } = fakeTransport();
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 1, refused: 1 });
    expect(keys()).toEqual([next.mutationId]);
    expect(await statusOf(A, unknown.mutationId)).toMatchObject({
      status: 'rejected',
      lastError: 'Unknown sync item type or action: campaign/send',
    });
  });

  it('leaves a change written by a newer build for that build', async () => {
    const newer = await enqueue(A, edit('x1'));
    await saveItem({ ...newer, formatVersion: QUEUE_FORMAT_VERSION + 1 });
    const { transport, calls } = fakeTransport();
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 0, waiting: 1 });
    expect(calls).toHaveLength(0);
  });
});

describe('one sync at a time (U3)', () => {
  /** navigator.locks as two tabs of one browser share it: one holder per name, the others wait in turn. */
  function installLocksShim() {
    const held = new Map<string, Promise<unknown>>();
    const request = vi.fn((name: string, work: () => Promise<unknown>) => {
      const run = (held.get(name) ?? Promise.resolve()).then(() => work());
      held.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    return request;
  }

  async function queueTen() {
    const items = [];
    for (let index = 0; index < 10; index += 1) items.push(await enqueue(A, edit(`x${index}`)));
    return items.map((item) => item.mutationId);
  }

  it('sends each change exactly once when syncs start together in one tab and in another', async () => {
    const request = installLocksShim();
    const expected = await queueTen();
    const { transport, keys } = fakeTransport();
    const tab = engine(transport);
    const otherTab = engine(transport);

    const reports = await Promise.all([tab.syncNow(), tab.syncNow(), otherTab.syncNow(), otherTab.sync()]);
    expect(keys()).toEqual(expected);
    expect(reports.reduce((sum, report) => sum + (report?.sent ?? 0), 0)).toBe(10);
    expect(request).toHaveBeenCalledWith('crm-sync', expect.any(Function));
  });

  it('would send changes twice without the lock (the test above can fail)', async () => {
    await queueTen();
    const { transport, keys } = fakeTransport();
    const unlocked = engine(transport, { runExclusive: (_name, work) => work() });
    await Promise.all([unlocked.syncNow(), unlocked.syncNow()]);
    expect(keys().length).toBeGreaterThan(new Set(keys()).size);
  });

  it('keeps one sync at a time in the page where the browser has no Web Locks', async () => {
    const expected = await queueTen();
    const { transport, keys } = fakeTransport();
    await Promise.all([engine(transport).syncNow(), engine(transport).syncNow()]);
    expect(keys()).toEqual(expected);
  });

  it('sends a change queued during a run in the same run', async () => {
    const first = await enqueue(A, edit('x1'));
    let late: string | undefined;
    const { transport, keys } = fakeTransport(async (_request, call) => {
      if (call === 1) late = (await enqueue(A, edit('x2'))).mutationId;
      return {};
    });
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 2, waiting: 0 });
    expect(keys()).toEqual([first.mutationId, late]);
  });

  it('never sends a change another tab discarded during the run', async () => {
    const items = [];
    for (let index = 0; index <= SYNC_BATCH_MAX_CHANGES; index += 1) items.push(await enqueue(A, edit(`x${index}`)));
    const last = items[SYNC_BATCH_MAX_CHANGES];
    if (last === undefined) throw new Error('no last change');
    const { transport, keys } = fakeTransport(async (_request, call) => {
      // Another tab's discard of a change that waits for the next batch: the record goes, this page is not told.
      if (call === 1) await (await openOfflineDb()).delete('queue', last.seq);
      return {};
    });
    expect(await engine(transport).syncNow()).toMatchObject({ sent: SYNC_BATCH_MAX_CHANGES, waiting: 0 });
    expect(keys()).not.toContain(last.mutationId);
    expect(await statusOf(A, last.mutationId)).toBeUndefined();
  });

  it('holds an activity back while the doctor it refers to has not reached the server', async () => {
    const doctor = await enqueue(A, {
      type: 'doctor',
      action: 'create',
      entityId: 'd1',
      payload: DOCTOR,
    });
    const visit = await enqueue(A, {
      type: 'activity',
      action: 'create',
      entityId: 'v1',
      dependsOn: ['d1'],
      payload: { channelId: CHANNEL, start: '2026-11-20T09:00:00.000Z', doctorId: 'd1', title: 'Visite' },
    });
    const unrelated = await enqueue(A, edit('x1'));
    let doctorAnswer: () => unknown = () => {
      throw new ApiError(503, 'Unavailable', 'HTTP_ERROR');
    };
    const { transport, keys, batches } = fakeTransport((request) =>
      request.idempotencyKey === doctor.mutationId ? doctorAnswer() : {},
    );
    const sync = engine(transport);

    for (let run = 0; run < 3; run += 1) await sync.syncNow();
    expect(await statusOf(A, doctor.mutationId)).toMatchObject({ status: 'failed', retryCount: 3 });
    expect(await statusOf(A, visit.mutationId)).toMatchObject({ status: 'pending', retryCount: 0 });
    expect(keys()).toEqual([doctor.mutationId, unrelated.mutationId, doctor.mutationId, doctor.mutationId]);

    // Rejected is no better: the activity still waits.
    doctorAnswer = () => {
      throw new ApiError(400, 'RPPS invalide', 'VALIDATION_ERROR');
    };
    await retry(A, doctor.mutationId);
    await sync.syncNow();
    expect(await statusOf(A, doctor.mutationId)).toMatchObject({ status: 'rejected' });
    expect(keys()).not.toContain(visit.mutationId);

    // Once the doctor is through, the activity follows it in the same batch.
    doctorAnswer = () => ({});
    await retry(A, doctor.mutationId);
    await sync.syncNow();
    expect(keys().slice(-2)).toEqual([doctor.mutationId, visit.mutationId]);
    expect(batches.at(-1)).toEqual([doctor.mutationId, visit.mutationId]);
  });

  it('sends an activity in the batch of the doctor it depends on; refused with it, it is not tried', async () => {
    const doctor = await enqueue(A, { type: 'doctor', action: 'create', entityId: 'd1', payload: DOCTOR });
    const visit = await enqueue(A, { ...edit('v1'), dependsOn: ['d1'] });
    const unrelated = await enqueue(A, edit('x1'));
    const { transport, batches } = fakeTransport((request) => {
      if (request.idempotencyKey === doctor.mutationId) throw new ApiError(400, 'RPPS invalide', 'VALIDATION_ERROR');
      return {};
    });
    expect(await engine(transport).syncNow()).toMatchObject({ sent: 1, refused: 1, waiting: 2 });
    expect(batches).toEqual([[doctor.mutationId, visit.mutationId, unrelated.mutationId], [unrelated.mutationId]]);
    expect(await statusOf(A, doctor.mutationId)).toMatchObject({ status: 'rejected', lastError: 'RPPS invalide' });
    expect(await statusOf(A, visit.mutationId)).toMatchObject({ status: 'pending', retryCount: 0, lastError: null });
  });

  it('lets an activity go once the rep discards the doctor it waited for', async () => {
    const doctor = await enqueue(A, { type: 'doctor', action: 'create', entityId: 'd1', payload: DOCTOR });
    await saveItem({ ...doctor, status: 'rejected', lastError: 'RPPS invalide' });
    const visit = await enqueue(A, { ...edit('v1'), dependsOn: ['d1'] });
    const { transport, keys } = fakeTransport();
    const sync = engine(transport);
    await sync.syncNow();
    expect(keys()).toEqual([]);
    await discard(A, doctor.mutationId);
    await sync.syncNow();
    expect(keys()).toEqual([visit.mutationId]);
  });

  it('puts back a change a closed tab left in flight, and sends it once', async () => {
    const stuck = await enqueue(A, edit('x1'));
    await saveItem({ ...stuck, status: 'sending' });
    const { transport, keys } = fakeTransport();
    const sync = engine(transport);
    await sync.recover();
    expect(await statusOf(A, stuck.mutationId)).toMatchObject({ status: 'pending', retryCount: 0 });
    await sync.syncNow();
    expect(keys()).toEqual([stuck.mutationId]);
  });

  it('forgets synced changes after a day', async () => {
    let now = Date.now();
    const sent = await enqueue(A, edit('x1'));
    const { transport } = fakeTransport();
    const sync = engine(transport, { now: () => now });
    await sync.syncNow();
    expect(await statusOf(A, sent.mutationId)).toMatchObject({ status: 'synced' });
    now += SYNCED_KEPT_MS + 1;
    await sync.syncNow();
    expect(await readQueue(A)).toEqual([]);
  });
});
