import path from 'node:path';
import Database from 'better-sqlite3';
import { HEALTH_CHECK_INTERVAL_MS } from '@crm/shared';
import { expect, test } from '@playwright/test';
import { signInAs } from './helpers';
import {
  activityBasics,
  batchChanges,
  newActivityPayload,
  openConnectivityPanel,
  queueRecord,
  queueRecords,
  readQueue,
  signedInUserId,
  SYNC_CHANGES,
  waitForServiceWorkerControl,
  waitForOfflineStart,
} from './offline-helpers';
import { ownPort, startOwnServer, type OwnServer } from './own-server';

// E4 of the research note's test plan: the server process is killed (SIGKILL, no graceful shutdown) while
// the queue is being sent, then started again on the same database; the app sends the rest by itself, and
// the server ends with exactly one row per change. The network is cut by the crash itself: this spec runs
// its own server, the suite's must stay up. The queue goes in one batch; the server gets its first five
// changes and is killed a few milliseconds later, while it applies them, so any of them may or may not have
// been committed when the process died: the outcome must be the same either way. (The server's own tests
// cut a batch inside a change's transaction, on both engines.)

const PORT = ownPort(100);
const REP = 'rep@demo-crm.fr';
const CHANGES_OF_EACH = 10;

test.use({ baseURL: `http://127.0.0.1:${PORT}`, serviceWorkers: 'allow' });

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(PORT);
});
test.afterAll(async () => {
  await server.close();
});

test('E4: the server killed mid-sync leaves exactly one row per change once it is back', async ({ page, context }) => {
  // The page's timers run on a clock the test can move on: the app's own retry comes a health-check period
  // after the failure, which the test brings forward instead of waiting for it.
  await page.clock.install();
  await signInAs(page, REP);
  await waitForServiceWorkerControl(page);
  await waitForOfflineStart(page);
  const owner = await signedInUserId(page);
  const basics = await activityBasics(page);

  // 20 changes: ten new activities, each followed by an edit of its report.
  const ids = Array.from({ length: CHANGES_OF_EACH }, () => crypto.randomUUID());
  const records = ids.flatMap((id, n) => [
    queueRecord(owner, {
      type: 'activity',
      action: 'create',
      entityId: id,
      payload: newActivityPayload(basics, `E4 visite ${n}`, 2 + n),
    }),
    queueRecord(owner, { type: 'activity', action: 'update', entityId: id, payload: { callNotes: `E4 rapport ${n}` } }),
  ]);

  // The batch's first five changes reach the server, which dies while it handles them; no answer comes back.
  let cut = false;
  let crashed: () => void = () => undefined;
  const crash = new Promise<void>((resolve) => (crashed = resolve));
  await context.route(SYNC_CHANGES, async (route) => {
    if (cut) return route.continue().catch(() => undefined);
    cut = true;
    const reached = route
      .fetch({ postData: { changes: batchChanges(route.request()).slice(0, 5) } })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await server.kill();
    await reached;
    crashed();
    return route.abort('connectionreset');
  });

  await queueRecords(page, records);
  await openConnectivityPanel(page);
  await page.getByTestId('connectivity-panel').getByRole('button', { name: 'Synchroniser maintenant' }).click();
  await crash;

  // The run stopped at the first call without an answer; nothing was lost, nothing sent twice so far.
  await expect(page.getByText('Le serveur ne répond pas')).toBeVisible();
  const stopped = (await readQueue(page)).filter((item) => item.owner === owner);
  expect(stopped).toHaveLength(2 * CHANGES_OF_EACH);
  expect(stopped.filter((item) => item.status === 'pending' && item.retryCount === 1)).toHaveLength(1);

  // Back on the same database. The app tries again by itself a health-check period after the failure (or
  // when the health check finds the server again): no 'Sync now' here.
  await server.restart();
  await page.clock.fastForward(HEALTH_CHECK_INTERVAL_MS);
  await expect
    .poll(async () => (await readQueue(page)).filter((item) => item.owner === owner && item.status !== 'synced'))
    .toEqual([]);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  const settled = (await readQueue(page)).filter((item) => item.owner === owner);
  expect(Math.max(...settled.map((item) => item.retryCount))).toBeLessThanOrEqual(2);

  // The server's database: one activity, one creation and one edit in the audit log, one stored key each.
  const database = new Database(path.join(server.dataDir, 'crm.sqlite'), { readonly: true });
  try {
    const count = (sql: string, ...values: string[]) =>
      (database.prepare(sql).get(...values) as { count: number }).count;
    expect(count("SELECT count(*) AS count FROM activities WHERE title LIKE 'E4 visite %'")).toBe(CHANGES_OF_EACH);
    for (const [n, id] of ids.entries()) {
      const row = database.prepare('SELECT title, call_notes FROM activities WHERE id = ?').get(id);
      expect(row).toEqual({ title: `E4 visite ${n}`, call_notes: `E4 rapport ${n}` });
      const audit = (action: string) =>
        count('SELECT count(*) AS count FROM audit_logs WHERE entity_id = ? AND action = ?', id, action);
      expect([audit('create'), audit('update')]).toEqual([1, 1]);
    }
    for (const record of records) {
      expect(count('SELECT count(*) AS count FROM idempotency_keys WHERE key = ?', record.mutationId)).toBe(1);
    }
  } finally {
    database.close();
  }
});
