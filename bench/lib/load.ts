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
          const next = options.paths[index % options.paths.length] ?? '/';
          index += 1;
          if (typeof next === 'string') return { ...request, path: next };
          return { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
        },
        onResponse: (_status, _body, _context, headers) => {
          const timing = headers?.['server-timing'];
          const value = /dur=([\d.]+)/.exec(String(timing))?.[1];
          if (value) serverTimes.push(Number(value));
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
