import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { SyncRequest } from '@/offline/engine/requests';
import type { ChangeResult, Transport } from '@/offline/engine/sync-engine';
import { closeOfflineDb } from '@/offline/store/db';

/**
 * An empty offline store for each test: a new in-memory IndexedDB. Vitest's jsdom environment keeps Node's
 * structuredClone, which fake-indexeddb needs (research pitfall 25 is about environments without it).
 */
export async function freshOfflineStore(): Promise<void> {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
}

export type RecordedCall = { request: SyncRequest; owner: string };

/**
 * A transport that answers a batch as the server does: each change in order with `answer` (which may throw the
 * ApiError of its call), stopping at the first that throws; the changes after it are not tried. `whole` may
 * throw to fail the request as a whole (no answer, a 5xx or a 401 of the batch itself). `calls` records the
 * changes the server tried, `batches` the mutation ids of each request and `owners` whose session sent it.
 */
export function fakeTransport(
  answer: (request: SyncRequest, call: number) => unknown = () => ({}),
  whole: (requests: readonly SyncRequest[], batch: number) => void = () => undefined,
) {
  const calls: RecordedCall[] = [];
  const batches: string[][] = [];
  const owners: string[] = [];
  const transport: Transport = async (requests, owner) => {
    batches.push(requests.map((request) => request.idempotencyKey));
    owners.push(owner);
    // Answers arrive later, as over a network: other work may interleave.
    await new Promise((resolve) => setTimeout(resolve, 1));
    whole(requests, batches.length);
    const results: ChangeResult[] = [];
    let stopped = false;
    for (const request of requests) {
      if (stopped) {
        results.push({ kind: 'notTried' });
        continue;
      }
      calls.push({ request, owner });
      try {
        results.push({ kind: 'answered', answer: await answer(request, calls.length) });
      } catch (error) {
        results.push({ kind: 'failed', error });
        stopped = true;
      }
    }
    return results;
  };
  return { transport, calls, batches, owners, keys: () => calls.map((call) => call.request.idempotencyKey) };
}
