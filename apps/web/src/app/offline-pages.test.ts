import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareOfflineWhenIdle } from '@/app/offline-pages';
import { startServiceWorker } from '@/app/pwa/start-service-worker';
import { startSyncEngine } from '@/offline/engine/sync-triggers';
import { startSlicePull } from '@/offline/slice/slice-pull';
import { removeIdleCallbacks, stubIdleCallbacks } from '@/test/idle';

vi.mock('@/app/pwa/start-service-worker', () => ({ startServiceWorker: vi.fn() }));
vi.mock('@/offline/engine/sync-triggers', () => ({ startSyncEngine: vi.fn() }));
vi.mock('@/offline/slice/slice-pull', () => ({ startSlicePull: vi.fn() }));

afterEach(() => {
  removeIdleCallbacks();
  vi.clearAllMocks();
});

describe('prepareOfflineWhenIdle', () => {
  it("registers the service worker, starts the engine and the slice's pull only once the first screen's data is in and the browser is idle", async () => {
    const { becomeIdle } = stubIdleCallbacks();
    const queryClient = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    void queryClient.query({
      queryKey: ['first-screen'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });

    const cancel = prepareOfflineWhenIdle(queryClient);
    becomeIdle();
    expect(startServiceWorker).not.toHaveBeenCalled();

    answer('figures');
    await vi.waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(startServiceWorker).not.toHaveBeenCalled();

    becomeIdle();
    expect(startServiceWorker).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => {
      expect(startSyncEngine).toHaveBeenCalledTimes(1);
      expect(startSlicePull).toHaveBeenCalledTimes(1);
    });
    cancel();
  });

  it('does nothing when the layout leaves before', () => {
    const { becomeIdle } = stubIdleCallbacks();
    const cancel = prepareOfflineWhenIdle(new QueryClient());
    cancel();
    becomeIdle();
    expect(startServiceWorker).not.toHaveBeenCalled();
  });
});
