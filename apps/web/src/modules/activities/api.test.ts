import { describe, expect, it } from 'vitest';
import { activityQueries } from '@/modules/activities/api';

describe('activityQueries', () => {
  it('refetches the activity stats every 60 s, stale after 30 s, retried twice 1 s apart', () => {
    const options = activityQueries.stats();
    expect(options.queryKey).toEqual(['activities', 'stats']);
    expect(options.refetchInterval).toBe(60_000);
    expect(options.staleTime).toBe(30_000);
    expect(options.retry).toBe(2);
    expect(options.retryDelay).toBe(1_000);
  });

  it('refetches the pending approvals every 60 s, stale after 30 s', () => {
    const options = activityQueries.pendingApprovals();
    expect(options.refetchInterval).toBe(60_000);
    expect(options.staleTime).toBe(30_000);
  });

  it("caches the user's products and the channels 5 minutes, kept 10 minutes", () => {
    for (const options of [activityQueries.myProducts(), activityQueries.channels()]) {
      expect(options.staleTime).toBe(5 * 60_000);
      expect(options.gcTime).toBe(10 * 60_000);
    }
  });
});
