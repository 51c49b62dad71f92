import type { Activity } from '@crm/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getEndedSessionEmail, getSession, setSession } from '@/app/session';
import { activity, CHANNELS, PRODUCTS } from '@/modules/activities/test/fixtures';
import { backgroundGet, type Credentials } from '@/offline/engine/background-api';
import { createBackgroundConnection } from '@/offline/engine/background-client';
import { createBackgroundHandler } from '@/offline/engine/background-host';
import type { FromBackground } from '@/offline/engine/background-protocol';
import { createDrainJob } from '@/offline/engine/drain-job';
import { inPagePort } from '@/offline/engine/test-background';
import { SLICE_MEASURES, SLICE_READY_ATTRIBUTE, type SliceFetcher } from '@/offline/slice/slice';
import { createSliceJob } from '@/offline/slice/slice-job';
import { startSlicePull } from '@/offline/slice/slice-pull';
import { openOfflineDb } from '@/offline/store/db';
import { hasLeavingUsers, noteLeaving } from '@/offline/store/leaving-users';
import type { SlicePage } from '@/offline/store/slice-store';
import { readStoredActivities } from '@/offline/store/slice-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const A = REP_USER.id;
const B = DEMO_ADMIN_USER.id;
const activityId = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

const lastPage = <T>(records: T[], nextCursor: string): SlicePage<T> => ({
  records,
  removedIds: [],
  nextCursor,
  hasMore: false,
});

/** A server answering every kind at once; the activities as `activities` says for the credentials given. */
function serverFor(activities: (credentials: Credentials, signal: AbortSignal) => Promise<SlicePage<Activity>>) {
  return (credentials: Credentials): SliceFetcher => ({
    activities: (_since, signal) => activities(credentials, signal),
    doctors: () => Promise.resolve(lastPage([], 'd')),
    reference: () => Promise.resolve({ channels: CHANNELS, products: PRODUCTS }),
    approvals: () => Promise.resolve([]),
    plans: () => Promise.resolve([]),
  });
}

/** The page's puller talking to the worker's handler through copied messages, as to the real worker. */
function startWithWorker(fetcherFor: (credentials: Credentials, onUnauthorized: () => void) => SliceFetcher) {
  const handler = createBackgroundHandler({ slice: createSliceJob({ fetcherFor }), drain: createDrainJob() });
  return startSlicePull(createBackgroundConnection(() => inPagePort(handler)));
}

let stop: () => void = () => undefined;

beforeEach(async () => {
  await freshOfflineStore();
  setSession('token-A', REP_USER);
  performance.clearMeasures();
});
afterEach(() => {
  stop();
  clearSession();
  document.documentElement.removeAttribute(SLICE_READY_ATTRIBUTE);
});

describe('the slice pulled by the background worker', () => {
  it('marks the page ready with the pull’s measures once the worker stored a whole slice', async () => {
    stop = startWithWorker(serverFor(() => Promise.resolve(lastPage([activity({ id: activityId(1) })], 'a-1'))));

    await vi.waitFor(() => {
      expect(document.documentElement.getAttribute(SLICE_READY_ATTRIBUTE)).toBe('ready');
    });
    for (const name of Object.values(SLICE_MEASURES)) expect(performance.getEntriesByName(name), name).toHaveLength(1);
    expect((await readStoredActivities(A)).map((stored) => stored.id)).toEqual([activityId(1)]);
  });

  it('hands the worker the session’s token and language, which it sends with each request', async () => {
    const fetchSpy = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ channels: [], products: [] }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const seen: Credentials[] = [];
    try {
      stop = startWithWorker((credentials, onUnauthorized) => {
        seen.push(credentials);
        const get = backgroundGet(credentials, onUnauthorized);
        return {
          ...serverFor(() => Promise.resolve(lastPage([], 'a')))(credentials),
          reference: (signal) =>
            get('/sync/reference', { parse: () => ({ channels: CHANNELS, products: PRODUCTS }) }, signal),
        };
      });
      await vi.waitFor(() => {
        expect(document.documentElement.getAttribute(SLICE_READY_ATTRIBUTE)).toBe('ready');
      });
    } finally {
      vi.unstubAllGlobals();
    }

    expect(seen).toEqual([{ token: 'token-A', language: 'fr' }]);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/sync/reference');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-A', 'Accept-Language': 'fr' });
  });

  it('stops the pull in flight when the rep signs out, then pulls the next user’s from scratch', async () => {
    const signals: AbortSignal[] = [];
    let release: () => void = () => undefined;
    stop = startWithWorker(
      serverFor((credentials, signal) => {
        signals.push(signal);
        // A's first page hangs until released; B's answers at once.
        return credentials.token === 'token-A'
          ? new Promise((resolve) => {
              release = () => resolve(lastPage([activity({ id: activityId(1) })], 'a-1'));
            })
          : Promise.resolve(lastPage([activity({ id: activityId(2), ownerId: B })], 'b-1'));
      }),
    );
    await vi.waitFor(() => {
      expect(signals).toHaveLength(1);
    });

    setSession('token-B', DEMO_ADMIN_USER);
    await vi.waitFor(() => {
      expect(signals[0]?.aborted).toBe(true);
    });
    release();

    await vi.waitFor(() => {
      expect(document.documentElement.getAttribute(SLICE_READY_ATTRIBUTE)).toBe('ready');
    });
    expect(signals).toHaveLength(2);
    expect(await readStoredActivities(A)).toEqual([]);
    expect((await readStoredActivities(B)).map((record) => record.id)).toEqual([activityId(2)]);
  });

  it('deletes the previous user’s records, which a reload kept from going, before the next user’s pull', async () => {
    clearSession();
    const db = await openOfflineDb();
    await db.put('activities', { ...activity({ id: activityId(1) }), owner: A });
    await db.put('activities', { owner: A, id: '__slice:activities', cursor: 'a-1', complete: true });
    // A signed out, and the page was reloaded before their records were deleted.
    noteLeaving(A, 'keep');
    const pulledFor: string[] = [];
    stop = startWithWorker(
      serverFor((credentials) => {
        pulledFor.push(credentials.token);
        return Promise.resolve(lastPage([activity({ id: activityId(2), ownerId: B })], 'b-1'));
      }),
    );

    setSession('token-B', DEMO_ADMIN_USER);
    await vi.waitFor(() => {
      expect(document.documentElement.getAttribute(SLICE_READY_ATTRIBUTE)).toBe('ready');
    });
    expect(pulledFor).toEqual(['token-B']);
    expect(hasLeavingUsers()).toBe(false);
    expect(await readStoredActivities(A)).toEqual([]);
    expect((await db.getAllKeys('activities')).filter(([owner]) => owner === A)).toEqual([]);
    expect((await readStoredActivities(B)).map((record) => record.id)).toEqual([activityId(2)]);
  });

  it('ends the session as expired when the server refused the worker’s token', async () => {
    const waiting: { refuse?: () => void } = {};
    stop = startWithWorker((credentials, onUnauthorized) =>
      serverFor(
        () =>
          new Promise((_resolve, reject) => {
            waiting.refuse = () => {
              onUnauthorized();
              reject(new Error('401'));
            };
          }),
      )(credentials),
    );
    await vi.waitFor(() => {
      expect(waiting.refuse).toBeDefined();
    });

    waiting.refuse?.();

    await vi.waitFor(() => {
      expect(getSession().isAuthenticated).toBe(false);
    });
    expect(getEndedSessionEmail()).toBe(REP_USER.email);
  });

  it('keeps a newer session when the refused token was the previous one’s', () => {
    const connection = createBackgroundConnection(() => ({
      postMessage: () => undefined,
      addEventListener: (type, listener) => {
        if (type !== 'message') return;
        // The worker answers a 401 for token-A after B signed in.
        setTimeout(() => {
          setSession('token-B', DEMO_ADMIN_USER);
          const answer: FromBackground = { job: 'session', type: 'unauthorized', token: 'token-A' };
          listener(new MessageEvent('message', { data: answer }));
        });
      },
      terminate: () => undefined,
    }));
    stop = startSlicePull(connection);

    return vi.waitFor(() => {
      expect(getSession().user?.id).toBe(B);
      expect(getSession().isAuthenticated).toBe(true);
    });
  });

  it('pulls again at the next trigger when the worker was lost mid-pull', () => {
    const posted: string[] = [];
    let fail: () => void = () => undefined;
    const connection = createBackgroundConnection(() => ({
      postMessage: (message) => {
        posted.push(message.type);
      },
      addEventListener: (type, listener) => {
        if (type === 'error') fail = () => listener(new Event('error'));
      },
      terminate: () => undefined,
    }));
    stop = startSlicePull(connection);
    expect(posted).toEqual(['pull']);

    fail();
    window.dispatchEvent(new Event('crm:back-online'));

    expect(posted).toEqual(['pull', 'pull']);
  });

  it('pulls nothing, and throws nothing, where no worker can start; a later trigger tries again', async () => {
    let opened = 0;
    const connection = createBackgroundConnection(() => {
      opened += 1;
      throw new ReferenceError('Worker is not defined');
    });
    stop = startSlicePull(connection);
    expect(opened).toBe(1);

    // A trigger while that pull is thought running: once the failure is told (as a lost worker), it pulls again.
    window.dispatchEvent(new Event('crm:back-online'));
    await vi.waitFor(() => {
      expect(opened).toBe(2);
    });
    expect(document.documentElement.hasAttribute(SLICE_READY_ATTRIBUTE)).toBe(false);
  });
});
