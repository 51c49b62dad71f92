import { SyncChangesResult } from '@crm/shared';
import type { ChangeResult } from '@/offline/engine/sync-engine';

/**
 * The server's answer to a batch (POST /api/sync/changes) as the engine reads it, for the page's transport and
 * the worker's: per change, its own call's answer, or the error that call would have thrown (`errorOf`).
 * `onUnauthorized` hears of a change answered 401: spec 000 §4, any 401 ends the session.
 */
export function changeResultsOf(
  answer: unknown,
  errorOf: (status: number, body: unknown) => Error,
  onUnauthorized: () => void,
): ChangeResult[] {
  return SyncChangesResult.parse(answer).results.map(({ outcome, status, body }): ChangeResult => {
    if (outcome === 'notTried' || status === null) return { kind: 'notTried' };
    if (status >= 200 && status < 300) return { kind: 'answered', answer: body };
    if (status === 401) onUnauthorized();
    return { kind: 'failed', error: errorOf(status, body) };
  });
}
