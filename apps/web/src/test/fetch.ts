import { vi } from 'vitest';

export type FetchHandler = (init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch with handlers keyed by "METHOD /path"; anything else answers 404 like the server.
 * Returns the mock to inspect calls.
 */
export function stubFetch(handlers: Record<string, FetchHandler>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const handler = handlers[`${init?.method ?? 'GET'} ${url}`];
    if (handler === undefined) {
      return Promise.resolve(jsonResponse({ message: 'Not found', code: 'ROUTE_NOT_FOUND' }, 404));
    }
    return Promise.resolve(handler(init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URL of a recorded call ('/api/doctors/search?search=mar&page=1&limit=50'). */
export function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

/** The JSON body a recorded call sent, parsed. */
export function jsonBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}
