import type { SyncChange } from '@crm/shared';
import { commandRequest } from '@/offline/queue/commands';
import { commandOf } from '@/offline/queue/queue';
import type { QueueItem } from '@/offline/store/db';

/** One call of the existing API (its path under /api), sent with `Idempotency-Key: mutationId`. */
export type SyncRequest = SyncChange;

/** Spec 000 §4: an unknown item type or action raises an error. */
export class UnknownChangeError extends Error {
  constructor(type: string, action: string) {
    super(`Unknown sync item type or action: ${type}/${action}`);
    this.name = 'UnknownChangeError';
  }
}

/** The call that applies a queued change, under the record's key. */
export function toRequest(item: QueueItem): SyncRequest {
  const command = commandOf(item);
  if (command === null) throw new UnknownChangeError(item.type, item.action);
  return { ...commandRequest(command, item.entityId), idempotencyKey: item.mutationId };
}

const encoder = new TextEncoder();

/** What a change adds to a batch's JSON body, in bytes (the comma between two included). */
export function requestBytes(request: SyncRequest): number {
  return encoder.encode(JSON.stringify(request)).byteLength + 1;
}
