import type { SyncChange } from '@crm/shared';
import type { QueueItem } from '@/offline/db';

/** One call of the existing API (its path under /api), sent with `Idempotency-Key: mutationId`. */
export type SyncRequest = SyncChange;

/** Spec 000 §4: an unknown item type or action raises an error. */
export class UnknownChangeError extends Error {
  constructor(type: string, action: string) {
    super(`Unknown sync item type or action: ${type}/${action}`);
    this.name = 'UnknownChangeError';
  }
}

function asObject(payload: unknown): Record<string, unknown> {
  return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
}

/** The call that applies a queued change; new entities carry their client-made id in the body. */
export function toRequest(item: QueueItem): SyncRequest {
  const idempotencyKey = item.mutationId;
  const activityPath = `/activities/${encodeURIComponent(item.entityId)}`;
  if (item.type === 'activity') {
    switch (item.action) {
      case 'create':
        return {
          method: 'POST',
          path: '/activities',
          body: { ...asObject(item.payload), id: item.entityId },
          idempotencyKey,
        };
      case 'update':
        return { method: 'PUT', path: activityPath, body: item.payload, idempotencyKey };
      case 'done':
        return { method: 'PUT', path: activityPath, body: { done: true }, idempotencyKey };
      case 'delete':
        return { method: 'DELETE', path: activityPath, idempotencyKey };
    }
  }
  if (item.type === 'doctor' && item.action === 'create') {
    return { method: 'POST', path: '/doctors', body: { ...asObject(item.payload), id: item.entityId }, idempotencyKey };
  }
  if (item.type === 'consent' && item.action === 'create') {
    // The doctor is the path; the body is the API's, with the consent's client-made id.
    const { doctorId, ...body } = asObject(item.payload);
    if (typeof doctorId === 'string') {
      return {
        method: 'POST',
        path: `/doctors/${encodeURIComponent(doctorId)}/signatures`,
        body: { ...body, id: item.entityId },
        idempotencyKey,
      };
    }
  }
  throw new UnknownChangeError(item.type, item.action);
}

const encoder = new TextEncoder();

/** What a change adds to a batch's JSON body, in bytes (the comma between two included). */
export function requestBytes(request: SyncRequest): number {
  return encoder.encode(JSON.stringify(request)).byteLength + 1;
}
