import { useSyncExternalStore } from 'react';

/** Applies the waiting version of the app: the new service worker takes over, then the page reloads. */
export type ApplyUpdate = () => void;

let applyUpdate: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** Called by the registration when a new service worker is installed and waiting for the rep's go-ahead. */
export function offerUpdate(apply: ApplyUpdate): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getApplyUpdate(): ApplyUpdate | null {
  return applyUpdate;
}

/** The waiting update's apply function, or null while the running version is the newest. */
export function useWaitingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(subscribe, getApplyUpdate);
}
