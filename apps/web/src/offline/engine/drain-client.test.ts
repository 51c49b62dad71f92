import { SYNC_BATCH_MAX_CHANGES, type SyncChangeResult, type SyncChangesInput } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '@/app/session';
import { createBackgroundConnection } from '@/offline/engine/background-client';
import { createBackgroundHandler } from '@/offline/engine/background-host';
import type { BackgroundPost, ToBackground } from '@/offline/engine/background-protocol';
import { createBackgroundDrain } from '@/offline/engine/drain-client';
import { createDrainJob } from '@/offline/engine/drain-job';
import { checkHealth } from '@/offline/engine/network-monitor';
import type { SyncEngine } from '@/offline/engine/sync-engine';
import { OfflineSyncError } from '@/offline/engine/sync-error';
import { inPagePort } from '@/offline/engine/test-background';
import { enqueue, type QueuedChange } from '@/offline/queue/queue';
import { createSliceJob } from '@/offline/slice/slice-job';
import { readQueue } from '@/offline/store/db';
import { freshOfflineStore } from '@/offline/store/test-store';
import { callsTo, jsonBody, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const A = REP_USER.id;
const BATCH = 'POST /api/sync/changes';
const activityId = (n: number) => `0190a0c4-7a6b-7c1e-9f00-${String(n).padStart(12, '0')}`;
const edit = (n: number): QueuedChange => ({
  type: 'activity',
  action: 'update',
  entityId: activityId(n),
  payload: { callNotes: `RAS ${n}` },
});

/** The server: healthy, and every change of a batch applied (after `before`, which may wait). */
function api(batch: FetchHandler = applyingAll()) {
  return stubFetch({ 'GET /api/health': () => jsonResponse({ status: 'ok' }), [BATCH]: batch });
}

function applyingAll(before: () => Promise<void> = () => Promise.resolve()): FetchHandler {
  return async (init) => {
    const { changes } = jsonBody(init) as SyncChangesInput;
    await before();
    const results = changes.map(({ idempotencyKey }): SyncChangeResult => ({
      idempotencyKey,
      outcome: 'applied',
      status: 200,
      body: null,
    }));
    return jsonResponse({ results });
  };
}

const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

/** What the page's drain posted to the worker, as the worker received it. */
let received: ToBackground[] = [];
/** The engine on the page the drain falls back to: never used while the worker answers. */
const fallback: SyncEngine = {
  syncNow: () => Promise.reject(new Error('the page’s engine ran')),
  sync: () => Promise.reject(new Error('the page’s engine ran')),
  recover: () => Promise.resolve(),
};

/** The page's drain talking to the worker's handler through copied messages, as to the real worker. */
function drainWithWorker(): SyncEngine {
  const handle = createBackgroundHandler({ slice: createSliceJob(), drain: createDrainJob() });
  const recording = (message: ToBackground, post: BackgroundPost) => {
    received.push(message);
    handle(message, post);
  };
  return createBackgroundDrain(
    createBackgroundConnection(() => inPagePort(recording)),
    fallback,
    () => () => undefined,
  );
}

beforeEach(async () => {
  await freshOfflineStore();
  received = [];
  setSession('token-A', REP_USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the queue drained by the background worker', () => {
  it('sends a batch with the token and language the page gave, and reports the run', async () => {
    const fetchMock = api();
    await checkHealth();
    const item = await enqueue(A, edit(1));

    const report = await drainWithWorker().sync();

    expect(report).toEqual({ sent: 1, failed: 0, refused: 0, stopped: null, waiting: 0 });
    const calls = callsTo(fetchMock, BATCH);
    expect(calls).toHaveLength(1);
    const [, init] = calls[0] ?? [];
    expect(headersOf(init)).toMatchObject({ Authorization: 'Bearer token-A', 'Accept-Language': 'fr' });
    expect((jsonBody(init) as SyncChangesInput).changes.map((change) => change.idempotencyKey)).toEqual([
      item.mutationId,
    ]);
    expect((await readQueue(A)).map((queued) => queued.status)).toEqual(['synced']);
  });

  it('rejects "Sync now" offline without asking the worker', async () => {
    stubFetch({ 'GET /api/health': () => new Response(null, { status: 503 }) });
    await checkHealth();

    await expect(drainWithWorker().syncNow()).rejects.toBeInstanceOf(OfflineSyncError);
    expect(received).toEqual([]);
  });

  it('ends the session when the server refused the worker’s token, the change left as it was', async () => {
    api(() => jsonResponse({ message: 'Session expired', code: 'UNAUTHORIZED' }, 401));
    await checkHealth();
    await enqueue(A, edit(1));

    const report = await drainWithWorker().sync();

    expect(report?.stopped).toBe('unauthorized');
    await vi.waitFor(() => {
      expect(getSession().isAuthenticated).toBe(false);
    });
    expect((await readQueue(A)).map(({ status, retryCount }) => ({ status, retryCount }))).toEqual([
      { status: 'pending', retryCount: 0 },
    ]);
  });

  it('sends no further batch once the page’s session changed hands', async () => {
    let release: () => void = () => undefined;
    const fetchMock = api(
      applyingAll(
        () =>
          new Promise((resolve) => {
            release = resolve;
          }),
      ),
    );
    await checkHealth();
    for (let n = 0; n <= SYNC_BATCH_MAX_CHANGES; n += 1) await enqueue(A, edit(n));

    const running = drainWithWorker().sync();
    await vi.waitFor(() => {
      expect(callsTo(fetchMock, BATCH)).toHaveLength(1);
    });
    setSession('token-B', DEMO_ADMIN_USER);
    await vi.waitFor(() => {
      expect(received.at(-1)).toEqual({ job: 'drain', type: 'state', owner: DEMO_ADMIN_USER.id, online: true });
    });
    release();

    expect(await running).toMatchObject({ sent: SYNC_BATCH_MAX_CHANGES, stopped: 'signedOut', waiting: 1 });
    expect(callsTo(fetchMock, BATCH)).toHaveLength(1);
  });
});
