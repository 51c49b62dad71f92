import type { SyncChangesResult } from '@crm/shared';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';
import { batchChanges, openConnectivityPanel, SYNC_CHANGES, waitForOfflineStart } from './offline-helpers';

/**
 * The queue engine against the real server in Chromium (decision 0021): records written to IndexedDB as
 * `enqueue` writes them (the screens that queue changes come later), sent by 'Sync now' under the Web Lock.
 * The network is cut for one call with page.route (no service worker is involved in these calls). The engine
 * starts with the slice's pull once the first screen has its data (decision 0039): each test waits for the slice,
 * so that the engine's first send has found the queue empty and the records are sent by the click.
 */

const REP = 'rep@demo-crm.fr';

type Answer = { status: number; body: unknown };

/** A call of the API with the signed-in session's token, from the page. */
function api(page: Page, method: string, path: string): Promise<Answer> {
  return page.evaluate(
    async ({ method, path }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as unknown) };
    },
    { method, path },
  );
}

/** Adds queue records of format version 1 straight to the app's IndexedDB store. */
async function queueRecords(page: Page, records: Record<string, unknown>[]): Promise<void> {
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

async function queueStatuses(page: Page): Promise<{ status: string; retryCount: number }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const items = await new Promise<{ status: string; retryCount: number }[]>((resolve, reject) => {
      const request = db.transaction('queue').objectStore('queue').getAll();
      request.onsuccess = () => resolve(request.result as { status: string; retryCount: number }[]);
      request.onerror = () => reject(request.error ?? new Error('read failed'));
    });
    db.close();
    return items.map(({ status, retryCount }) => ({ status, retryCount }));
  });
}

function record(owner: string, change: Record<string, unknown>): Record<string, unknown> {
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

async function openPopover(page: Page, pending: RegExp) {
  await openConnectivityPanel(page);
  await expect(page.getByTestId('connectivity-panel')).toContainText(pending);
}

test('queued changes reach the server once, even when an answer is lost after the commit', async ({ page }) => {
  await signInAs(page, REP);
  await waitForOfflineStart(page);
  // The pending count opens the store (version 1, its four stores) before anything is written to it.
  await openPopover(page, /Modifications en attente : 0/);

  const owner = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id);
  const channels = (await api(page, 'GET', '/configuration/channels/active')).body as {
    channels: { id: string; isTimeOff: boolean; needsBudgetApproval: boolean }[];
  };
  const channel = channels.channels.find((item) => !item.isTimeOff && !item.needsBudgetApproval);
  expect(channel).toBeDefined();
  const products = (await api(page, 'GET', '/auth/me/products')).body as { products: { id: string }[] };

  const activityId = crypto.randomUUID();
  const start = new Date(Date.now() + 86_400_000).toISOString();
  await queueRecords(page, [
    record(owner, {
      type: 'activity',
      action: 'create',
      entityId: activityId,
      payload: {
        channelId: channel?.id,
        start,
        duration: 30,
        title: 'Visite hors ligne',
        productIds: products.products.slice(0, 1).map((product) => product.id),
        acknowledgeRules: true,
      },
    }),
    record(owner, {
      type: 'activity',
      action: 'update',
      entityId: activityId,
      payload: { callNotes: 'Compte rendu saisi au sous-sol' },
    }),
  ]);

  // The batch reaches the server, which commits both changes; its answer never comes back.
  let lost = false;
  await page.route(SYNC_CHANGES, async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    return route.abort('connectionreset');
  });

  // The answers the page did receive: the second batch is answered with the server's stored first answers.
  const outcomes: string[][] = [];
  page.on('response', async (response) => {
    if (batchChanges(response.request()).length > 0) {
      outcomes.push(((await response.json()) as SyncChangesResult).results.map((result) => result.outcome));
    }
  });

  await openPopover(page, /Modifications en attente : 2/);
  await page.getByRole('button', { name: 'Synchroniser maintenant' }).click();
  await expect(page.getByText('Le serveur ne répond pas')).toBeVisible();
  expect(await queueStatuses(page)).toEqual([
    { status: 'pending', retryCount: 1 },
    { status: 'pending', retryCount: 0 },
  ]);

  await page.getByRole('button', { name: 'Synchroniser maintenant' }).click();
  await expect(page.getByText('Toutes les modifications ont été synchronisées')).toBeVisible();
  expect((await queueStatuses(page)).map((item) => item.status)).toEqual(['synced', 'synced']);

  // The activity exists once, with the edit applied after it.
  const activity = await api(page, 'GET', `/activities/${activityId}`);
  expect(activity.status).toBe(200);
  expect(activity.body).toMatchObject({ title: 'Visite hors ligne', callNotes: 'Compte rendu saisi au sous-sol' });
  await expect.poll(() => outcomes).toEqual([['replayed', 'replayed']]);
  await expect(page.getByTestId('connectivity-panel')).toContainText(/Modifications en attente : 0/);
});

test("'Sync now' in English, and a change the server refuses waits for the rep", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await signInAs(page, REP);
  await waitForOfflineStart(page);
  await openPopover(page, /Pending changes: 0/);
  const owner = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: string }).id);

  // An edit of an activity that does not exist: the server answers 404, the change is rejected and kept.
  await queueRecords(page, [
    record(owner, { type: 'activity', action: 'update', entityId: crypto.randomUUID(), payload: { title: 'X' } }),
  ]);
  await page.getByTestId('connectivity-indicator').hover();
  await expect(page.getByTestId('connectivity-panel')).toContainText(/Pending changes: 1/);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Synchronisation finished: 1 change is still waiting')).toBeVisible();
  expect(await queueStatuses(page)).toEqual([{ status: 'rejected', retryCount: 0 }]);
});
