import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import {
  BACK_ONLINE_EVENT,
  checkHealth,
  getNetworkState,
  isEffectivelyOnline,
  setSimulatedOffline,
  SIMULATED_OFFLINE_STORAGE_KEY,
  startNetworkMonitor,
} from '@/offline/engine/network-monitor';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

function stubHealth(isUp: boolean) {
  return stubFetch({
    'GET /api/health': () => (isUp ? jsonResponse({ status: 'ok' }) : new Response(null, { status: 503 })),
  });
}

afterEach(async () => {
  setSimulatedOffline(false);
  clearSession();
  stubHealth(true);
  await checkHealth();
  vi.unstubAllGlobals();
});

describe('network monitor', () => {
  it('is online when GET /api/health answers, offline when it does not', async () => {
    stubHealth(false);
    await expect(checkHealth()).resolves.toBe(false);
    expect(getNetworkState().isOnline).toBe(false);
    expect(getNetworkState().lastChecked).toBeInstanceOf(Date);

    stubHealth(true);
    await expect(checkHealth()).resolves.toBe(true);
    expect(getNetworkState().isOnline).toBe(true);
  });

  it('treats an unreachable server as offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(checkHealth()).resolves.toBe(false);
  });

  it('gives up on the health call after 3 seconds', async () => {
    const timeout = new AbortController();
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              reject(new DOMException('The operation timed out.', 'TimeoutError'));
            });
          }),
      ),
    );
    const check = checkHealth();
    expect(timeoutSpy).toHaveBeenCalledWith(3000);
    timeout.abort();
    await expect(check).resolves.toBe(false);
    timeoutSpy.mockRestore();
  });

  it('checks the health call at start, then every 30 seconds until stopped', async () => {
    vi.useFakeTimers();
    const fetchMock = stubHealth(true);
    const stop = startNetworkMonitor();
    try {
      expect(callsTo(fetchMock, 'GET /api/health')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(29_900);
      expect(callsTo(fetchMock, 'GET /api/health')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(100);
      expect(callsTo(fetchMock, 'GET /api/health')).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(callsTo(fetchMock, 'GET /api/health')).toHaveLength(3);
      stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(callsTo(fetchMock, 'GET /api/health')).toHaveLength(3);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('announces coming back online once', async () => {
    const handleBackOnline = vi.fn();
    window.addEventListener(BACK_ONLINE_EVENT, handleBackOnline);
    stubHealth(false);
    await checkHealth();
    stubHealth(true);
    await checkHealth();
    await checkHealth();
    window.removeEventListener(BACK_ONLINE_EVENT, handleBackOnline);
    expect(handleBackOnline).toHaveBeenCalledTimes(1);
  });

  it('lets the demo administrator simulate offline, remembered locally, and announces the way back', () => {
    setSession('token', DEMO_ADMIN_USER);
    const handleBackOnline = vi.fn();
    window.addEventListener(BACK_ONLINE_EVENT, handleBackOnline);

    setSimulatedOffline(true);
    expect(isEffectivelyOnline(getNetworkState())).toBe(false);
    expect(getNetworkState().isOnline).toBe(true);
    expect(localStorage.getItem(SIMULATED_OFFLINE_STORAGE_KEY)).toBe('true');

    setSimulatedOffline(false);
    window.removeEventListener(BACK_ONLINE_EVENT, handleBackOnline);
    expect(isEffectivelyOnline(getNetworkState())).toBe(true);
    expect(handleBackOnline).toHaveBeenCalledTimes(1);
  });

  it('does not let anyone else simulate offline', () => {
    setSession('token', REP_USER);
    setSimulatedOffline(true);
    expect(getNetworkState().isSimulatedOffline).toBe(false);
  });

  it('stops simulating when the demo administrator signs out', () => {
    setSession('token', DEMO_ADMIN_USER);
    setSimulatedOffline(true);
    clearSession();
    expect(getNetworkState().isSimulatedOffline).toBe(false);
    expect(localStorage.getItem(SIMULATED_OFFLINE_STORAGE_KEY)).toBeNull();
  });
});
