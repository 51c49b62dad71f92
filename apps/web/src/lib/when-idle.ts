import type { QueryClient } from '@tanstack/react-query';

/** How long an idle callback may wait for the main thread before it runs anyway. */
export const IDLE_TIMEOUT_MS = 5_000;
/** Where the browser has no requestIdleCallback (Safari): a pause long enough for the screen to settle. */
export const IDLE_FALLBACK_DELAY_MS = 1_500;
/** Queries still running after this long (a stalled network) no longer hold the task back. */
export const QUERIES_SETTLE_TIMEOUT_MS = 10_000;

export type Cancel = () => void;

/** Runs the task once the main thread is idle: requestIdleCallback with a timeout, else a timer. */
export function whenIdle(task: () => void): Cancel {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const handle = setTimeout(task, IDLE_FALLBACK_DELAY_MS);
  return () => {
    clearTimeout(handle);
  };
}

/**
 * Runs the task once no query is fetching (the screen has its data), then idle: work that can wait must not
 * compete with the first screen's requests and rendering on a slow phone.
 */
export function whenQueriesSettleThenIdle(queryClient: QueryClient, task: () => void): Cancel {
  let cancelIdle: Cancel | null = null;
  let unsubscribe: Cancel = () => undefined;
  const startIdle = () => {
    if (cancelIdle !== null) return;
    unsubscribe();
    clearTimeout(settleTimeout);
    cancelIdle = whenIdle(task);
  };
  const settleTimeout = setTimeout(startIdle, QUERIES_SETTLE_TIMEOUT_MS);
  if (queryClient.isFetching() === 0) {
    startIdle();
  } else {
    unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) startIdle();
    });
  }
  return () => {
    unsubscribe();
    clearTimeout(settleTimeout);
    cancelIdle?.();
  };
}
