import { backgroundGet, type Credentials } from '@/offline/engine/background-api';
import type { BackgroundJob } from '@/offline/engine/background-protocol';
import type { ExclusiveRunner } from '@/offline/engine/web-lock';
import { apiSliceFetcher, pullSliceOnce, type SliceFetcher } from '@/offline/slice/slice';

export type SliceJobOptions = {
  /** The server's pulls with these credentials; `onUnauthorized` on a 401 (tests pass a fake server). */
  fetcherFor?: (credentials: Credentials, onUnauthorized: () => void) => SliceFetcher;
  runExclusive?: ExclusiveRunner;
};

const apiFetcherFor = (credentials: Credentials, onUnauthorized: () => void) =>
  apiSliceFetcher(backgroundGet(credentials, onUnauthorized));

/**
 * The slice's job in the background worker: one pull at a time, from the stored cursors, under the tabs' Web
 * Lock. A newer request or a stop aborts the pull in flight, and nothing answered after it is stored.
 */
export function createSliceJob({
  fetcherFor = apiFetcherFor,
  runExclusive,
}: SliceJobOptions = {}): BackgroundJob<'slice'> {
  let current: AbortController | null = null;

  return (message, post) => {
    current?.abort();
    current = null;
    if (message.type === 'stop') return;

    const controller = new AbortController();
    current = controller;
    const { pull, owner, token, language, mayManage } = message;
    let refused = false;
    const fetcher = fetcherFor({ token, language }, () => {
      if (refused) return;
      refused = true;
      post({ job: 'session', type: 'unauthorized', token });
    });
    pullSliceOnce(owner, {
      fetcher,
      isCurrent: () => current === controller,
      signal: controller.signal,
      mayManage,
      runExclusive,
    })
      .then(
        (report) => {
          post({ job: 'slice', type: 'ended', pull, report });
        },
        () => {
          post({ job: 'slice', type: 'failed', pull });
        },
      )
      .finally(() => {
        if (current === controller) current = null;
      });
  };
}
