import { type IdempotentRequest, refuseOtherRequest } from '#server/core/idempotent-transaction.ts';
import type { Db } from '#server/db/database.ts';
import type { IdempotencyKeysRepository, StoredAnswer } from './idempotency.repository.ts';

/** What the Idempotency-Key hook asks before a write runs (DESIGN.md §6). */
export class IdempotencyService {
  constructor(private readonly deps: { db: Db; keys: IdempotencyKeysRepository }) {}

  /**
   * The answer stored under the caller's key, to replay; undefined for a new key. A key already used
   * for another request is refused.
   */
  async storedAnswer(request: IdempotentRequest): Promise<StoredAnswer | undefined> {
    const stored = await this.deps.keys.find(this.deps.db, request.userId, request.key);
    if (stored) refuseOtherRequest(request, stored);
    return stored;
  }
}
