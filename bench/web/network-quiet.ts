import type { CDPSession } from '@playwright/test';

export type NetworkQuiet = {
  /** Resolves once no request has been in flight for quietMs (or after timeoutMs, with a warning). */
  until: (quietMs: number, timeoutMs?: number) => Promise<void>;
};

const POLL_MS = 50;

/**
 * A request the page's session has heard nothing of for this long is no longer waited for: now and then a
 * module the page preloaded and then imported is reported sent twice and finished once.
 */
const SILENT_MS = 5_000;

/**
 * Follows the page's requests through the DevTools protocol. Playwright's 'networkidle' belongs to a
 * document's load, so it says nothing about what a single-page navigation fetches afterwards.
 * Needs Network.enable.
 *
 * Two kinds of request never report their end to the page's session, and waiting for them made every step
 * wait out the timeout: a worker's script (no loader: the worker's own target loads it), and what a document
 * still had in flight when the next one replaced it.
 */
export function trackRequests(cdp: CDPSession): NetworkQuiet {
  const inFlight = new Map<string, { url: string; loaderId: string; heardAt: number }>();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, loaderId, type }) => {
    if (loaderId === '') return;
    if (type === 'Document' && requestId === loaderId) {
      for (const [id, other] of inFlight) if (other.loaderId !== loaderId) inFlight.delete(id);
    }
    inFlight.set(requestId, { url: request.url, loaderId, heardAt: Date.now() });
    lastChange = Date.now();
  });
  const heard = ({ requestId }: { requestId: string }) => {
    const request = inFlight.get(requestId);
    if (request !== undefined) request.heardAt = Date.now();
  };
  cdp.on('Network.responseReceived', heard);
  cdp.on('Network.dataReceived', heard);
  const settled = ({ requestId }: { requestId: string }) => {
    if (inFlight.delete(requestId)) lastChange = Date.now();
  };
  cdp.on('Network.loadingFinished', settled);
  cdp.on('Network.loadingFailed', settled);
  const waitingFor = () => [...inFlight.values()].filter(({ heardAt }) => Date.now() - heardAt < SILENT_MS);
  return {
    until: async (quietMs, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (waitingFor().length > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          const urls = waitingFor()
            .map(({ url }) => url)
            .join(', ');
          console.warn(`  the network was not quiet within ${timeoutMs} ms (in flight: ${urls})`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}
