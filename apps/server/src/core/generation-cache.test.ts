import { describe, expect, it } from 'vitest';
import { GenerationCache } from './generation-cache.ts';

describe('GenerationCache', () => {
  it('answers a value for the generation it was counted at only', () => {
    const cache = new GenerationCache<number>();
    cache.set(3, 'a', 1);
    expect(cache.get(3, 'a')).toBe(1);
    expect(cache.get(4, 'a')).toBeUndefined();
    // The newer generation has been seen: the older one's figures are gone for good.
    expect(cache.get(3, 'a')).toBeUndefined();
  });

  it('keeps nothing counted at a generation older than one already seen', () => {
    const cache = new GenerationCache<number>();
    expect(cache.get(5, 'a')).toBeUndefined();
    cache.set(4, 'a', 1);
    expect(cache.get(4, 'a')).toBeUndefined();
    expect(cache.get(5, 'a')).toBeUndefined();
  });

  it('when full, lets only the oldest entry go', () => {
    const cache = new GenerationCache<number>(3);
    cache.set(0, 'a', 1);
    cache.set(0, 'b', 2);
    cache.set(0, 'c', 3);
    cache.set(0, 'a', 10); // set again: now the newest
    cache.set(0, 'd', 4);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(0, key))).toEqual([10, undefined, 3, 4]);
  });
});
