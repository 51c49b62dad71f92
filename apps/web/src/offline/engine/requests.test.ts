import { describe, expect, it } from 'vitest';
import { toRequest, UnknownChangeError } from '@/offline/engine/requests';
import { QUEUE_FORMAT_VERSION, type QueueItem } from '@/offline/store/db';

function item(change: Pick<QueueItem, 'type' | 'action'> & Partial<QueueItem>): QueueItem {
  return {
    seq: 1,
    formatVersion: QUEUE_FORMAT_VERSION,
    mutationId: 'a2a4a3a0-0000-4000-8000-000000000001',
    owner: 'u1',
    entityId: 'e1e1e1e1-0000-4000-8000-000000000001',
    payload: null,
    dependsOn: [],
    timestamp: 0,
    synced: false,
    status: 'pending',
    retryCount: 0,
    lastError: null,
    updatedAt: 0,
    ...change,
  };
}

const ID = 'e1e1e1e1-0000-4000-8000-000000000001';
const KEY = 'a2a4a3a0-0000-4000-8000-000000000001';

describe('toRequest', () => {
  it('maps each change to one call of the API, with its mutation id as Idempotency-Key', () => {
    expect(toRequest(item({ type: 'activity', action: 'create', payload: { title: 'Visite' } }))).toEqual({
      method: 'POST',
      path: '/activities',
      body: { title: 'Visite', id: ID },
      idempotencyKey: KEY,
    });
    expect(toRequest(item({ type: 'activity', action: 'update', payload: { notes: 'RAS' } }))).toEqual({
      method: 'PUT',
      path: `/activities/${ID}`,
      body: { notes: 'RAS' },
      idempotencyKey: KEY,
    });
    expect(toRequest(item({ type: 'activity', action: 'done' }))).toEqual({
      method: 'PUT',
      path: `/activities/${ID}`,
      body: { done: true },
      idempotencyKey: KEY,
    });
    expect(toRequest(item({ type: 'activity', action: 'delete' }))).toEqual({
      method: 'DELETE',
      path: `/activities/${ID}`,
      idempotencyKey: KEY,
    });
    expect(toRequest(item({ type: 'doctor', action: 'create', payload: { lastName: 'Martin' } }))).toEqual({
      method: 'POST',
      path: '/doctors',
      body: { lastName: 'Martin', id: ID },
      idempotencyKey: KEY,
    });
  });

  it("sends a benefit to its doctor's path, the doctor out of the body (issue 31)", () => {
    const payload = { doctorId: 'd1', nature: 'meal', amountCents: 2450, date: '2026-02-03' };
    expect(toRequest(item({ type: 'benefit', action: 'create', payload }))).toEqual({
      method: 'POST',
      path: '/doctors/d1/benefits',
      body: { nature: 'meal', amountCents: 2450, date: '2026-02-03', id: ID },
      idempotencyKey: KEY,
    });
    // A record without its doctor cannot be sent anywhere.
    expect(() => toRequest(item({ type: 'benefit', action: 'create', payload: { nature: 'meal' } }))).toThrow(
      UnknownChangeError,
    );
  });

  it('keeps the client-made id even if the payload carries another', () => {
    const request = toRequest(item({ type: 'activity', action: 'create', payload: { id: 'other' } }));
    expect(request.body).toEqual({ id: ID });
  });

  it('raises an error for an unknown type or action (spec 000 §4)', () => {
    expect(() => toRequest(item({ type: 'consent', action: 'create' }))).toThrow(UnknownChangeError);
    expect(() => toRequest(item({ type: 'activity', action: 'archive' }))).toThrow(
      'Unknown sync item type or action: activity/archive',
    );
    expect(() => toRequest(item({ type: 'doctor', action: 'delete' }))).toThrow(UnknownChangeError);
  });
});
