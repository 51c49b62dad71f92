import type { BrowserContext, Page } from '@playwright/test';

// Measured inside the page, on the page's own clock (milliseconds since its navigation started), so that
// nothing the benchmark does over the DevTools protocol adds to the figures.

/** When something first showed: inserted in the DOM, then the frame after (painted). */
export type Appearance = { dom: number; painted: number | null };

/** One slow interaction, as the Event Timing API reports it (the entries INP is made of). */
export type Interaction = { name: string; duration: number; target: string };

type Probe = {
  /** start time of the latest largest-contentful-paint candidate */
  lcp: number | null;
  appeared: Record<string, Appearance>;
  /** the last key pressed or pointer put down (the event's own time stamp) */
  lastInput: { type: string; at: number } | null;
  interactions: Interaction[];
  /** conditions still awaited, by name; each is recorded once, when it first holds */
  pending: Map<string, () => boolean>;
  watch: (name: string, condition: () => boolean) => void;
};

type ProbeHost = { __benchProbe: Probe };

/** What the probe watches for in every document, by name. */
export const LANDMARKS = {
  signInButton: 'form button[type="submit"]',
  dashboard: '.dashboard-grid',
  doctorSearch: '[data-testid="doctor-search-input"]',
  doctorName: '[data-testid="doctor-name"]',
  calendarEvent: '[data-testid^="calendar-event-"]',
} as const;

export type Landmark = keyof typeof LANDMARKS;

/** Installed before any of the page's scripts, in every document of the context. */
function installProbe(landmarks: Record<string, string>): void {
  const probe: Probe = {
    lcp: null,
    appeared: {},
    lastInput: null,
    interactions: [],
    pending: new Map(),
    watch: (name, condition) => {
      probe.pending.set(name, condition);
      check();
    },
  };
  (globalThis as unknown as ProbeHost).__benchProbe = probe;

  const check = () => {
    for (const [name, condition] of probe.pending) {
      if (!condition()) continue;
      probe.pending.delete(name);
      const appearance: Appearance = { dom: performance.now(), painted: null };
      probe.appeared[name] = appearance;
      // A task queued from the next animation frame runs once that frame has been painted.
      requestAnimationFrame(() => {
        setTimeout(() => {
          appearance.painted = performance.now();
        }, 0);
      });
    }
  };
  for (const [name, selector] of Object.entries(landmarks)) {
    probe.pending.set(name, () => document.querySelector(selector) !== null);
  }
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class'],
  });

  new PerformanceObserver((list) => {
    const latest = list.getEntries().at(-1);
    if (latest) probe.lcp = latest.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });

  // durationThreshold is newer than TypeScript's DOM types.
  const eventTiming: PerformanceObserverInit & { durationThreshold: number } = {
    type: 'event',
    durationThreshold: 16,
    buffered: true,
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if ((entry.interactionId ?? 0) === 0) continue;
      const target = entry.target instanceof Element ? entry.target : null;
      const testId = target?.closest('[data-testid]')?.getAttribute('data-testid');
      probe.interactions.push({
        name: entry.name,
        duration: entry.duration,
        target: testId ?? target?.tagName.toLowerCase() ?? '?',
      });
    }
  }).observe(eventTiming);

  const recordInput = (event: Event) => {
    probe.lastInput = { type: event.type, at: event.timeStamp };
  };
  addEventListener('keydown', recordInput, { capture: true, passive: true });
  addEventListener('pointerdown', recordInput, { capture: true, passive: true });
}

export async function addProbe(context: BrowserContext): Promise<void> {
  // tsx compiles with esbuild's keepNames, which wraps the functions it names in a __name() helper that
  // only exists in Node: the page gets one that does nothing.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript(installProbe, LANDMARKS);
}

/** Waits until the named landmark or condition has been painted; its times. */
export async function appearance(page: Page, name: string, timeout = 60_000): Promise<Appearance> {
  const handle = await page.waitForFunction(
    (key) => {
      const seen = (globalThis as unknown as ProbeHost).__benchProbe.appeared[key];
      return seen?.painted == null ? null : seen;
    },
    name,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as Appearance;
}

/** Starts watching for rows of the doctor search results that answer the final text (not a stale page). */
export async function watchSearchRows(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    ({ key, typed }) => {
      const wanted = typed.toLowerCase();
      (globalThis as unknown as ProbeHost).__benchProbe.watch(key, () => {
        if (new URLSearchParams(location.search).get('search') !== typed) return false;
        const table = document.querySelector('[data-testid="doctor-results-table"]');
        if (!table || table.querySelector('.ant-spin-spinning')) return false;
        return [...table.querySelectorAll('tbody tr[data-row-key]')].some((row) =>
          row.textContent.toLowerCase().includes(wanted),
        );
      });
    },
    { key: name, typed: text },
  );
}

/** How many result rows are shown. */
export function countSearchRows(page: Page): Promise<number> {
  return page.locator('[data-testid="doctor-results-table"] tbody tr[data-row-key]').count();
}

export function lastInput(page: Page): Promise<{ type: string; at: number } | null> {
  return page.evaluate(() => (globalThis as unknown as ProbeHost).__benchProbe.lastInput);
}

export function largestContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(() => (globalThis as unknown as ProbeHost).__benchProbe.lcp);
}

/** The document's slow interactions so far (read before leaving it: the next document starts a new list). */
export function interactions(page: Page): Promise<Interaction[]> {
  return page.evaluate(() => (globalThis as unknown as ProbeHost).__benchProbe.interactions);
}
