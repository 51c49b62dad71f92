/** Spec 000 §8, word for word; the interface translates it. */
export const OFFLINE_SYNC_MESSAGE = 'Cannot sync while offline';

/**
 * A send asked for while offline. Its own module: the header tells it apart without loading the queue's
 * engine, which starts only after the first screen (decision 0039).
 */
export class OfflineSyncError extends Error {
  constructor() {
    super(OFFLINE_SYNC_MESSAGE);
    this.name = 'OfflineSyncError';
  }
}
