import { createBackgroundHandler } from '@/offline/engine/background-host';
import type { FromBackground, ToBackground } from '@/offline/engine/background-protocol';
import { createDrainJob } from '@/offline/engine/drain-job';
import { createSliceJob } from '@/offline/slice/slice-job';

/*
 * The page's background worker (decision 0039): the slice's requests, JSON parsing, schema checks and IndexedDB
 * writes run here, off the main thread, and so does the queue's drain, so the first screen and the rep's taps
 * never wait for them.
 */

/** The dedicated worker's scope, as much of it as this file uses (the app's types are the page's, DOM). */
type WorkerScope = {
  postMessage: (message: FromBackground) => void;
  addEventListener: (type: 'message', listener: (event: MessageEvent<ToBackground>) => void) => void;
};

const scope = globalThis as unknown as WorkerScope;
const handle = createBackgroundHandler({ slice: createSliceJob(), drain: createDrainJob() });

scope.addEventListener('message', (event) => {
  handle(event.data, (message) => {
    scope.postMessage(message);
  });
});
