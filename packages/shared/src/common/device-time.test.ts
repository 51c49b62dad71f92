import { describe, expect, it } from 'vitest';
import { DEVICE_CLOCK_SKEW_MS, isAheadOfClock } from './device-time.ts';

describe('a device time ahead of the clock', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');

  it('is refused one millisecond beyond the skew, in any offset, and taken up to it', () => {
    expect(DEVICE_CLOCK_SKEW_MS).toBe(5 * 60_000);
    expect(isAheadOfClock('2026-11-27T12:05:00.000Z', now)).toBe(false);
    expect(isAheadOfClock('2026-11-27T12:05:00.001Z', now)).toBe(true);
    expect(isAheadOfClock('2026-11-27T13:05:00.000+01:00', now)).toBe(false);
    expect(isAheadOfClock('2026-11-27T13:05:01+01:00', now)).toBe(true);
    expect(isAheadOfClock('2027-11-27T12:00:00.000Z', now)).toBe(true);
  });

  it('is never a time in the past, however old: a change saved offline arrives later', () => {
    expect(isAheadOfClock('2026-11-27T12:00:00.000Z', now)).toBe(false);
    expect(isAheadOfClock('2026-05-27T08:00:00.000Z', now)).toBe(false);
  });
});
