import type { Db } from '#server/db/database.ts';
import type { IdempotencyKeysRepository, StoredAnswer } from '#server/modules/idempotency/idempotency.repository.ts';
import { AppError } from './app-error.ts';
import { type Clock, isoFrom, isoNow } from './clock.ts';

/**
 * A key must outlive the longest time a device may keep a change queued: a rep offline for weeks replays
 * changes whose first answer may have been lost, and a purged key would apply them twice. Half a year
 * matches the offline calendar's window; what it costs in rows is in docs/decisions/0020.
 */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 180;
/**
 * Old keys are deleted by about one write in a hundred rather than by a job: no process has to be the one
 * that runs it, and each clean-up has only a few hundred writes' worth of keys to remove.
 */
const CLEAN_UP_SHARE = 0.01;
const DAY_MS = 86_400_000;

type IdempotencyDeps = { db: Db; keys: IdempotencyKeysRepository; clock: Clock };

/** What a write asked for, to store with its answer and to recognise its replays. */
export type IdempotentRequest = {
  userId: string;
  key: string;
  method: string;
  path: string;
  bodyHash: string;
};

export function refuseOtherRequest(request: IdempotentRequest, stored: StoredAnswer): void {
  if (stored.method !== request.method || stored.path !== request.path || stored.body_hash !== request.bodyHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
}

export const storedBody = (stored: StoredAnswer): unknown =>
  stored.status_code === 204 ? null : JSON.parse(stored.response);

/**
 * Runs a write in a transaction that also stores its answer under the request's key, so neither exists
 * without the other. A concurrent duplicate that lost the race (primary key of the key, or of the row it
 * creates) rolls back and answers what the winner stored.
 */
export async function idempotentTransaction<T>(
  deps: IdempotencyDeps,
  request: IdempotentRequest | null,
  answer: { statusCode: number | ((value: T) => number); replayAs: (body: unknown) => T },
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      const value = await work(trx);
      if (request) {
        await deps.keys.insert(trx, {
          user_id: request.userId,
          key: request.key,
          method: request.method,
          path: request.path,
          body_hash: request.bodyHash,
          status_code: typeof answer.statusCode === 'number' ? answer.statusCode : answer.statusCode(value),
          response: JSON.stringify(value ?? null),
          created_at: isoNow(deps.clock),
        });
      }
      return value;
    });
    if (request && Math.random() < CLEAN_UP_SHARE) await forgetOldKeys(deps);
    return result;
  } catch (error) {
    if (!request) throw error;
    const stored = await deps.keys.find(deps.db, request.userId, request.key);
    if (!stored) throw error;
    refuseOtherRequest(request, stored);
    return answer.replayAs(storedBody(stored));
  }
}

/** Deletes the keys older than the retention; exported for its test, which can't wait for the dice. */
export async function forgetOldKeys(deps: IdempotencyDeps): Promise<void> {
  try {
    await deps.keys.deleteBefore(deps.db, isoFrom(deps.clock, -IDEMPOTENCY_KEY_RETENTION_DAYS * DAY_MS));
  } catch {
    // The write itself is committed; a later write cleans up instead.
  }
}
