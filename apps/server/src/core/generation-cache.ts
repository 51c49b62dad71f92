/**
 * Figures derived from the database (search match counts, filter totals), kept in this process under the
 * generation of the tables they were counted from (docs/decisions/0014). Every change that can move them bumps
 * that generation in its own transaction, so a request that reads the generation first never gets a figure
 * counted before a change it can see: the figure sits under an older generation, which no later request asks
 * for. Nothing here must be needed by another process: losing it only costs a count.
 */
export class GenerationCache<V> {
  private generation = Number.NEGATIVE_INFINITY;
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries = 20_000) {}

  get(generation: number, key: string): V | undefined {
    this.moveTo(generation);
    return generation === this.generation ? this.entries.get(key) : undefined;
  }

  set(generation: number, key: string, value: V): void {
    this.moveTo(generation);
    // Counted by a request that read an older generation: its figure may predate the change, keep nothing.
    if (generation !== this.generation) return;
    // Full: the oldest entry goes (a Map iterates in insertion order), so a burst of new keys never
    // throws out every costly figure at once.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  /** A newer generation makes every entry stale: they go at once. */
  private moveTo(generation: number): void {
    if (generation <= this.generation) return;
    this.entries.clear();
    this.generation = generation;
  }
}
