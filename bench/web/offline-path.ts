import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type MainThreadTasks, startMainThreadTrace, stopMainThreadTrace } from './main-thread-trace.ts';
import { newPhoneContext } from './phone-profile.ts';
import { ROOT } from './setup.ts';

/** A signed-in session as the sign-in answers it, put in local storage as the app keeps it. */
export type Session = { token: string; user: { id: string } & Record<string, unknown> };

/** How the page's CPU runs: as the machine does, or slowed like the phone profile's (its network is not). */
export type CpuProfile = { name: string; slowdown: number };

export type OfflineRunFigures = {
  cpu: string;
  /** from the navigation's start to the slice stored, on the page's clock */
  sliceAt: number;
  /** from the navigation's start to the service worker controlling the page, its precache complete */
  serviceWorkerAt: number;
  /** 'ready offline': both, the data and the app's files on the device */
  readyAt: number;
  /** the pull alone (offline/slice/slice.ts's measures): whole, waiting for answers, writing IndexedDB */
  pull: { total: number; network: number; store: number };
  activitiesStored: number;
  doctorsStored: number;
  pullTasks: MainThreadTasks;
  /** from the tap on 'Sync now' to the last of the queued changes synced */
  drain: { changes: number; creates: number; edits: number; ms: number; synced: number; notSynced: number };
  drainTasks: MainThreadTasks;
};

/** The layout of a queue record (apps/web/src/offline/store/db.ts, QUEUE_FORMAT_VERSION and QueueItem). */
const QUEUE_FORMAT_VERSION = 1;
const READY_SELECTOR = 'html[data-offline-slice="ready"]';
const DRAIN_WINDOW = 'bench:drain';
const PULL_MEASURE = 'crm:slice:pull';
/** Marked when the worker takes control: it activates (and claims the page) once its precache is complete. */
const SERVICE_WORKER_MARK = 'bench:sw-controls';

type Counts = { activities: number; doctors: number };

/** The owner's records in the activities and doctors stores, bookkeeping records left out. */
function storedCounts(page: Page, owner: string): Promise<Counts> {
  return page.evaluate(async (owner) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db
          .transaction(store)
          .objectStore(store)
          .getAllKeys(IDBKeyRange.bound([owner, ''], [owner, '\uffff']));
        request.onsuccess = () =>
          resolve((request.result as [string, string][]).filter(([, id]) => !id.startsWith('__slice:')).length);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
    const counts = { activities: await count('activities'), doctors: await count('doctors') };
    db.close();
    return counts;
  }, owner);
}

/**
 * Writes `changes` queue records as the app's enqueue does (half creations of new activities, copied from
 * the rep's own upcoming activities, half edits of those activities' notes), in one transaction, without
 * telling the page: the sync starts at the tap on 'Sync now'. Returns the mutation ids.
 */
function queueChanges(page: Page, owner: string, changes: number, run: string): Promise<string[]> {
  return page.evaluate(
    async ({ owner, changes, run, formatVersion }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('crm-offline', 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      type Stored = {
        id: string;
        start: string;
        done: boolean;
        channelId: string;
        channel: { isTimeOff: boolean; needsBudgetApproval: boolean };
        allDay: boolean;
        duration: number | null;
        doctorId: string | null;
        doctorName: string | null;
        officeId: string | null;
        productIds: string[];
        acknowledgeRules: boolean;
        title: string | null;
      };
      const stored = await new Promise<Stored[]>((resolve, reject) => {
        const request = db
          .transaction('activities')
          .objectStore('activities')
          .getAll(IDBKeyRange.bound([owner, ''], [owner, '\uffff']));
        request.onsuccess = () => resolve(request.result as Stored[]);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
      const now = Date.now();
      // Open to both an edit and a copy: upcoming, not done, not time off, no budget to approve.
      const candidates = stored.filter(
        (activity) =>
          typeof activity.start === 'string' &&
          Date.parse(activity.start) > now + 86_400_000 &&
          !activity.done &&
          !activity.allDay &&
          !activity.channel.isTimeOff &&
          !activity.channel.needsBudgetApproval &&
          activity.productIds.length > 0,
      );
      if (candidates.length === 0) throw new Error('the rep has no upcoming activity to copy or edit');
      const records = Array.from({ length: changes }, (_, index) => {
        const source = candidates[Math.floor(index / 2) % candidates.length] as Stored;
        const create = index % 2 === 0;
        const entityId = create ? crypto.randomUUID() : source.id;
        const payload = create
          ? {
              channelId: source.channelId,
              title: `Bench ${run} ${index}`,
              start: source.start,
              allDay: false,
              duration: source.duration,
              doctorId: source.doctorId,
              doctorName: source.doctorName,
              officeId: source.officeId,
              attendees: [],
              productIds: source.productIds,
              acknowledgeRules: source.acknowledgeRules,
            }
          : { callNotes: `Bench ${run} ${index}` };
        return {
          formatVersion,
          mutationId: crypto.randomUUID(),
          owner,
          type: 'activity',
          action: create ? 'create' : 'update',
          entityId,
          payload,
          dependsOn: [],
          timestamp: now,
          synced: false,
          status: 'pending',
          retryCount: 0,
          lastError: null,
          updatedAt: now,
          summary: { title: create ? payload.title : source.title, doctorName: source.doctorName, start: source.start },
        };
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('queue', 'readwrite');
        for (const record of records) transaction.objectStore('queue').add(record);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
      });
      db.close();
      return records.map((record) => record.mutationId);
    },
    { owner, changes, run, formatVersion: QUEUE_FORMAT_VERSION },
  );
}

type DrainResult = { ms: number; statuses: Record<string, number> };
type DrainHost = { __benchDrain: Promise<DrainResult> };

/**
 * Marks `${DRAIN_WINDOW}:start` at the next click (its event time) and `${DRAIN_WINDOW}:end` once none of
 * the records is pending or sending, counted every 50 ms; `drainResult` then gives the duration and the
 * records' states. Armed before the click, in a call of its own, so that the click is seen.
 */
function armDrainWatch(page: Page, mutationIds: string[]): Promise<void> {
  return page.evaluate(
    ({ window, mutationIds }) => {
      (globalThis as unknown as DrainHost).__benchDrain = new Promise((resolve, reject) => {
        let started: number | null = null;
        addEventListener(
          'click',
          (event) => {
            started = event.timeStamp;
            performance.mark(`${window}:start`, { startTime: started });
          },
          { capture: true, once: true },
        );
        const open = new Promise<IDBDatabase>((opened, failed) => {
          const request = indexedDB.open('crm-offline', 1);
          request.onsuccess = () => opened(request.result);
          request.onerror = () => failed(request.error ?? new Error('open failed'));
        });
        const statuses = (db: IDBDatabase) =>
          new Promise<string[]>((done, failed) => {
            const index = db.transaction('queue').objectStore('queue').index('mutationId');
            const found: string[] = [];
            let left = mutationIds.length;
            for (const id of mutationIds) {
              const request = index.get(id);
              request.onsuccess = () => {
                found.push((request.result as { status: string } | undefined)?.status ?? 'gone');
                left -= 1;
                if (left === 0) done(found);
              };
              request.onerror = () => failed(request.error ?? new Error('read failed'));
            }
          });
        // Two counts per turn, not a read of every record: on the phone profile's CPU, 200 reads every 50 ms
        // took more of the main thread than the drain they measured. The context is fresh, so the queue holds
        // only these records.
        const waiting = (db: IDBDatabase) =>
          new Promise<number>((done, failed) => {
            const index = db.transaction('queue').objectStore('queue').index('status');
            let total = 0;
            let left = 2;
            for (const status of ['pending', 'sending']) {
              const request = index.count(status);
              request.onsuccess = () => {
                total += request.result;
                left -= 1;
                if (left === 0) done(total);
              };
              request.onerror = () => failed(request.error ?? new Error('count failed'));
            }
          });
        const poll = async () => {
          const db = await open;
          for (;;) {
            await new Promise((wait) => setTimeout(wait, 50));
            if (started === null) continue;
            if ((await waiting(db)) > 0) continue;
            const ended = performance.now();
            performance.mark(`${window}:end`, { startTime: ended });
            const found = await statuses(db);
            db.close();
            const counted: Record<string, number> = {};
            for (const status of found) counted[status] = (counted[status] ?? 0) + 1;
            return { ms: ended - started, statuses: counted };
          }
        };
        poll().then(resolve, reject);
      });
    },
    { window: DRAIN_WINDOW, mutationIds },
  );
}

function drainResult(page: Page): Promise<DrainResult> {
  return page.evaluate(() => (globalThis as unknown as DrainHost).__benchDrain);
}

type PullMeasures = { readyAt: number; total: number; network: number; store: number };

function pullMeasures(page: Page): Promise<PullMeasures> {
  return page.evaluate(() => {
    const last = (name: string) => {
      const entry = performance.getEntriesByName(name).at(-1);
      if (entry === undefined) throw new Error(`no ${name} measure`);
      return entry;
    };
    const pull = last('crm:slice:pull');
    return {
      readyAt: pull.startTime + pull.duration,
      total: pull.duration,
      network: last('crm:slice:network').duration,
      store: last('crm:slice:store').duration,
    };
  });
}

/** When the worker took control of the page (its precache complete), on the page's clock; waits for it. */
async function serviceWorkerControls(page: Page): Promise<number> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, SERVICE_WORKER_MARK, {
    timeout: 120_000,
  });
  return page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN, SERVICE_WORKER_MARK);
}

/**
 * With BENCH_OFFLINE_PROFILE set, the drain's JavaScript CPU profile (the DevTools protocol's Profiler) goes
 * to .tmp/bench-offline-<run>.cpuprofile, for the Performance panel, and its heaviest functions by self
 * time to the console: what to look at when the drain is slow.
 */
async function startDrainProfile(page: Page): Promise<{ stop: (run: string) => Promise<void> } | null> {
  if (process.env.BENCH_OFFLINE_PROFILE === undefined) return null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return {
    async stop(run) {
      const { profile } = await cdp.send('Profiler.stop');
      const file = path.join(ROOT, `.tmp/bench-offline-${run.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples?.length ?? 1);
      const hits = new Map<number, number>();
      for (const sample of profile.samples ?? []) hits.set(sample, (hits.get(sample) ?? 0) + 1);
      const selfByFunction = new Map<string, number>();
      for (const node of profile.nodes) {
        const { functionName, url, lineNumber } = node.callFrame;
        const name = `${functionName || '(anonymous)'} ${url.split('/').at(-1) ?? ''}:${lineNumber + 1}`;
        selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + (hits.get(node.id) ?? 0) * interval);
      }
      const top = [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, 25);
      console.log(`  CPU profile of the drain: ${file}`);
      for (const [name, micros] of top) console.log(`    ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
    },
  };
}

export type OfflineRunInput = {
  baseURL: string;
  session: Session;
  cpu: CpuProfile;
  changes: number;
  run: string;
  failureScreenshot: string;
};

/**
 * One run in a fresh phone-shaped context (empty HTTP cache, no service worker, empty IndexedDB), signed in:
 * the first load of the app until its slice is stored, then `changes` queued changes sent from 'Sync now',
 * each under a performance trace of the page's main thread.
 */
export async function offlineRun(browser: Browser, input: OfflineRunInput): Promise<OfflineRunFigures> {
  const context = await newPhoneContext(browser, input.baseURL);
  try {
    // tsx compiles with esbuild's keepNames, which wraps named functions in a __name() helper that only
    // exists in Node: the page gets one that does nothing (as page-probe.ts does).
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript((session) => {
      localStorage.setItem('token', session.token);
      localStorage.setItem('user', JSON.stringify(session.user));
    }, input.session);
    await context.addInitScript((mark) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => performance.mark(mark), { once: true });
    }, SERVICE_WORKER_MARK);
    const page = await context.newPage();
    try {
      return await walk(browser, page, input);
    } catch (error) {
      await page.screenshot({ path: input.failureScreenshot }).catch(() => undefined);
      throw new Error(`the offline run stopped at ${page.url()} (screenshot: ${input.failureScreenshot})`, {
        cause: error,
      });
    }
  } finally {
    await context.close();
  }
}

async function walk(browser: Browser, page: Page, input: OfflineRunInput): Promise<OfflineRunFigures> {
  const owner = input.session.user.id;
  if (input.cpu.slowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: input.cpu.slowdown });
  }

  // The first online load, signed in, with nothing stored: until the slice is ready offline.
  await startMainThreadTrace(browser, page);
  await page.goto('/activities');
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 120_000 });
  const pullTasks = await stopMainThreadTrace(browser, PULL_MEASURE);
  const pull = await pullMeasures(page);
  const serviceWorkerAt = await serviceWorkerControls(page);
  const stored = await storedCounts(page, owner);

  // The queue, written as the offline writes leave it, then sent from the connectivity popover.
  const mutationIds = await queueChanges(page, owner, input.changes, input.run);
  await page.getByTestId('connectivity-indicator').tap();
  const syncButton = page.getByTestId('connectivity-panel').getByRole('button');
  await syncButton.waitFor({ state: 'visible', timeout: 30_000 });
  await startMainThreadTrace(browser, page);
  await armDrainWatch(page, mutationIds);
  const profile = await startDrainProfile(page);
  await syncButton.click();
  const drain = await drainResult(page);
  await profile?.stop(input.run);
  const drainTasks = await stopMainThreadTrace(browser, DRAIN_WINDOW);
  const synced = drain.statuses.synced ?? 0;
  return {
    cpu: input.cpu.name,
    sliceAt: pull.readyAt,
    serviceWorkerAt,
    readyAt: Math.max(pull.readyAt, serviceWorkerAt),
    pull: { total: pull.total, network: pull.network, store: pull.store },
    activitiesStored: stored.activities,
    doctorsStored: stored.doctors,
    pullTasks,
    drain: {
      changes: input.changes,
      creates: Math.ceil(input.changes / 2),
      edits: Math.floor(input.changes / 2),
      ms: drain.ms,
      synced,
      notSynced: mutationIds.length - synced,
    },
    drainTasks,
  };
}
