import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/query-client';
import { clearSession, getSession, setSession } from '@/app/session';
import { openOfflineDb, readQueue, type QueueItem } from '@/offline/db';
import { checkHealth } from '@/offline/network-monitor';
import { enqueue, queueItemDraft, type QueuedChange } from '@/offline/queue';
import { startSyncEngine, syncNow } from '@/offline/sync';
import { freshOfflineStore } from '@/offline/test-store';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const ACTIVITY_ID = '0190a0c4-7a6b-7c1e-9f00-00000000a001';
const PUT_ACTIVITY = `PUT /api/activities/${ACTIVITY_ID}`;
const EDIT: QueuedChange = { type: 'activity', action: 'update', entityId: ACTIVITY_ID, payload: { callNotes: 'RAS' } };

let healthy = true;
let stopEngine: () => void = () => undefined;

function api(putActivity: FetchHandler) {
  return stubFetch({
    'GET /api/health': () => (healthy ? jsonResponse({ status: 'ok' }) : new Response(null, { status: 503 })),
    [PUT_ACTIVITY]: putActivity,
  });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

beforeEach(async () => {
  await freshOfflineStore();
  healthy = true;
});

afterEach(async () => {
  stopEngine();
  clearSession();
  healthy = true;
  api(() => jsonResponse({}));
  await checkHealth();
  vi.unstubAllGlobals();
});

describe('the page’s sync engine', () => {
  it("sends a change as soon as it is queued, with its key and its owner's token", async () => {
    const fetchMock = api(() => jsonResponse({ id: ACTIVITY_ID }));
    await checkHealth();
    setSession('token-of-rep', REP_USER);
    stopEngine = startSyncEngine();

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const item = await enqueue(REP_USER.id, EDIT);
    await vi.waitFor(async () => {
      expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
    });
    // What the app shows is asked for again once the server has the change.
    await vi.waitFor(() => {
      expect(invalidate).toHaveBeenCalled();
    });
    invalidate.mockRestore();
    const [call] = callsTo(fetchMock, PUT_ACTIVITY);
    expect(headersOf(call?.[1])).toMatchObject({
      'Idempotency-Key': item.mutationId,
      Authorization: 'Bearer token-of-rep',
    });
    expect(call?.[1]?.body).toBe(JSON.stringify({ callNotes: 'RAS' }));
  });

  it('keeps the queue through a 401 and resumes it when the same user signs in again, never as another', async () => {
    let answers = 0;
    const fetchMock = api(() => {
      answers += 1;
      return answers === 1
        ? jsonResponse({ message: 'Session expirée', code: 'UNAUTHORIZED' }, 401)
        : jsonResponse({ id: ACTIVITY_ID });
    });
    await checkHealth();
    setSession('expired-token', REP_USER);
    stopEngine = startSyncEngine();

    await enqueue(REP_USER.id, EDIT);
    await vi.waitFor(() => {
      expect(getSession().isAuthenticated).toBe(false);
    });
    await vi.waitFor(async () => {
      expect((await readQueue(REP_USER.id))[0]).toMatchObject({ status: 'pending', retryCount: 0 });
    });

    // Someone else signs in on the device: the rep's change stays where it is.
    setSession('token-of-admin', DEMO_ADMIN_USER);
    await syncNow();
    expect(callsTo(fetchMock, PUT_ACTIVITY)).toHaveLength(1);

    setSession('new-token-of-rep', REP_USER);
    await vi.waitFor(async () => {
      expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
    });
    const calls = callsTo(fetchMock, PUT_ACTIVITY);
    expect(calls.map(([, init]) => headersOf(init).Authorization)).toEqual([
      'Bearer expired-token',
      'Bearer new-token-of-rep',
    ]);
  });

  it('syncs when the connection comes back', async () => {
    const fetchMock = api(() => jsonResponse({ id: ACTIVITY_ID }));
    healthy = false;
    await checkHealth();
    setSession('token-of-rep', REP_USER);
    stopEngine = startSyncEngine();

    await enqueue(REP_USER.id, EDIT);
    await expect(syncNow()).rejects.toThrow('Cannot sync while offline');
    expect(callsTo(fetchMock, PUT_ACTIVITY)).toHaveLength(0);

    healthy = true;
    await checkHealth();
    await vi.waitFor(async () => {
      expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
    });
    expect(callsTo(fetchMock, PUT_ACTIVITY)).toHaveLength(1);
  });

  it("tries again a health-check period after a failed 'Sync now', though the server was never seen offline", async () => {
    let answers = 0;
    const fetchMock = api(() => {
      answers += 1;
      // The first send meets a server that died mid-request; the health checks around it both found it up.
      return answers === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ id: ACTIVITY_ID });
    });
    await checkHealth();
    setSession('token-of-rep', REP_USER);
    stopEngine = startSyncEngine();
    // The engine's own first run, queued behind the first of these, is over before the change is written.
    await syncNow();
    await syncNow();
    // Left by an earlier page: no new change starts a run of the engine's own, only 'Sync now' does.
    const draft = queueItemDraft(REP_USER.id, EDIT);
    await (await openOfflineDb()).add('queue', draft as QueueItem);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(await syncNow()).toMatchObject({ sent: 0, failed: 1, stopped: 'unreachable' });
      expect((await readQueue(REP_USER.id))[0]).toMatchObject({ status: 'pending', retryCount: 1 });
      await vi.advanceTimersByTimeAsync(29_000);
      expect(callsTo(fetchMock, PUT_ACTIVITY)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(async () => {
        expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
      });
      expect(callsTo(fetchMock, PUT_ACTIVITY)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
