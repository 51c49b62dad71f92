import { expect, test, type Page, type Route } from '@playwright/test';
import { signInAs, signInThroughForm } from './helpers';
import { prepareDeployment, type Deployment } from './next-version';
import {
  activityBasics,
  api,
  newActivityPayload,
  queueRecord,
  queueRecords,
  readQueue,
  sentKeysOf,
  signedInUserId,
  SYNC_CHANGES,
  waitForServiceWorkerControl,
  waitForOfflineStart,
} from './offline-helpers';
import { ownPort, startOwnServer, type OwnServer } from './own-server';

// E7 of the research note's test plan: two people share one device, and a new version of the app is
// deployed while the second has a change waiting. A leaves two changes made offline for their next
// sign-in; B then sees nothing of A's and never sends A's changes; the update prompt waits while B's form
// holds unsaved input and while B's queue is sending; applied after the queue drained, the new version
// loses nothing and asks for no chunk it lacks, and sends A's changes, written by the old version, once A is
// back. The spec runs its own server over a copy of the build, replaced by a next build whose every chunk
// has another name (next-version.ts). The network is cut by routing every /api call of the context to fail
// as with no network, with setOffline making the browser say so at once: Playwright's offline switch does
// not stop what the service worker fetches (Playwright issue 2311).

/** Two pulls, two precaches and a build on a machine that may be shared and busy: generous waits. */

const PORT = ownPort(101);
const A = 'rep@demo-crm.fr';
const B = 'reader@demo-crm.fr';
const ACK = "I confirm that this activity follows the company's compliance rules";

test.use({ baseURL: `http://127.0.0.1:${PORT}`, serviceWorkers: 'allow' });

let deployment: Deployment;
let server: OwnServer;

test.beforeAll(async () => {
  deployment = prepareDeployment();
  server = await startOwnServer(PORT, { WEB_DIST_DIR: deployment.servedDir });
});
test.afterAll(async () => {
  await server.close();
  deployment.remove();
});

const cut = (route: Route) => route.abort('internetdisconnected');

async function goOffline(page: Page): Promise<void> {
  await page.context().route('**/api/**', cut);
  await page.context().setOffline(true);
}

async function goOnline(page: Page): Promise<void> {
  await page.context().unroute('**/api/**', cut);
  await page.context().setOffline(false);
}

/** Fills the new-activity form, unsaved. */
async function fillNewActivity(page: Page, title: string): Promise<void> {
  await page.goto('/activities/new');
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Products', { exact: true }).click();
  await page.locator('.ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.getByLabel(ACK).check();
}

/** Every URL in Cache Storage, whatever the cache. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** The owners of the records in the device's activities and doctors stores, with their ids. */
function storedRecords(page: Page): Promise<{ store: string; owner: string; id: string }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const keys = (store: string) =>
      new Promise<[string, string][]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAllKeys();
        request.onsuccess = () => resolve(request.result as [string, string][]);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
    const records = [
      ...(await keys('activities')).map(([owner, id]) => ({ store: 'activities', owner, id })),
      ...(await keys('doctors')).map(([owner, id]) => ({ store: 'doctors', owner, id })),
    ];
    db.close();
    return records;
  });
}

function waitingUpdate(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
}

test('E7: two users on one device and a new version: no leak, nothing lost, no missing chunk', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/assets/')) {
      missing.push(response.url());
    }
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // A, offline: two changes, kept for their next sign-in.
  // A signs out later: a session of this test's own.
  await signInAs(page, A, { fresh: true });
  await waitForServiceWorkerControl(page);
  await waitForOfflineStart(page);
  const ownerA = await signedInUserId(page);
  const basics = await activityBasics(page);
  await goOffline(page);
  await fillNewActivity(page, 'E7 visite de A');
  await page.getByTestId('save-activity').click();
  await expect(page).toHaveURL(/\/activities(\?|$)/);
  await queueRecords(page, [
    queueRecord(ownerA, {
      type: 'activity',
      action: 'create',
      entityId: crypto.randomUUID(),
      payload: newActivityPayload(basics, 'E7 appel de A', 2),
    }),
  ]);
  const changesOfA = (await readQueue(page)).filter((item) => item.owner === ownerA);
  expect(changesOfA.map((item) => item.status)).toEqual(['pending', 'pending']);
  await page.getByTestId('logout-button').click();
  await expect(page.getByRole('dialog')).toContainText('2 changes made on this device have not reached the server');
  await page.getByTestId('logout-keep').click();
  await expect(page).toHaveURL(/\/login$/);

  // B, online on the same device: none of A's data, and none of A's changes sent. The sign-in form is loaded
  // anew at once, which may cut A's deletion short: the next start finishes it before B's pull.
  await goOnline(page);
  const sentKeys: string[] = [];
  page.on('request', (request) => sentKeys.push(...sentKeysOf(request)));
  await signInThroughForm(page, B);
  await waitForOfflineStart(page);
  const ownerB = await signedInUserId(page);
  await page.goto('/activities');
  await expect(page.getByTestId('activity-timeline')).toBeVisible();
  await expect(page.getByText('E7 visite de A')).toHaveCount(0);
  await expect(page.getByText('E7 appel de A')).toHaveCount(0);
  await page.goto('/sync');
  await expect(page.getByTestId('sync-queue-empty')).toBeVisible();
  // What the device keeps of A: their two changes and the copy the form's change shows on, nothing else.
  const ofA = (await storedRecords(page)).filter((record) => record.owner === ownerA);
  expect(ofA).toEqual([{ store: 'activities', owner: ownerA, id: changesOfA[0]?.entityId }]);
  expect((await cachedUrls(page)).filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);

  // A new version is deployed while B's form holds unsaved input: it waits, and so does its prompt.
  await fillNewActivity(page, 'E7 visite de B');
  deployment.deploy();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect.poll(() => waitingUpdate(page)).toBe(true);
  // The page has drawn what it does with the new version: it holds the prompt back.
  await expect(page.locator('html')).toHaveAttribute('data-update', 'held');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  // B saves offline: the change waits in the queue, the form is gone, the prompt shows.
  await goOffline(page);
  await page.getByTestId('save-activity').click();
  await expect(page).toHaveURL(/\/activities(\?|$)/);
  const [changeOfB] = (await readQueue(page)).filter((item) => item.owner === ownerB);
  expect(changeOfB).toMatchObject({ status: 'pending' });
  await expect(page.getByTestId('update-prompt')).toBeVisible();

  // Back online, B's change is sent (slowly): the prompt stays away while it goes, and comes back after.
  let releaseSend: () => void = () => undefined;
  const sendHeld = new Promise<void>((resolve) => (releaseSend = resolve));
  const slowCreate = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await sendHeld;
    return route.continue();
  };
  await context.route(SYNC_CHANGES, slowCreate);
  await goOnline(page);
  await expect.poll(async () => (await readQueue(page)).find((item) => item.owner === ownerB)?.status).toBe('sending');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  releaseSend();
  await expect.poll(async () => (await readQueue(page)).find((item) => item.owner === ownerB)?.status).toBe('synced');
  await context.unroute(SYNC_CHANGES, slowCreate);
  await expect(page.getByTestId('update-prompt')).toBeVisible();
  expect(changesOfA.filter((item) => sentKeys.includes(item.mutationId))).toEqual([]);

  // Applied: the page reloads under the new version, whose files are all there.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('update-prompt').getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(await page.locator('script[type="module"]').getAttribute('src')).toContain('-next-');
  expect(await waitingUpdate(page)).toBe(false);
  for (const [address, ready] of [
    ['/calendar', page.locator('.fc')],
    ['/sync', page.getByTestId('sync-queue-empty')],
  ] as const) {
    await page.goto(address);
    await expect(ready).toBeVisible();
  }
  const activityOfB = await api(page, 'GET', `/activities/${changeOfB?.entityId ?? ''}`);
  expect(activityOfB.body).toMatchObject({ title: 'E7 visite de B', ownerId: ownerB });
  expect(changesOfA.filter((item) => sentKeys.includes(item.mutationId))).toEqual([]);

  // A back, under the new version: their changes, written by the old one, go once, as A.
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, A);
  await expect
    .poll(async () => (await readQueue(page)).filter((item) => item.owner === ownerA).map((item) => item.status))
    .toEqual(['synced', 'synced']);
  for (const change of changesOfA) {
    expect(sentKeys.filter((key) => key === change.mutationId)).toHaveLength(1);
    const activity = await api(page, 'GET', `/activities/${change.entityId}`);
    expect(activity.body).toMatchObject({ ownerId: ownerA });
  }
  expect(missing).toEqual([]);
  expect(pageErrors).toEqual([]);
});
