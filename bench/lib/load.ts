import autocannon from 'autocannon';

export type LoadResult = {
  name: string;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
  /** latency measured inside the server (Server-Timing), milliseconds */
  serverP50: number;
  serverP95: number;
  serverP99: number;
  /** latency seen by the load generator (97.5th percentile, as autocannon reports), milliseconds */
  clientP97_5: number;
};

/** A path, or a path with its own headers (another user's token). */
export type LoadPath = string | { path: string; headers: Record<string, string> };

export type LoadOptions = {
  name: string;
  url: string;
  /** paths requested in turn */
  paths: LoadPath[];
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const serverTime = (header: string | null | undefined) => {
  const value = /dur=([\d.]+)/.exec(String(header))?.[1];
  return value === undefined ? undefined : Number(value);
};

export type PacedResult = { rate: number; serverP50: number; serverP95: number; failures: number };

/**
 * The i-th request's path: the list visited with a stride, so that any run of requests, however short,
 * samples the whole list. In list order, the 268 requests of a paced pass of the search only reached the
 * names of the first seven letters and no RPPS at all.
 */
function pathAt<P>(paths: readonly P[], i: number): P | '/' {
  const stride = paths.length % PATH_STRIDE === 0 ? 1 : PATH_STRIDE;
  return paths[(i * stride) % paths.length] ?? '/';
}

/** A prime: with a list whose length it does not divide, i × stride visits every path once per cycle. */
const PATH_STRIDE = 7919;

/**
 * Requests sent at evenly spaced instants, whether the previous ones have answered or not (an open loop,
 * as independent users make them), so the server is busy without being saturated. autocannon's
 * `overallRate` fires every connection at the same tick: bursts of `connections` requests, which measure
 * the burst rather than the rate.
 */
export async function runPaced(options: Omit<LoadOptions, 'connections'> & { rate: number }): Promise<PacedResult> {
  const serverTimes: number[] = [];
  let failures = 0;
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const next = pathAt(options.paths, i);
    const { path, headers } = typeof next === 'string' ? { path: next, headers: {} } : next;
    inFlight.push(
      fetch(`${options.url}${path}`, { headers: { ...options.headers, ...headers } })
        .then(async (response) => {
          await response.arrayBuffer();
          const time = serverTime(response.headers.get('server-timing'));
          if (!response.ok || time === undefined) failures += 1;
          else serverTimes.push(time);
        })
        .catch(() => {
          failures += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  serverTimes.sort((a, b) => a - b);
  return {
    rate: options.rate,
    serverP50: percentile(serverTimes, 50),
    serverP95: percentile(serverTimes, 95),
    failures,
  };
}

/** Bounded load on a loopback server: a fixed duration, then it stops by itself. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const serverTimes: number[] = [];
  let index = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    requests: [
      {
        setupRequest: (request) => {
          const next = pathAt(options.paths, index);
          index += 1;
          if (typeof next === 'string') return { ...request, path: next };
          return { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
        },
        onResponse: (_status, _body, _context, headers) => {
          const time = serverTime(headers?.['server-timing'] as string | undefined);
          if (time !== undefined) serverTimes.push(time);
        },
      },
    ],
  });
  serverTimes.sort((a, b) => a - b);
  return {
    name: options.name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors,
    non2xx: result.non2xx,
    serverP50: percentile(serverTimes, 50),
    serverP95: percentile(serverTimes, 95),
    serverP99: percentile(serverTimes, 99),
    clientP97_5: result.latency.p97_5,
  };
}
