import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';
import { waitForServiceWorkerControl, waitForOfflineStart } from './offline-helpers';

// E1 of the research note's test plan, the reads: the rep's slice is pulled into IndexedDB while online, then
// with no network the list (filters and counts), the calendar and an activity's form answer from it, and an
// online-only route sends the rep back to /activities. Playwright's offline switch does not stop what the
// service worker fetches (Playwright issue 2311), so the network is cut by routing: every /api call from the
// context fails as with no network, and setOffline makes the browser say so at once (no 30 s health check).

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, serviceWorkers: 'allow' });

type SliceFigures = {
  pullMs: number;
  networkMs: number;
  storeMs: number;
  readyAtMs: number;
  activities: number;
  /** The longest main-thread task (Long Tasks API) while the pull ran, 0 when none went over 50 ms. */
  longestTaskMs: number;
};

/** What the pull measured (offline/slice/slice.ts) and how many activities it stored. */
async function sliceFigures(page: Page): Promise<SliceFigures> {
  return page.evaluate(async () => {
    const duration = (name: string) => performance.getEntriesByName(name).at(-1)?.duration ?? Number.NaN;
    const pull = performance.getEntriesByName('crm:slice:pull').at(-1);
    const activities = await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onerror = () => reject(new Error('no store'));
      request.onsuccess = () => {
        // The activities only: the store also keeps bookkeeping records ('__slice:…' ids), such as the pending
        // approvals a user who may manage someone gets, written or not depending on what the session knew.
        const keys = request.result.transaction('activities').objectStore('activities').getAllKeys();
        keys.onsuccess = () =>
          resolve(
            keys.result.filter((key) => {
              const id: unknown = Array.isArray(key) ? key[1] : undefined;
              return !(typeof id === 'string' && id.startsWith('__slice:'));
            }).length,
          );
      };
    });
    const longTasks = await new Promise<PerformanceEntryList>((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        resolve(list.getEntries());
      }).observe({ type: 'longtask', buffered: true });
      // No long task at all: the observer is never called.
      setTimeout(() => resolve([]), 500);
    });
    const during = longTasks.filter(
      (task) =>
        pull !== undefined &&
        task.startTime + task.duration > pull.startTime &&
        task.startTime < pull.startTime + pull.duration,
    );
    return {
      longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
      pullMs: duration('crm:slice:pull'),
      networkMs: duration('crm:slice:network'),
      storeMs: duration('crm:slice:store'),
      readyAtMs: pull === undefined ? Number.NaN : pull.startTime + pull.duration,
      activities,
    };
  });
}

type SyncPage = {
  activities: { start: string; done: boolean; channel: { isTimeOff: boolean } }[];
  nextCursor: string;
  hasMore: boolean;
};

/** The signed-in rep's first pull read through the API, counted by status now. */
async function windowCounts(page: Page): Promise<{ upcoming: number; incomplete: number; done: number }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const counts = { upcoming: 0, incomplete: 0, done: 0 };
  let since: string | undefined;
  for (;;) {
    const answer = await page.request.get('/api/sync/activities', {
      headers: { Authorization: `Bearer ${token ?? ''}` },
      params: since === undefined ? { limit: 500 } : { limit: 500, since },
    });
    const body = (await answer.json()) as SyncPage;
    const now = Date.now();
    for (const activity of body.activities) {
      if (activity.done) counts.done += 1;
      else if (Date.parse(activity.start) > now) counts.upcoming += 1;
      else if (activity.channel.isTimeOff) counts.done += 1;
      else counts.incomplete += 1;
    }
    if (!body.hasMore) return counts;
    since = body.nextCursor;
  }
}

async function filterCount(page: Page, filter: string): Promise<number> {
  return Number(await page.getByTestId(`filter-count-${filter}`).innerText());
}

test('the list, its counts, the calendar and an activity open from the stored slice with no network', async ({
  page,
  context,
}) => {
  await signInAs(page, 'rep@demo-crm.fr');
  await waitForServiceWorkerControl(page);
  await waitForOfflineStart(page);
  const figures = await sliceFigures(page);
  test.info().annotations.push({ type: 'slice', description: JSON.stringify(figures) });
  expect(figures.activities).toBeGreaterThan(0);

  // The measure: from a first online load of the app, signed in, with nothing stored, to 'ready'.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onerror = () => reject(new Error('no store'));
      request.onsuccess = () => resolve(request.result);
    });
    const tx = db.transaction(['activities', 'doctors'], 'readwrite');
    tx.objectStore('activities').clear();
    tx.objectStore('doctors').clear();
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  });
  await page.reload();
  await waitForOfflineStart(page);
  const firstLoad = await sliceFigures(page);
  test.info().annotations.push({ type: 'first-load', description: JSON.stringify(firstLoad) });
  expect(firstLoad.activities).toBe(figures.activities);

  // What the device should count offline: the rep's activities of the calendar's window, as the server's
  // pull answers them, with their status at this moment (the online badges count beyond the window too).
  const inWindow = await windowCounts(page);
  await page.goto('/activities');
  await expect(page.getByTestId('activity-timeline')).toBeVisible();
  expect(await filterCount(page, 'upcoming')).toBeGreaterThanOrEqual(inWindow.upcoming);

  const leftTheBrowser: string[] = [];
  await context.route('**/api/**', (route) => {
    leftTheBrowser.push(new URL(route.request().url()).pathname);
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-tag')).toBeVisible();

  // The list: each filter with the count the server gave, its rows from the store.
  await expect(page.getByTestId('activity-timeline')).toBeVisible();
  expect(await filterCount(page, 'upcoming')).toBe(inWindow.upcoming);
  expect(await filterCount(page, 'incomplete')).toBe(inWindow.incomplete);
  expect(await filterCount(page, 'done')).toBe(inWindow.done);
  await page.getByTestId('filter-incomplete').click();
  await expect(page).toHaveURL(/filter=incomplete/);
  const rows = page.locator('[data-testid^="activity-item-"]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBe(Math.min(inWindow.incomplete, 50));

  // An activity's form, from the store: one with a doctor (other specs leave activities without one).
  const withDoctor = rows.filter({ has: page.getByTestId('activity-doctor-link') }).first();
  const doctorName = await withDoctor.getByTestId('activity-doctor-link').innerText();
  const testId = await withDoctor.getAttribute('data-testid');
  const id = testId?.replace('activity-item-', '') ?? '';
  await withDoctor.click();
  await expect(page).toHaveURL(new RegExp(`/activities/${id}$`));
  await expect(page.getByTestId('activity-not-found')).toHaveCount(0);
  await expect(page.locator('form')).toBeVisible();

  // The calendar's range, from the store.
  await page.goto('/calendar');
  await expect(page.locator('[data-testid^="calendar-event-"]').first()).toBeVisible();

  // An activity the device does not hold says so, then the calendar opens.
  await page.goto('/activities/0190a0c4-0000-7000-8000-00000000dead');
  await expect(page.getByTestId('activity-not-found')).toContainText('hors ligne');

  // An online-only route goes back to the list.
  await page.goto('/doctors');
  await expect(page).toHaveURL(/\/activities$/);

  // English: the same screens.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.goto('/activities?filter=incomplete');
  await expect(page.getByTestId('offline-tag')).toBeVisible();
  await expect(page.locator('[data-testid^="activity-item-"]').first()).toBeVisible();
  await page.goto('/calendar');
  await expect(page.locator('[data-testid^="calendar-event-"]').first()).toBeVisible();

  // A new activity: channels and products from the stored reference data, the doctor picker searching the
  // stored doctors, and the chosen doctor's offices as locations.
  await page.goto('/activities/new');
  const picker = page.getByRole('combobox', { name: 'Doctor', exact: true });
  await picker.click();
  // The whole name (each word starts a word of a stored doctor's name): a shorter prefix matches a dozen
  // namesakes, and the answer to an earlier keystroke could show the option just before the last answer moved
  // it out of the picker's virtual list, where no click could reach it.
  await picker.pressSequentially(doctorName);
  const option = page.locator('[data-testid^="doctor-option-"]').filter({ hasText: doctorName }).first();
  await expect(option).toBeVisible();
  await option.click();
  await page.keyboard.press('Escape');
  // The first of the doctor's stored offices becomes the location.
  await page.getByTestId('office-select').click();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Location', { exact: true })).not.toHaveValue('');

  // Nothing but data calls tried the network: the pages came from the worker's precache.
  expect(leftTheBrowser.length).toBeGreaterThan(0);
});
