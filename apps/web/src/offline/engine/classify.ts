import type { QueueItem } from '@/offline/store/db';

/**
 * What a failed call means for its change (DESIGN.md §7, research a.6): `retry` counts a failure, `unauthorized`
 * pauses the whole queue without counting one, `conflict` and `rejected` wait for the rep with the message.
 */
export type FailureOutcome =
  | { kind: 'synced' }
  /** unreachable: no answer at all, so the next changes would fail alike. */
  | { kind: 'retry'; message: string; unreachable: boolean }
  | { kind: 'unauthorized' }
  | { kind: 'conflict'; message: string }
  | { kind: 'rejected'; message: string };

/** The session ended or changed between the engine's check and the call: pause, as for a 401. */
export class SessionChangedError extends Error {
  constructor() {
    super('The session changed during the synchronisation');
    this.name = 'SessionChangedError';
  }
}

/** The shape of the API client's ApiError (status 0 when the server could not be reached). */
type HttpFailure = { status: number; code: string; message: string };

function isHttpFailure(error: unknown): error is HttpFailure {
  return (
    error instanceof Error &&
    typeof (error as Partial<HttpFailure>).status === 'number' &&
    typeof (error as Partial<HttpFailure>).code === 'string'
  );
}

/** No answer, a timeout, too many requests or the server's own trouble: the same call may succeed later. */
function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

const ACTIVITY_LOCKED = 'ACTIVITY_LOCKED';

export function classifyFailure(item: QueueItem, error: unknown): FailureOutcome {
  if (error instanceof SessionChangedError) return { kind: 'unauthorized' };
  if (!isHttpFailure(error)) {
    return { kind: 'retry', message: error instanceof Error ? error.message : String(error), unreachable: false };
  }
  const { status, code, message } = error;
  if (isTransient(status)) return { kind: 'retry', message, unreachable: status === 0 };
  if (status === 401) return { kind: 'unauthorized' };
  if (item.type === 'activity') {
    // Done elsewhere (another device, the back office) while this edit waited: the rep decides, nothing is lost.
    if (status === 409 && code === ACTIVITY_LOCKED) return { kind: 'conflict', message };
    // Already gone (deleted elsewhere, or a first delete whose answer was lost after its key expired).
    if (status === 404 && item.action === 'delete') return { kind: 'synced' };
  }
  return { kind: 'rejected', message };
}
