import { describe, expect, it, vi } from 'vitest';
import { applyWhenQueueIdle } from '@/app/pwa/start-service-worker';
import { SYNC_LOCK_NAME, withWebLock } from '@/offline/engine/web-lock';

describe('applying a new version', () => {
  it('waits for the sync in progress to end, and holds the sync lock until the page reloads', async () => {
    const ends: (() => void)[] = [];
    // A tab sending the queue holds the lock.
    const sync = withWebLock(SYNC_LOCK_NAME, () => new Promise<void>((resolve) => ends.push(resolve)));
    const apply = vi.fn();

    applyWhenQueueIdle(apply)();
    await Promise.resolve();
    expect(apply).not.toHaveBeenCalled();

    ends.forEach((end) => {
      end();
    });
    await sync;
    await vi.waitFor(() => {
      expect(apply).toHaveBeenCalledTimes(1);
    });

    // A sync asked for meanwhile waits: the page is about to reload under the new version.
    const next = vi.fn(() => Promise.resolve());
    void withWebLock(SYNC_LOCK_NAME, next);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(next).not.toHaveBeenCalled();
  });
});
