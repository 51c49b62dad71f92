import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { closeOfflineDb } from '@/offline/db';
import type { SyncRequest } from '@/offline/requests';
import type { Transport } from '@/offline/sync-engine';

/**
 * An empty offline store for each test: a new in-memory IndexedDB. Vitest's jsdom environment keeps Node's
 * structuredClone, which fake-indexeddb needs (research pitfall 25 is about environments without it).
 */
export async function freshOfflineStore(): Promise<void> {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
}

export type RecordedCall = { request: SyncRequest; owner: string };

/** A transport that records every call and answers with `answer` (which may throw an ApiError). */
export function fakeTransport(answer: (request: SyncRequest, call: number) => unknown = () => ({})) {
  const calls: RecordedCall[] = [];
  const transport: Transport = async (request, owner) => {
    calls.push({ request, owner });
    // Answers arrive later, as over a network: other work may interleave.
    await new Promise((resolve) => setTimeout(resolve, 1));
    return answer(request, calls.length);
  };
  return { transport, calls, keys: () => calls.map((call) => call.request.idempotencyKey) };
}
