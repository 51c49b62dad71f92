/** A small seeded generator (mulberry32): fast, and the same numbers for the same seed everywhere. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

/**
 * Picks an index with probability proportional to its weight, for long lists (the communes): the running
 * sums are kept and searched by bisection.
 */
export function weightedPicker(weights: readonly number[]): (random: Random) => number {
  const sums: number[] = [];
  let total = 0;
  for (const weight of weights) {
    total += weight;
    sums.push(total);
  }
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = sums.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sums[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

/**
 * Picks an index with probability proportional to its weight, for a handful of weights: a linear scan.
 * Not merged with weightedPicker: rounding can make the two pick differently on a boundary, and the
 * generated data must stay the same for a seed.
 */
export function pickWeighted(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const weight of weights) total += weight;
  let target = random.next() * total;
  for (let index = 0; index < weights.length; index += 1) {
    target -= weights[index] ?? 0;
    if (target < 0) return index;
  }
  return weights.length - 1;
}
