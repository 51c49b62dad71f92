import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Route } from '@playwright/test';
import { signInAs } from './helpers';
import type { SyncChangesResult } from '@crm/shared';
import {
  activityBasics,
  api,
  batchChanges,
  batchResults,
  newActivityPayload,
  queueRecord,
  queueRecords,
  readQueue,
  signedInUserId,
  SYNC_CHANGES,
  waitForOfflineStart,
} from './offline-helpers';

// E5 of the research note's test plan: one change fails three times (the server answers 503 to it, and only
// to it), which parks it until the rep retries; the others go meanwhile; 'Retry' on the waiting-changes page
// sends it, once. The failures are made by answering that one change of the batches (by its Idempotency-Key)
// with a 503, as the server answers a change whose own call failed: every other change reaches the suite's
// server.

const REP = 'rep@demo-crm.fr';
/** The suite's server keeps its SQLite database here (e2e/start-server.mjs): the oracle of what was applied. */
const SUITE_DATABASE = path.resolve(import.meta.dirname, '../../.tmp/e2e-data/crm.sqlite');

test('E5: three failures park a change until the rep retries it; then it goes once', async ({ page, context }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await signInAs(page, REP);
  await waitForOfflineStart(page);
  const owner = await signedInUserId(page);
  const basics = await activityBasics(page);

  const broken = queueRecord(owner, {
    type: 'activity',
    action: 'create',
    entityId: crypto.randomUUID(),
    payload: newActivityPayload(basics, 'E5 visite qui échoue', 3),
  });
  const others = [4, 5].map((days) =>
    queueRecord(owner, {
      type: 'activity',
      action: 'create',
      entityId: crypto.randomUUID(),
      payload: newActivityPayload(basics, `E5 visite ${days}`, days),
    }),
  );

  let attemptsOfBroken = 0;
  const failBroken = async (route: Route) => {
    const changes = batchChanges(route.request());
    const at = changes.findIndex((change) => change.idempotencyKey === broken.mutationId);
    if (at === -1) return route.continue();
    attemptsOfBroken += 1;
    // The changes before it reach the server; it fails, and the batch stops there, as the server's would.
    const before = changes.slice(0, at);
    const reached =
      before.length === 0
        ? []
        : ((await (await route.fetch({ postData: { changes: before } })).json()) as SyncChangesResult).results;
    const failed = batchResults(changes.slice(at), () => ({
      outcome: 'failed',
      status: 503,
      body: { message: 'Service temporarily unavailable', code: 'UNAVAILABLE' },
    }));
    return route.fulfill({ json: { results: [...reached, ...failed.results] } });
  };
  await context.route(SYNC_CHANGES, failBroken);

  await page.goto('/sync');
  await expect(page.getByTestId('sync-queue-empty')).toBeVisible();
  // The page starts its engine anew: its first run must not be one of the three tries counted below.
  await waitForOfflineStart(page);
  await queueRecords(page, [broken, ...others]);
  const card = page.getByTestId(`waiting-change-${broken.mutationId}`);
  await expect(card).toBeVisible();

  const brokenRecord = async () => (await readQueue(page)).find((item) => item.mutationId === broken.mutationId);

  // Three runs of 'Sync now': each tries the change once (a failure waits for the next run).
  for (const tries of [1, 2, 3]) {
    await page.getByTestId('sync-now').click();
    await expect.poll(async () => (await brokenRecord())?.retryCount).toBe(tries);
    if (tries === 1) {
      // The others went in the first run, past the failing one.
      await expect
        .poll(async () =>
          (await readQueue(page)).filter((item) => others.some((o) => o.mutationId === item.mutationId)),
        )
        .toEqual([expect.objectContaining({ status: 'synced' }), expect.objectContaining({ status: 'synced' })]);
      await expect(card.getByTestId('waiting-change-attempts')).toHaveText(
        '1 of 3 tries failed: it will be tried again on its own',
      );
    }
  }
  expect(await brokenRecord()).toMatchObject({ status: 'failed', retryCount: 3 });
  await expect(card.getByTestId('waiting-change-state')).toHaveText('Failed');
  await expect(card.getByTestId('waiting-change-attempts')).toHaveText('3 tries failed: send it again with Retry');
  await expect(card.getByTestId('waiting-change-reason')).toContainText('Service temporarily unavailable');

  // Parked: more runs don't send it. Each run ends with its notice, which goes before the next run.
  const notices = page.locator('.ant-message-notice');
  await expect(notices).toHaveCount(0);
  for (let run = 0; run < 3; run += 1) {
    await page.getByTestId('sync-now').click();
    await expect(notices).toHaveText(['Synchronisation finished: 1 change is still waiting']);
    await expect(notices).toHaveCount(0);
  }
  expect(attemptsOfBroken).toBe(3);

  // The server is fine again; the rep retries from the page.
  await context.unroute(SYNC_CHANGES, failBroken);
  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('sync-queue-empty')).toBeVisible();
  expect(await brokenRecord()).toMatchObject({ status: 'synced' });

  // Once on the server: one row, one creation in the audit log, one stored key.
  expect((await api(page, 'GET', `/activities/${broken.entityId as string}`)).status).toBe(200);
  const database = new Database(SUITE_DATABASE, { readonly: true });
  try {
    const count = (sql: string, ...values: string[]) =>
      (database.prepare(sql).get(...values) as { count: number }).count;
    expect(count('SELECT count(*) AS count FROM activities WHERE title = ?', 'E5 visite qui échoue')).toBe(1);
    expect(
      count(
        "SELECT count(*) AS count FROM audit_logs WHERE entity_id = ? AND action = 'create'",
        broken.entityId as string,
      ),
    ).toBe(1);
    expect(count('SELECT count(*) AS count FROM idempotency_keys WHERE key = ?', broken.mutationId)).toBe(1);
  } finally {
    database.close();
  }
});
