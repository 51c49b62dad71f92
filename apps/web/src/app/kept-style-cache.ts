import { createCache } from '@ant-design/cssinjs';

type Entry = [users: number, value: unknown];

/**
 * antd's style cache, keeping the styles it has computed for as long as the page lives (decision 0064).
 *
 * `@ant-design/cssinjs` counts the mounted users of each entry (`[users, value]`) and drops the entry when the
 * count falls to zero. Going from one page to the next, the leaving page's components unmount before the
 * arriving page's effects run, so every component type both pages draw computes its styles again, though their
 * `<style>` elements never left the document. Each entry gets one user of its own when it is created: the count
 * never falls to zero, and a style is computed once per theme and component type.
 */
export function createKeptStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) => {
    // A new key reads as undefined (the library's `Map.get`), though its types say null.
    update(key, (previous: Entry | null | undefined) => {
      const next = valueFn(previous ?? null);
      return previous === undefined && next !== null ? [next[0] + 1, next[1]] : next;
    });
  };
  return cache;
}
