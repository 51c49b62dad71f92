import { HEALTH_CHECK_INTERVAL_MS, HEALTH_CHECK_TIMEOUT_MS, isDemoAdmin } from '@crm/shared';
import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@/app/session';
import { API_BASE } from '@/lib/api-client';
import { BACK_ONLINE_EVENT } from '@/offline/engine/events';

export { BACK_ONLINE_EVENT };

export const SIMULATED_OFFLINE_STORAGE_KEY = 'crm.simulateOffline';

export type NetworkState = {
  /** What the last health check (or the browser's offline event) said. */
  isOnline: boolean;
  lastChecked: Date | null;
  /** The demo administrator's offline simulation (spec 000 §4). */
  isSimulatedOffline: boolean;
};

/** What the app acts on: the route guard, the menu, the future sync. */
export function isEffectivelyOnline(network: NetworkState): boolean {
  return network.isOnline && !network.isSimulatedOffline;
}

function canSimulate(): boolean {
  return isDemoAdmin(getSession().user);
}

function readStoredSimulation(): boolean {
  try {
    return localStorage.getItem(SIMULATED_OFFLINE_STORAGE_KEY) === 'true' && canSimulate();
  } catch {
    return false;
  }
}

let state: NetworkState = {
  isOnline: navigator.onLine,
  lastChecked: null,
  isSimulatedOffline: readStoredSimulation(),
};
const listeners = new Set<() => void>();

function update(patch: Partial<NetworkState>): void {
  const wasOnline = isEffectivelyOnline(state);
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
  if (!wasOnline && isEffectivelyOnline(state)) window.dispatchEvent(new Event(BACK_ONLINE_EVENT));
}

export function getNetworkState(): NetworkState {
  return state;
}

export function subscribeNetwork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let latestCheck = 0;

/** GET /api/health with a 3 s timeout; any answer other than 2xx, or none, means offline. */
export async function checkHealth(): Promise<boolean> {
  latestCheck += 1;
  const check = latestCheck;
  let isOnline: boolean;
  try {
    const response = await fetch(`${API_BASE}/health`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
    });
    isOnline = response.ok;
  } catch {
    isOnline = false;
  }
  // A slow answer must not overwrite a newer one (an 'online' event can start a check mid-poll).
  if (check === latestCheck) update({ isOnline, lastChecked: new Date() });
  return isOnline;
}

export function setSimulatedOffline(isSimulatedOffline: boolean): void {
  if (isSimulatedOffline && !canSimulate()) return;
  try {
    if (isSimulatedOffline) localStorage.setItem(SIMULATED_OFFLINE_STORAGE_KEY, 'true');
    else localStorage.removeItem(SIMULATED_OFFLINE_STORAGE_KEY);
  } catch {
    // Not persisted; the simulation still applies to this page.
  }
  if (isSimulatedOffline !== state.isSimulatedOffline) update({ isSimulatedOffline });
}

// Only the demo administrator may simulate: anyone else signing in on this device starts really online.
subscribeSession(() => {
  if (state.isSimulatedOffline && !canSimulate()) setSimulatedOffline(false);
});

let stopMonitor: (() => void) | null = null;

/** Starts polling and listening to the browser's connectivity events; idempotent. Returns the stop function. */
export function startNetworkMonitor(): () => void {
  if (stopMonitor !== null) return stopMonitor;
  const handleOnline = () => void checkHealth();
  // The browser knows for sure when it has no network at all; no need to wait for a timeout.
  const handleOffline = () => update({ isOnline: false, lastChecked: new Date() });
  window.addEventListener('online', handleOnline);
  window.addEventListener('offline', handleOffline);
  const timer = window.setInterval(handleOnline, HEALTH_CHECK_INTERVAL_MS);
  void checkHealth();
  const stop = () => {
    window.removeEventListener('online', handleOnline);
    window.removeEventListener('offline', handleOffline);
    window.clearInterval(timer);
    stopMonitor = null;
  };
  stopMonitor = stop;
  return stop;
}

export type NetworkStatus = NetworkState & { isEffectivelyOnline: boolean };

export function useNetworkStatus(): NetworkStatus {
  const network = useSyncExternalStore(subscribeNetwork, getNetworkState);
  return { ...network, isEffectivelyOnline: isEffectivelyOnline(network) };
}
