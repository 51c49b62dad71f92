import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  reloadOnMissingChunk,
} from '@/app/pwa/reload-on-missing-chunk';
import { checkHealth } from '@/offline/engine/network-monitor';
import { jsonResponse, stubFetch } from '@/test/fetch';

/** Fires what Vite's preload helper fires when a chunk can't be fetched; true when a handler took it. */
function missChunk(): boolean {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function serverAnswers(isUp: boolean) {
  stubFetch({
    'GET /api/health': () => (isUp ? jsonResponse({ status: 'ok' }) : new Response(null, { status: 503 })),
  });
  await checkHealth();
}

let stop: () => void = () => undefined;

afterEach(async () => {
  stop();
  sessionStorage.clear();
  vi.useRealTimers();
  await serverAnswers(true);
  vi.unstubAllGlobals();
});

describe('reload on a missing chunk', () => {
  it('reloads once, and lets a second miss soon after show its error instead of reloading again', async () => {
    await serverAnswers(true);
    const reload = vi.fn();
    stop = reloadOnMissingChunk(reload);

    expect(missChunk()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).not.toBeNull();

    // The reloaded page (same tab, same session storage) misses a chunk again.
    expect(missChunk()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a miss long after the last reload (the next deploy)', async () => {
    await serverAnswers(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    const reload = vi.fn();
    stop = reloadOnMissingChunk(reload);

    missChunk();
    vi.setSystemTime(Date.now() + CHUNK_RELOAD_GUARD_MS + 1);
    missChunk();

    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does nothing offline: the chunk is missing for want of network, and a reload would lose the app', async () => {
    await serverAnswers(false);
    const reload = vi.fn();
    stop = reloadOnMissingChunk(reload);

    expect(missChunk()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBeNull();
  });
});
