import { vi } from 'vitest';

export type FetchHandler = (init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A request as the test sees it: its method, path and query parameters. */
export type RecordedRequest = { method: string; path: string; params: URLSearchParams };

/** The method, path and parameters of a call fetch received. */
export function requestOf(input: RequestInfo | URL, init?: RequestInit): RecordedRequest {
  const isRequestObject = input instanceof Request;
  const url = new URL(isRequestObject ? input.url : input.toString(), 'http://localhost');
  const method = init?.method ?? (isRequestObject ? input.method : 'GET');
  return { method: method.toUpperCase(), path: url.pathname, params: url.searchParams };
}

/**
 * "METHOD /path?a=1&b=2" with the parameters sorted by name then value, and encoded one way (a space
 * as + or %20): two requests naming the same parameters in another order are the same request.
 */
function canonical({ method, path, params }: RecordedRequest): string {
  const sorted = [...params].sort(([nameA, valueA], [nameB, valueB]) =>
    nameA === nameB ? valueA.localeCompare(valueB) : nameA.localeCompare(nameB),
  );
  const search = new URLSearchParams(sorted).toString();
  return `${method} ${path}${search === '' ? '' : `?${search}`}`;
}

/** A request written "METHOD /path?query" (GET when no method is given), as handlers are keyed. */
function parseRequest(key: string): RecordedRequest {
  const match = /^([A-Z]+)\s+(.*)$/.exec(key.trim());
  return match === null ? requestOf(key.trim()) : requestOf(match[2] ?? '', { method: match[1] });
}

/**
 * Whether a call is the request written "METHOD /path?query": same method and path, and the same query
 * parameters in any order. With `anyParams`, the path alone decides.
 */
export function isRequest(
  key: string,
  input: RequestInfo | URL,
  init?: RequestInit,
  { anyParams = false }: { anyParams?: boolean } = {},
): boolean {
  const expected = parseRequest(key);
  const actual = requestOf(input, init);
  if (anyParams) return expected.method === actual.method && expected.path === actual.path;
  return canonical(expected) === canonical(actual);
}

export type FetchMock = ReturnType<typeof stubFetch>;

/**
 * Replaces fetch with handlers keyed by "METHOD /path?query": a call matches a handler by method, path
 * and query parameters, whatever their order. Anything else answers 404 like the server. Returns the
 * mock to inspect calls (see callsTo).
 */
export function stubFetch(handlers: Record<string, FetchHandler>) {
  const byRequest = new Map(Object.entries(handlers).map(([key, handler]) => [canonical(parseRequest(key)), handler]));
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const handler = byRequest.get(canonical(requestOf(input, init)));
    if (handler === undefined) {
      return Promise.resolve(jsonResponse({ message: 'Not found', code: 'ROUTE_NOT_FOUND' }, 404));
    }
    return Promise.resolve(handler(init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * A file's stub of the API: the handlers every test of the file needs, to which each test adds (or in which it
 * replaces) its own. Returns the function a test calls, which stubs fetch and returns the mock.
 */
export function stubFetchWith(defaults: Record<string, FetchHandler>) {
  return (extra: Record<string, FetchHandler> = {}) => stubFetch({ ...defaults, ...extra });
}

/**
 * The calls of a stubbed fetch to the request written "METHOD /path?query" (parameters in any order),
 * each as [input, init]. With `anyParams`, every call to that method and path.
 */
export function callsTo(fetchMock: FetchMock, key: string, options: { anyParams?: boolean } = {}) {
  return fetchMock.mock.calls.filter(([input, init]) => isRequest(key, input, init, options));
}

/** The JSON body a recorded call sent, parsed. */
export function jsonBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}
