import type { FastifyInstance } from 'fastify';

export type RouteKey = `${string} ${string}`;

/**
 * Every route of the app as 'METHOD /path' (HEAD left out), read from Fastify's printed route tree, so a test can
 * fail when a route is added without its row in a permission matrix.
 */
export function listRoutes(app: FastifyInstance): RouteKey[] {
  const stack: string[] = [];
  const routes: RouteKey[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack[depth] = match[2] ?? '';
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((item) => item.trim())) {
      if (method !== '' && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
