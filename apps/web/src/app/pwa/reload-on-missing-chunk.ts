import { getNetworkState } from '@/offline/engine/network-monitor';

/** When the page last reloaded for a missing chunk (session storage: this tab only). */
export const CHUNK_RELOAD_STORAGE_KEY = 'crm.chunkReloadAt';
/** A second missing chunk within this time of the reload is a real error, shown rather than reloaded again. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * A page of an older version can ask for a chunk the server no longer has (a deploy, or another tab applied
 * the update and the worker dropped the old precache): Vite then fires 'vite:preloadError'. Reloading gets
 * the current version's index.html and chunks. Once only: a chunk still missing after that is an error the
 * rep should see, not a reload loop. Offline, the chunk is missing for want of network and a reload would
 * show the browser's error page instead of the app: nothing is done.
 */
export function reloadOnMissingChunk(reload: () => void = () => window.location.reload()): () => void {
  const handlePreloadError = (event: Event) => {
    if (!getNetworkState().isOnline || !navigator.onLine) return;
    const lastReload = Number(readLastReload() ?? 0);
    if (Date.now() - lastReload < CHUNK_RELOAD_GUARD_MS) return;
    if (!writeLastReload(String(Date.now()))) return;
    // The import's error would show the error page until the reload replaces it.
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', handlePreloadError);
  return () => window.removeEventListener('vite:preloadError', handlePreloadError);
}

function readLastReload(): string | null {
  try {
    return sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** False when the guard can't be stored: without it a reload could loop, so the error shows instead. */
function writeLastReload(value: string): boolean {
  try {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, value);
    return true;
  } catch {
    return false;
  }
}
