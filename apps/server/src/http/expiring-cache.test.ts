import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpiringCache } from './expiring-cache.ts';

describe('ExpiringCache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a value until its time is up', () => {
    vi.useFakeTimers();
    const cache = new ExpiringCache<number>(1000);
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('when full, lets only the oldest entry go', () => {
    const cache = new ExpiringCache<number>(60_000, 3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.set('a', 10); // set again: now the newest
    cache.set('d', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([10, undefined, 3, 4]);
  });

  it('forgets everything on clear', () => {
    const cache = new ExpiringCache<number>(60_000);
    cache.set('a', 1);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });
});
