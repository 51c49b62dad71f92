import type { CDPSession } from '@playwright/test';

export type NetworkQuiet = {
  /** Resolves once no request has been in flight for quietMs (or after timeoutMs, with a warning). */
  until: (quietMs: number, timeoutMs?: number) => Promise<void>;
};

const POLL_MS = 50;

/**
 * Follows the page's requests through the DevTools protocol. Playwright's 'networkidle' belongs to a
 * document's load, so it says nothing about what a single-page navigation fetches afterwards.
 * Needs Network.enable.
 */
export function trackRequests(cdp: CDPSession): NetworkQuiet {
  const inFlight = new Set<string>();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId }) => {
    inFlight.add(requestId);
    lastChange = Date.now();
  });
  const settled = ({ requestId }: { requestId: string }) => {
    if (inFlight.delete(requestId)) lastChange = Date.now();
  };
  cdp.on('Network.loadingFinished', settled);
  cdp.on('Network.loadingFailed', settled);
  return {
    until: async (quietMs, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          console.warn(`  the network was not quiet within ${timeoutMs} ms (${inFlight.size} requests in flight)`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}
