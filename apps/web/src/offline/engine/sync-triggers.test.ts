import type { SyncChangeResult, SyncChangesInput } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/app/query-client';
import { clearSession, getSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { checkHealth } from '@/offline/engine/network-monitor';
import { startSyncEngine, SYNC_ENGINE_STARTED_ATTRIBUTE, syncNow } from '@/offline/engine/sync-triggers';
import { enqueue, queueItemDraft, type QueuedChange } from '@/offline/queue/queue';
import { openOfflineDb, readQueue, type QueueItem } from '@/offline/store/db';
import { freshOfflineStore } from '@/offline/store/test-store';
import { callsTo, jsonBody, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const ACTIVITY_ID = '0190a0c4-7a6b-7c1e-9f00-00000000a001';
const BATCH = 'POST /api/sync/changes';
const EDIT: QueuedChange = { type: 'activity', action: 'update', entityId: ACTIVITY_ID, payload: { callNotes: 'RAS' } };

let healthy = true;
let stopEngine: () => void = () => undefined;

function api(batch: FetchHandler) {
  return stubFetch({
    'GET /api/health': () => (healthy ? jsonResponse({ status: 'ok' }) : new Response(null, { status: 503 })),
    [BATCH]: batch,
  });
}

type ChangeAnswer = Omit<SyncChangeResult, 'idempotencyKey'>;
const applied = (body: unknown = { id: ACTIVITY_ID }): ChangeAnswer => ({ outcome: 'applied', status: 200, body });

/** The server's batch: each change answered in order until one is neither applied nor replayed. */
function answering(answer: (change: SyncChangesInput['changes'][number]) => ChangeAnswer): FetchHandler {
  return (init) => {
    const { changes } = jsonBody(init) as SyncChangesInput;
    let stopped = false;
    const results = changes.map((change): SyncChangeResult => {
      const { idempotencyKey } = change;
      if (stopped) return { idempotencyKey, outcome: 'notTried', status: null, body: null };
      const result = answer(change);
      stopped = result.outcome !== 'applied' && result.outcome !== 'replayed';
      return { idempotencyKey, ...result };
    });
    return jsonResponse({ results });
  };
}

/** The mutation ids of each batch sent. */
function batchesOf(fetchMock: ReturnType<typeof api>): string[][] {
  return callsTo(fetchMock, BATCH).map(([, init]) =>
    (jsonBody(init) as SyncChangesInput).changes.map((change) => change.idempotencyKey),
  );
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
  it('marks the page once its first run has sent what was queued before it started', async () => {
    document.documentElement.removeAttribute(SYNC_ENGINE_STARTED_ATTRIBUTE);
    const fetchMock = api(answering(() => applied()));
    await checkHealth();
    setSession('token-of-rep', REP_USER);
    const item = await enqueue(REP_USER.id, EDIT);
    stopEngine = startSyncEngine();

    await vi.waitFor(() => {
      expect(document.documentElement.getAttribute(SYNC_ENGINE_STARTED_ATTRIBUTE)).toBe('started');
    });
    expect(batchesOf(fetchMock)).toEqual([[item.mutationId]]);
    expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
  });

  it("sends a change as soon as it is queued, with its key and its owner's token", async () => {
    const fetchMock = api(answering(() => applied()));
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
    const [call] = callsTo(fetchMock, BATCH);
    expect(headersOf(call?.[1])).toMatchObject({ Authorization: 'Bearer token-of-rep' });
    expect(jsonBody(call?.[1])).toEqual({
      changes: [
        {
          method: 'PUT',
          path: `/activities/${ACTIVITY_ID}`,
          idempotencyKey: item.mutationId,
          body: { callNotes: 'RAS' },
        },
      ],
    });
  });

  it('reads each change’s answer as its own call’s: an error becomes the ApiError the client would throw', async () => {
    const answers: Record<string, ChangeAnswer> = {
      '/activities/a1': {
        outcome: 'conflict',
        status: 409,
        body: { message: 'Activité verrouillée', code: 'ACTIVITY_LOCKED' },
      },
      '/activities/a2': { outcome: 'failed', status: 502, body: null },
    };
    const fetchMock = api(answering((change) => answers[change.path] ?? applied()));
    await checkHealth();
    setSession('token-of-rep', REP_USER);
    // Whatever run an earlier start left queued is over before the changes are written.
    await syncNow();
    const draft = (entityId: string) => queueItemDraft(REP_USER.id, { ...EDIT, entityId });
    const db = await openOfflineDb();
    for (const entityId of ['a1', 'a2', 'a3']) await db.add('queue', draft(entityId) as QueueItem);

    expect(await syncNow()).toMatchObject({ sent: 1, failed: 1, refused: 1, stopped: null });
    const [conflict, failed, sent] = await readQueue(REP_USER.id);
    expect(conflict).toMatchObject({ status: 'conflict', lastError: 'Activité verrouillée', retryCount: 0 });
    expect(failed).toMatchObject({
      status: 'pending',
      lastError: i18n.t('errors.http', { status: 502 }),
      retryCount: 1,
    });
    expect(sent).toMatchObject({ status: 'synced' });
    // Each stop sends the changes not tried again, in the same run.
    expect(batchesOf(fetchMock)).toEqual([
      [conflict?.mutationId, failed?.mutationId, sent?.mutationId],
      [failed?.mutationId, sent?.mutationId],
      [sent?.mutationId],
    ]);
  });

  it('keeps the queue through a 401 and resumes it when the same user signs in again, never as another', async () => {
    let answers = 0;
    const batch = answering(() => applied());
    const fetchMock = api((init) => {
      answers += 1;
      return answers === 1 ? jsonResponse({ message: 'Session expirée', code: 'UNAUTHORIZED' }, 401) : batch(init);
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
    expect(callsTo(fetchMock, BATCH)).toHaveLength(1);

    setSession('new-token-of-rep', REP_USER);
    await vi.waitFor(async () => {
      expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
    });
    const calls = callsTo(fetchMock, BATCH);
    expect(calls.map(([, init]) => headersOf(init).Authorization)).toEqual([
      'Bearer expired-token',
      'Bearer new-token-of-rep',
    ]);
  });

  it('ends the session when a change of a batch is answered 401, and counts nothing', async () => {
    api(
      answering(() => ({
        outcome: 'refused',
        status: 401,
        body: { message: 'Session expirée', code: 'UNAUTHORIZED' },
      })),
    );
    await checkHealth();
    setSession('token-of-rep', REP_USER);
    await (await openOfflineDb()).add('queue', queueItemDraft(REP_USER.id, EDIT) as QueueItem);

    expect(await syncNow()).toMatchObject({ sent: 0, failed: 0, refused: 0, stopped: 'unauthorized' });
    expect(getSession().isAuthenticated).toBe(false);
    expect((await readQueue(REP_USER.id))[0]).toMatchObject({ status: 'pending', retryCount: 0 });
  });

  it('syncs when the connection comes back', async () => {
    const fetchMock = api(answering(() => applied()));
    healthy = false;
    await checkHealth();
    setSession('token-of-rep', REP_USER);
    stopEngine = startSyncEngine();

    await enqueue(REP_USER.id, EDIT);
    await expect(syncNow()).rejects.toThrow('Cannot sync while offline');
    expect(callsTo(fetchMock, BATCH)).toHaveLength(0);

    healthy = true;
    await checkHealth();
    await vi.waitFor(async () => {
      expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
    });
    expect(callsTo(fetchMock, BATCH)).toHaveLength(1);
  });

  it("tries again a health-check period after a failed 'Sync now', though the server was never seen offline", async () => {
    let answers = 0;
    const batch = answering(() => applied());
    const fetchMock = api((init) => {
      answers += 1;
      // The first send meets a server that died mid-request; the health checks around it both found it up.
      return answers === 1 ? Promise.reject(new TypeError('Failed to fetch')) : batch(init);
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
      expect(callsTo(fetchMock, BATCH)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(async () => {
        expect((await readQueue(REP_USER.id))[0]?.status).toBe('synced');
      });
      expect(callsTo(fetchMock, BATCH)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
