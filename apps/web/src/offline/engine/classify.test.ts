import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SessionChangedError, classifyFailure } from '@/offline/engine/classify';
import { QUEUE_FORMAT_VERSION, type QueueItem } from '@/offline/store/db';

function item(type: string, action: string): QueueItem {
  return {
    seq: 1,
    formatVersion: QUEUE_FORMAT_VERSION,
    mutationId: 'm1',
    owner: 'u1',
    type,
    action,
    entityId: 'e1',
    payload: null,
    dependsOn: [],
    timestamp: 0,
    synced: false,
    status: 'sending',
    retryCount: 0,
    lastError: null,
    updatedAt: 0,
  };
}

const edit = item('activity', 'update');

describe('classifyFailure (DESIGN.md §7)', () => {
  it('retries what may succeed later, and says when nothing answered', () => {
    expect(classifyFailure(edit, new ApiError(0, 'Network error', 'NETWORK_ERROR'))).toEqual({
      kind: 'retry',
      message: 'Network error',
      unreachable: true,
    });
    for (const status of [500, 502, 503, 408, 429]) {
      expect(classifyFailure(edit, new ApiError(status, 'Busy', 'INTERNAL_ERROR'))).toEqual({
        kind: 'retry',
        message: 'Busy',
        unreachable: false,
      });
    }
    expect(classifyFailure(edit, new SyntaxError('Unexpected token'))).toMatchObject({ kind: 'retry' });
  });

  it('pauses on 401 and when the session changed', () => {
    expect(classifyFailure(edit, new ApiError(401, 'Expired', 'UNAUTHORIZED'))).toEqual({ kind: 'unauthorized' });
    expect(classifyFailure(edit, new SessionChangedError())).toEqual({ kind: 'unauthorized' });
  });

  it('makes an edit of an activity done elsewhere a conflict', () => {
    for (const action of ['update', 'done', 'delete']) {
      expect(classifyFailure(item('activity', action), new ApiError(409, 'Locked', 'ACTIVITY_LOCKED'))).toEqual({
        kind: 'conflict',
        message: 'Locked',
      });
    }
  });

  it('rejects other refusals with the server’s message', () => {
    expect(classifyFailure(edit, new ApiError(422, 'Key reused', 'IDEMPOTENCY_KEY_REUSED'))).toEqual({
      kind: 'rejected',
      message: 'Key reused',
    });
    expect(classifyFailure(edit, new ApiError(409, 'Approval first', 'APPROVAL_REQUIRED'))).toMatchObject({
      kind: 'rejected',
    });
    expect(classifyFailure(item('doctor', 'create'), new ApiError(400, 'RPPS', 'VALIDATION_ERROR'))).toMatchObject({
      kind: 'rejected',
    });
    expect(classifyFailure(edit, new ApiError(404, 'Not found', 'NOT_FOUND'))).toMatchObject({ kind: 'rejected' });
  });

  it('takes a delete of what is already gone as done', () => {
    expect(classifyFailure(item('activity', 'delete'), new ApiError(404, 'Not found', 'NOT_FOUND'))).toEqual({
      kind: 'synced',
    });
  });
});
