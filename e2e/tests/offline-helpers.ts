import type { SyncChangesInput, SyncChangesResult } from '@crm/shared';
import { expect, type Page, type Request } from '@playwright/test';

/** What the offline specs read and write in the app's IndexedDB store (apps/web/src/offline/store/db.ts). */

export type QueueRecord = {
  seq: number;
  mutationId: string;
  owner: string;
  type: string;
  action: string;
  entityId: string;
  status: string;
  retryCount: number;
  payload: unknown;
};

/**
 * The app registers its worker once the first screen is idle; the worker claims the page once its precache
 * (the whole build) is downloaded.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * The page's offline machinery has started: the signed-in user's slice is stored (what the app may rely on
 * offline), and the queue's engine has ended its first run. Both start once the first screen is idle (decision
 * 0047), so a change a test writes to the queue before this may or may not be sent by the engine's own start.
 */
export async function waitForOfflineStart(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-offline-slice', 'ready');
  await expect(page.locator('html')).toHaveAttribute('data-sync-engine', 'started');
}

/** The signed-in user's id, as the app keeps it. */
export function signedInUserId(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id);
}

/** The device's whole queue, every owner's, oldest first. */
export function readQueue(page: Page): Promise<QueueRecord[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const items = await new Promise<QueueRecord[]>((resolve, reject) => {
      const request = db.transaction('queue').objectStore('queue').getAll();
      request.onsuccess = () => resolve(request.result as QueueRecord[]);
      request.onerror = () => reject(request.error ?? new Error('read failed'));
    });
    db.close();
    return items;
  });
}

/** Adds queue records of format version 1 to the app's store, as `enqueue` writes them. */
export async function queueRecords(page: Page, records: Record<string, unknown>[]): Promise<void> {
  await page.evaluate(async (records) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction('queue', 'readwrite');
      for (const record of records) transaction.objectStore('queue').add(record);
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
    });
    db.close();
  }, records);
}

/** A queue record of format version 1, pending, never tried. */
export function queueRecord(
  owner: string,
  change: Record<string, unknown>,
): Record<string, unknown> & {
  mutationId: string;
} {
  const now = Date.now();
  return {
    formatVersion: 1,
    mutationId: crypto.randomUUID(),
    owner,
    dependsOn: [],
    payload: null,
    timestamp: now,
    synced: false,
    status: 'pending',
    retryCount: 0,
    lastError: null,
    updatedAt: now,
    ...change,
  };
}

export type Answer = { status: number; body: unknown };

/** Where the app sends its queued changes, in batches (docs/decisions/0038). */
export const SYNC_CHANGES = '**/api/sync/changes';

/** The changes a batch of the queue carries, in their order. */
export function batchChanges(request: Request): SyncChangesInput['changes'] {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/sync/changes'
    ? (request.postDataJSON() as SyncChangesInput).changes
    : [];
}

/** The mutation ids a request carries: its Idempotency-Key, or those of the changes of a batch. */
export function sentKeysOf(request: Request): string[] {
  const key = request.headers()['idempotency-key'];
  return [...(key === undefined ? [] : [key]), ...batchChanges(request).map((change) => change.idempotencyKey)];
}

/** A batch's results, each change not tried after the first that was not applied, as the server answers. */
export function batchResults(
  changes: SyncChangesInput['changes'],
  answer: (change: SyncChangesInput['changes'][number]) => Omit<SyncChangesResult['results'][number], 'idempotencyKey'>,
): SyncChangesResult {
  let stopped = false;
  return {
    results: changes.map((change) => {
      const { idempotencyKey } = change;
      if (stopped) return { idempotencyKey, outcome: 'notTried', status: null, body: null };
      const result = answer(change);
      stopped = result.outcome !== 'applied' && result.outcome !== 'replayed';
      return { idempotencyKey, ...result };
    }),
  };
}

/** A call of the API from the page with the signed-in session's token. */
export function api(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    { method, path, body },
  );
}

type ChannelList = { channels: { id: string; isTimeOff: boolean; needsBudgetApproval: boolean }[] };

/** What a new activity needs: a channel without budget approval and one of the user's products. */
export async function activityBasics(page: Page): Promise<{ channelId: string; productIds: string[] }> {
  const channels = (await api(page, 'GET', '/configuration/channels/active')).body as ChannelList;
  const channel = channels.channels.find((item) => !item.isTimeOff && !item.needsBudgetApproval);
  expect(channel).toBeDefined();
  const products = (await api(page, 'GET', '/auth/me/products')).body as { products: { id: string }[] };
  return { channelId: channel?.id ?? '', productIds: products.products.slice(0, 1).map((product) => product.id) };
}

/** The payload of a new activity `days` from now, as the offline writes queue it. */
export function newActivityPayload(basics: { channelId: string; productIds: string[] }, title: string, days = 1) {
  return {
    channelId: basics.channelId,
    start: new Date(Date.now() + days * 86_400_000).toISOString(),
    allDay: false,
    duration: 30,
    title,
    attendees: [],
    productIds: basics.productIds,
    acknowledgeRules: true,
  };
}

/** The connectivity popover, opened as a person would: the pointer over the indicator. */
export async function openConnectivityPanel(page: Page): Promise<void> {
  await page.getByTestId('connectivity-indicator').hover();
  await expect(page.getByTestId('connectivity-panel')).toBeVisible();
}
