/**
 * Names of the Web Locks the tabs of the app share (MDN: "ensure that only one tab is syncing data between
 * the network and Indexed DB"). Their own module, with nothing else, so that the entry can name them without
 * bringing the queue's code along.
 */
export const SYNC_LOCK_NAME = 'crm-sync';
export const SLICE_LOCK_NAME = 'crm-slice-pull';

/** Runs `work` while holding the named lock: navigator.locks, or a stand-in in a test. */
export type ExclusiveRunner = <T>(name: string, work: () => Promise<T>) => Promise<T>;

const pageChains = new Map<string, Promise<unknown>>();

/** Browsers without Web Locks: one at a time in this page at least. */
const pageLocalRunner: ExclusiveRunner = (name, work) => {
  const run = (pageChains.get(name) ?? Promise.resolve()).then(work, work);
  pageChains.set(
    name,
    run.catch(() => undefined),
  );
  return run;
};

/** Holds the named Web Lock (across the tabs of the origin) while `work` runs, and settles as `work` does. */
export const withWebLock: ExclusiveRunner = <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  // The lock's promise settles with what `work` settles with.
  return locks === undefined ? pageLocalRunner(name, work) : (locks.request(name, work) as Promise<T>);
};
