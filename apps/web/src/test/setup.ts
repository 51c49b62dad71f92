import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/*
 * This file runs before each test file. The web files share a module graph and a jsdom per worker
 * (isolate: false, decision 0054): the libraries (React, antd, jsdom) load once, but each file starts as a
 * page just loaded would. Our modules are evaluated afresh, so that no state of theirs (the session, the query
 * cache, the offline store, the engine's timers) carries over; what the file before left in the window is
 * undone. Within a file, nothing changes: a file's own state is its own business, as it always was.
 */
vi.resetModules();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
// A fresh jsdom has no IndexedDB: test-store.ts's freshOfflineStore() gives a file one.
Reflect.deleteProperty(globalThis, 'indexedDB');
document.body.replaceChildren();
for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
window.history.replaceState(null, '', '/');
localStorage.clear();
sessionStorage.clear();

// What app/AntdProviders.tsx brings in the app: tests render pages without it.
await import('@/lib/dayjs');
await import('@/lib/french-catalogue');
// What the router loads with the admin pages (lib/page-catalogue.ts): in French now, with English when chosen.
await import('@/lib/page-catalogue').then((module) => module.loadPageCatalogue());

// jsdom lacks the layout APIs antd reads (responsive grid, measuring, pseudo-element styles).
// A wide screen: every min-width query matches, no max-width one does.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) =>
    ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList,
});

type GetComputedStyle = typeof window.getComputedStyle;
// jsdom throws "not implemented" for the pseudo-element argument antd passes. jsdom's own is kept on the
// replacement, which the next file's run of this setup finds in the same window.
const jsdomGetComputedStyle =
  (window.getComputedStyle as GetComputedStyle & { jsdom?: GetComputedStyle }).jsdom ??
  window.getComputedStyle.bind(window);
window.getComputedStyle = Object.assign((element: Element) => jsdomGetComputedStyle(element), {
  jsdom: jsdomGetComputedStyle,
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
// Assigned, not stubbed: tests' vi.unstubAllGlobals() (for fetch) must not remove it.
window.ResizeObserver = ResizeObserverStub;

// antd renders slowly in jsdom, slower still when every project runs at once (and the directory pages
// are heavy: forms, tables and dialogs): findBy and waitFor wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
