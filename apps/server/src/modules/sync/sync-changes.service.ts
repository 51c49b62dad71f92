import type { ApiErrorBody, SyncChange, SyncChangeOutcome, SyncChangeResult, SyncChangesResult } from '@crm/shared';
import { AppError } from '#server/core/app-error.ts';

/** What one change's own call answered. */
export type ChangeAnswer = {
  status: number;
  /** The parsed JSON body; null for none. */
  body: unknown;
  /** The key already had an answer: this is it, given again (the Idempotent-Replayed header). */
  replayed: boolean;
};

/** Runs one change through the API's own route, as a request of its own with the change's Idempotency-Key. */
export type CallChange = (change: SyncChange) => Promise<ChangeAnswer>;

/** An AppError as an answer's body, in the caller's language. */
export type DescribeError = (error: AppError) => ApiErrorBody;

/** An entity id in a path: what the queue sends (UUIDs), and nothing that could climb out of the route. */
const ID = '[A-Za-z0-9_-]{1,64}';

/**
 * The calls the offline queue makes (decision 0021): activity create, update (done included) and delete,
 * doctor create, consent create, benefit create. Nothing else goes through a batch, so a batch can do nothing the queue
 * could not do one call at a time.
 */
const QUEUE_CALLS: readonly { method: SyncChange['method']; path: RegExp }[] = [
  { method: 'POST', path: /^\/activities$/ },
  { method: 'PUT', path: new RegExp(`^/activities/${ID}$`) },
  { method: 'DELETE', path: new RegExp(`^/activities/${ID}$`) },
  { method: 'POST', path: /^\/doctors$/ },
  { method: 'POST', path: new RegExp(`^/doctors/${ID}/signatures$`) },
  { method: 'POST', path: new RegExp(`^/doctors/${ID}/benefits$`) },
];

function isQueueCall(change: SyncChange): boolean {
  return QUEUE_CALLS.some((call) => call.method === change.method && call.path.test(change.path));
}

function outcomeOf({ status, replayed }: ChangeAnswer): SyncChangeOutcome {
  if (status >= 200 && status < 300) return replayed ? 'replayed' : 'applied';
  if (status === 409) return 'conflict';
  if (status >= 400 && status < 500) return 'refused';
  return 'failed';
}

/**
 * Applies queued changes in their order, each through its own route (its validation, access rules, key and
 * transaction, as if it came alone), and answers what became of each. It stops at the first change that is
 * neither applied nor replayed: a later change may depend on it (an activity on the doctor created before
 * it), so the rest are answered notTried and the device decides again with what it knows.
 */
export async function applyChanges(
  changes: readonly SyncChange[],
  call: CallChange,
  describe: DescribeError,
): Promise<SyncChangesResult> {
  const results: SyncChangeResult[] = [];
  let stopped = false;
  for (const change of changes) {
    const { idempotencyKey } = change;
    if (stopped) {
      results.push({ idempotencyKey, outcome: 'notTried', status: null, body: null });
      continue;
    }
    const answer = isQueueCall(change) ? await callSafely(call, change, describe) : notAllowed(change, describe);
    const outcome = outcomeOf(answer);
    results.push({ idempotencyKey, outcome, status: answer.status, body: answer.body });
    stopped = outcome !== 'applied' && outcome !== 'replayed';
  }
  return { results };
}

function notAllowed(change: SyncChange, describe: DescribeError): ChangeAnswer {
  const error = new AppError('SYNC_CHANGE_NOT_ALLOWED', { method: change.method, path: change.path });
  return { status: error.statusCode, body: describe(error), replayed: false };
}

/** A call that did not complete is a failure of that change: the device tries it again later, under its key. */
async function callSafely(call: CallChange, change: SyncChange, describe: DescribeError): Promise<ChangeAnswer> {
  try {
    return await call(change);
  } catch {
    const error = new AppError('INTERNAL_ERROR');
    return { status: error.statusCode, body: describe(error), replayed: false };
  }
}
