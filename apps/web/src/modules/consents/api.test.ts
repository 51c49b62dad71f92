import { describe, expect, it } from 'vitest';
import { consentQueries } from '@/modules/consents/api';

describe('the current consent query (spec 000 §7, §9)', () => {
  it('is fresh 5 minutes and kept 30 online, not cached offline, and runs offline (the device answers)', () => {
    const online = consentQueries.current('d1', true);
    expect(online).toMatchObject({ staleTime: 5 * 60_000, gcTime: 30 * 60_000, networkMode: 'always' });
    const offline = consentQueries.current('d1', false);
    expect(offline).toMatchObject({ staleTime: 0, gcTime: 0, networkMode: 'always' });
  });

  it("keeps a record's signature for good: a record never changes", () => {
    expect(consentQueries.image('d1', 'c1').staleTime).toBe(Infinity);
  });
});
