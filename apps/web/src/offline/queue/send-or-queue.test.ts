import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { setSimulatedOffline } from '@/offline/engine/network-monitor';
import { enqueue } from '@/offline/queue/queue';
import { followsEntities, sendOrQueue } from '@/offline/queue/send-or-queue';
import { freshOfflineStore } from '@/offline/store/test-store';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

const ENTITY = '0190a0c4-0000-7000-8000-00000000c0c1';
const OTHER = '0190a0c4-0000-7000-8000-00000000c0c2';

/** A write whose call answers `sent` (or throws `failure`) and whose queued form names its owner. */
function write(failure?: ApiError, entityIds: readonly string[] = [ENTITY]) {
  const send = vi.fn((_owner: string | null) =>
    failure === undefined ? Promise.resolve('sent') : Promise.reject(failure),
  );
  const queue = vi.fn((owner: string) => Promise.resolve(`queued by ${owner}`));
  return { send, queue, mustFollow: followsEntities(entityIds) };
}

beforeEach(async () => {
  await freshOfflineStore();
  setSession('token', REP_USER);
});
afterEach(() => {
  setSimulatedOffline(false);
  clearSession();
});

describe('sendOrQueue', () => {
  it('sends online, as the signed-in user', async () => {
    const change = write();
    expect(await sendOrQueue(change)).toBe('sent');
    expect(change.send).toHaveBeenCalledWith(REP_USER.id);
    expect(change.queue).not.toHaveBeenCalled();
  });

  it('queues offline, under the signed-in user, without calling', async () => {
    setSession('token', DEMO_ADMIN_USER);
    setSimulatedOffline(true);
    const change = write();
    expect(await sendOrQueue(change)).toBe(`queued by ${DEMO_ADMIN_USER.id}`);
    expect(change.send).not.toHaveBeenCalled();
  });

  it('queues a call that got no answer, and lets a refusal through', async () => {
    const lost = write(new ApiError(0, 'no answer', NETWORK_ERROR_CODE));
    expect(await sendOrQueue(lost)).toBe(`queued by ${REP_USER.id}`);
    const refusal = new ApiError(422, 'refused', 'VALIDATION_ERROR');
    const refused = write(refusal);
    await expect(sendOrQueue(refused)).rejects.toBe(refusal);
    expect(refused.queue).not.toHaveBeenCalled();
  });

  it('queues online behind a change of the same entity still waiting, and sends one of another entity', async () => {
    await enqueue(REP_USER.id, { type: 'activity', action: 'done', entityId: ENTITY });
    const same = write();
    expect(await sendOrQueue(same)).toBe(`queued by ${REP_USER.id}`);
    expect(same.send).not.toHaveBeenCalled();
    const other = write(undefined, [OTHER]);
    expect(await sendOrQueue(other)).toBe('sent');
  });

  it('signed out, sends and cannot queue a call that got no answer', async () => {
    clearSession();
    const failure = new ApiError(0, 'no answer', NETWORK_ERROR_CODE);
    const change = write(failure);
    await expect(sendOrQueue(change)).rejects.toBe(failure);
    expect(change.queue).not.toHaveBeenCalled();
  });
});
