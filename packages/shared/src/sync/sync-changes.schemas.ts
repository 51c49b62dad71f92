import { z } from 'zod';
import { uuidField } from '../common/fields.ts';
import { SIGNATURE_MAX_LENGTH } from '../consents/consents.rules.ts';

/**
 * The most queued changes one POST /api/sync/changes carries: a queue of a few hundred changes goes in a few
 * requests, and one request stays short enough that a lost answer costs little to replay.
 */
export const SYNC_BATCH_MAX_CHANGES = 100;

/**
 * The most bytes of one batch's JSON body: room for one consent with the largest signature the consent route
 * takes, and its envelope. A device packs changes up to it; a single change over it goes alone and gets the
 * 413 its own call would.
 */
export const SYNC_BATCH_MAX_BYTES = SIGNATURE_MAX_LENGTH + 1024 * 1024;

/**
 * One queued change: the call of the API that applies it (its path under /api), with the key it keeps on
 * every try. The server accepts only the calls the offline queue makes.
 */
export const SyncChange = z.object({
  method: z.enum(['POST', 'PUT', 'DELETE']),
  path: z.string().startsWith('/').max(300),
  idempotencyKey: uuidField(),
  body: z.unknown().optional(),
});
export type SyncChange = z.infer<typeof SyncChange>;

/** POST /api/sync/changes: the changes to apply, in the order they were made. */
export const SyncChangesInput = z.object({
  changes: z.array(SyncChange).min(1).max(SYNC_BATCH_MAX_CHANGES),
});
export type SyncChangesInput = z.infer<typeof SyncChangesInput>;

/**
 * What became of one change: applied now; replayed (its key already had an answer, given again); conflict
 * (409) or refused (another 4xx), with the error its own call answered; failed (5xx, or the call did not
 * complete); notTried, because an earlier change of the batch was not applied.
 */
export const SYNC_CHANGE_OUTCOMES = ['applied', 'replayed', 'conflict', 'refused', 'failed', 'notTried'] as const;
export type SyncChangeOutcome = (typeof SYNC_CHANGE_OUTCOMES)[number];

export const SyncChangeResult = z.object({
  idempotencyKey: z.string(),
  outcome: z.enum(SYNC_CHANGE_OUTCOMES),
  /** The status its own call answered; null when it was not tried. */
  status: z.number().int().nullable(),
  /** The body its own call answered (the entity, or the error's {message, code, fields}); null for none. */
  body: z.unknown(),
});
export type SyncChangeResult = z.infer<typeof SyncChangeResult>;

/** One result per change, in the order of the request. */
export const SyncChangesResult = z.object({ results: z.array(SyncChangeResult) });
export type SyncChangesResult = z.infer<typeof SyncChangesResult>;
