import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    /** Answers without a session (login, health…). Every other /api route requires one. */
    public?: boolean;
  }
}

/** Secure by default: a route is public only when it says so. */
export function registerAuthentication(api: FastifyInstance, auth: AuthService): void {
  api.decorateRequest('auth', null);
  api.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public === true) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    const context = token ? await auth.authenticate(token) : null;
    if (!context) throw new AppError('UNAUTHORIZED');
    request.auth = context;
  });
}

/** The caller of a non-public route (the hook above guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
