/**
 * How long an answer asked for ahead of its page (by a route loader, or as a finger touches a link) counts
 * as fresh: the page that mounts right after reads it instead of asking the server again.
 */
export const PREFETCHED_FRESH_MS = 10_000;

/** For answers asked for ahead and not awaited: a failure is the page's to show, when its own query asks again. */
export function ignoreFailure(): undefined {
  return undefined;
}
