import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '@/app/pwa/register-service-worker';
import { onEachReachableHealthCheck } from '@/app/pwa/start-service-worker';
import { checkHealth } from '@/offline/engine/network-monitor';
import { jsonResponse, stubFetch } from '@/test/fetch';

type Listener = () => void;

/** A stand-in for workbox-window's Workbox: records what the app asks of it, fires what the test says. */
const workbox = vi.hoisted(() => {
  const listeners = new Map<string, Listener[]>();
  return {
    listeners,
    url: '',
    register: vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration)),
    update: vi.fn(() => Promise.resolve()),
    messageSkipWaiting: vi.fn(),
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
});

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      workbox.url = url;
    }
    addEventListener(type: string, listener: Listener) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    register = workbox.register;
    update = workbox.update;
    messageSkipWaiting = workbox.messageSkipWaiting;
  },
}));

async function serverAnswers(isUp: boolean) {
  stubFetch({
    'GET /api/health': () => (isUp ? jsonResponse({ status: 'ok' }) : new Response(null, { status: 503 })),
  });
  await checkHealth();
}

afterEach(() => {
  workbox.listeners.clear();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('service worker registration', () => {
  it('registers /sw.js and offers a waiting version, which it applies only when asked', async () => {
    const onUpdateWaiting = vi.fn();
    registerServiceWorker({ onUpdateWaiting, onServerReachable: vi.fn() });
    await vi.waitFor(() => expect(workbox.register).toHaveBeenCalled());
    expect(workbox.url).toBe('/sw.js');

    workbox.fire('waiting');
    expect(onUpdateWaiting).toHaveBeenCalledTimes(1);
    // Nothing switches until the rep chooses to reload.
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(workbox.listeners.get('controlling')).toBeUndefined();

    const applyUpdate = onUpdateWaiting.mock.calls[0]?.[0] as () => void;
    applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    // The reload waits for the new worker to control the page.
    expect(workbox.listeners.get('controlling')).toHaveLength(1);
  });

  it('looks for a new version on the health checks, once registered', async () => {
    const onServerReachable = vi.fn();
    registerServiceWorker({ onUpdateWaiting: vi.fn(), onServerReachable });
    await vi.waitFor(() => expect(onServerReachable).toHaveBeenCalledTimes(1));

    const check = onServerReachable.mock.calls[0]?.[0] as () => void;
    check();
    expect(workbox.update).toHaveBeenCalledTimes(1);
  });
});

describe('each reachable health check', () => {
  it('calls the check after each health check that reached the server, not after the others', async () => {
    const check = vi.fn();
    const stop = onEachReachableHealthCheck(check);

    await serverAnswers(true);
    await serverAnswers(true);
    expect(check).toHaveBeenCalledTimes(2);

    await serverAnswers(false);
    expect(check).toHaveBeenCalledTimes(2);

    stop();
    await serverAnswers(true);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
