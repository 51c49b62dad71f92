import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// What app/AntdProviders.tsx brings in the app: tests render pages without it.
import '@/lib/dayjs';
import '@/lib/french-catalogue';

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

const getComputedStyle = window.getComputedStyle.bind(window);
// jsdom throws "not implemented" for the pseudo-element argument antd passes.
window.getComputedStyle = (element: Element) => getComputedStyle(element);

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
