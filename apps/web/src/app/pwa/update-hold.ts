import { useEffect, useSyncExternalStore } from 'react';

/**
 * What holds the 'new version' prompt back: the queue sending changes, a form with unsaved input (research
 * pitfall 13: apply an update only when the queue is idle and no form is dirty). Reloading then would cut a
 * send short or lose what the rep typed; the prompt shows once nothing holds it.
 */
const holds = new Set<symbol>();
const listeners = new Set<() => void>();
let isHeld = false;

function publish(): void {
  const next = holds.size > 0;
  if (next === isHeld) return;
  isHeld = next;
  for (const listener of listeners) listener();
}

/** Holds the prompt back until the returned function is called (once or more: the same hold). */
export function holdUpdate(reason: string): () => void {
  const hold = Symbol(reason);
  holds.add(hold);
  publish();
  return () => {
    holds.delete(hold);
    publish();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getIsHeld(): boolean {
  return isHeld;
}

/** Whether anything holds the update prompt back now. */
export function useIsUpdateHeld(): boolean {
  return useSyncExternalStore(subscribe, getIsHeld);
}

/** Holds the update prompt back while `active` (a form with unsaved input) and the component is shown. */
export function useHoldUpdateWhile(active: boolean, reason: string): void {
  useEffect(() => (active ? holdUpdate(reason) : undefined), [active, reason]);
}
