import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasAccess, isRouteAccess, ROUTE_ACCESS, type RouteAccess } from '#server/core/access.ts';
import type { AuthContext, AuthService } from '#server/modules/auth/auth.service.ts';
import { AppError } from '#server/core/app-error.ts';

declare module 'fastify' {
  // Module augmentation needs interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * Who may call the route (core/access.ts): every /api route says it, or the app refuses to start. Checked
     * before the request's body is parsed and its input validated.
     */
    access?: RouteAccess;
  }
}

/**
 * Every /api route declares its access; the caller's session and role are checked when the request arrives
 * (onRequest), before Fastify parses and validates anything, so a caller without the right gets 403 whatever
 * they send, and a route can't forget to say who may call it. Services check again (defence in depth).
 */
export function registerAuthentication(api: FastifyInstance, auth: Pick<AuthService, 'authenticate'>): void {
  api.decorateRequest('auth', null);
  // Collected as routes are added and refused when the app gets ready: a throw inside a route plugin would
  // escape Fastify's plugin loader instead of failing `ready()` (and `listen()`) with the list.
  const undeclared: string[] = [];
  api.addHook('onRoute', (route: RouteOptions) => {
    if (!isRouteAccess(route.config?.access)) undeclared.push(`${[route.method].flat().join(',')} ${route.url}`);
  });
  api.addHook('onReady', () => {
    if (undeclared.length === 0) return Promise.resolve();
    const levels = ROUTE_ACCESS.map((level) => `'${level}'`).join(' | ');
    return Promise.reject(
      new Error(
        `every /api route must declare who may call it, config: { access: ${levels} }: ${undeclared.join(', ')}`,
      ),
    );
  });
  api.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const context = token ? await auth.authenticate(token) : null;
    if (!context) throw new AppError('UNAUTHORIZED');
    request.auth = context;
    // The onRoute hook above guarantees a declaration; a route without one is refused rather than let through.
    if (access === undefined || !hasAccess(context, access)) throw new AppError('FORBIDDEN');
  });
}

/** The caller of a non-public route (the hook above guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
