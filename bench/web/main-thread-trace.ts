import type { Browser, Page } from '@playwright/test';

/**
 * What the page's main thread did during a window of a Chromium performance trace (the DevTools
 * protocol's Tracing, through Playwright): its top-level tasks, as the Performance panel draws them.
 */
export type MainThreadTasks = {
  /** the window, from the trace's user-timing entries (the page's performance marks or measures) */
  windowMs: number;
  /** top-level tasks of the page's main thread that overlap the window */
  tasks: number;
  longestMs: number;
  /** tasks of 50 ms or more: the Long Tasks API's threshold */
  over50: number;
  over200: number;
};

/**
 * toplevel carries every thread's top-level tasks; blink.user_timing the page's marks and measures, which
 * bound the window; __metadata the threads' names. Not the DevTools timeline categories the Performance panel
 * records: they slow the page down so much (a drain of 200 changes took 82 s traced with them, 3 s with these)
 * that the trace would measure the tracing.
 */
const CATEGORIES = ['toplevel', 'blink.user_timing', '__metadata'];

/** A renderer's top-level task: toplevel's name for it, and the timeline's should its categories be added. */
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string };
  args?: { name?: string; data?: Record<string, unknown> };
};

export function startMainThreadTrace(browser: Browser, page: Page): Promise<void> {
  return browser.startTracing(page, { categories: CATEGORIES });
}

/** The user-timing window named `window` (a measure, or the span from `${window}:start` to `${window}:end`). */
function userTimingWindow(events: TraceEvent[], window: string): { start: number; end: number } {
  const measure = events.filter((event) => event.name === window && event.cat.includes('blink.user_timing'));
  const begin = measure.find((event) => event.ph === 'b');
  const end = measure.find((event) => event.ph === 'e');
  if (begin !== undefined && end !== undefined) return { start: begin.ts, end: end.ts };
  const mark = (name: string) =>
    events.find((event) => event.name === name && event.cat.includes('blink.user_timing'))?.ts;
  const start = mark(`${window}:start`);
  const stop = mark(`${window}:end`);
  if (start === undefined || stop === undefined) throw new Error(`the trace has no user timing named ${window}`);
  return { start, end: stop };
}

/**
 * Stops the trace and reads the tasks of the page's main thread (the renderer main thread that recorded the
 * window's user timing) that overlap the window.
 */
export async function stopMainThreadTrace(browser: Browser, window: string): Promise<MainThreadTasks> {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  const bounds = userTimingWindow(events, window);
  const owner = events.find((event) => event.name === window || event.name === `${window}:start`);
  if (owner === undefined) throw new Error(`no event names ${window}`);
  const mainThread = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === owner.pid &&
      event.args?.name === 'CrRendererMain',
  );
  if (mainThread === undefined) throw new Error('the trace names no renderer main thread for the page');
  const tasks = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        TASK_NAMES.has(event.name) &&
        event.pid === mainThread.pid &&
        event.tid === mainThread.tid &&
        event.ts + (event.dur ?? 0) > bounds.start &&
        event.ts < bounds.end,
    )
    .sort((a, b) => a.ts - b.ts);
  // Both task names can be recorded for one task: keep the outermost.
  const topLevel: TraceEvent[] = [];
  for (const task of tasks) {
    const previous = topLevel.at(-1);
    if (previous !== undefined && task.ts < previous.ts + (previous.dur ?? 0)) continue;
    topLevel.push(task);
  }
  const durations = topLevel.map((task) => (task.dur ?? 0) / 1000);
  return {
    windowMs: (bounds.end - bounds.start) / 1000,
    tasks: durations.length,
    // Not Math.max(...durations): a long window holds more tasks than a call takes arguments.
    longestMs: durations.reduce((longest, duration) => Math.max(longest, duration), 0),
    over50: durations.filter((duration) => duration >= 50).length,
    over200: durations.filter((duration) => duration > 200).length,
  };
}
