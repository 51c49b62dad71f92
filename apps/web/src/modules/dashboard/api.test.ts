import { describe, expect, it } from 'vitest';
import { dashboardQueries } from '@/modules/dashboard/api';

describe('dashboardQueries.stats', () => {
  it('is polled every 15 s and stale after 5 s, under the key activity writes invalidate', () => {
    const options = dashboardQueries.stats();
    expect(options.queryKey).toEqual(['dashboard', 'stats']);
    expect(options.refetchInterval).toBe(15_000);
    expect(options.staleTime).toBe(5_000);
  });
});
