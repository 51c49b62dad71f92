import { describe, expect, it } from 'vitest';
import { authQueries } from '@/modules/auth/api';

describe('authQueries.me', () => {
  it('keeps GET /api/auth/me cached 5 minutes', () => {
    const options = authQueries.me();
    expect(options.queryKey).toEqual(['auth', 'me']);
    expect(options.staleTime).toBe(5 * 60_000);
    expect(options.gcTime).toBe(5 * 60_000);
  });
});
