import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { AppError } from './app-error.ts';

/**
 * Who may call a route, declared on the route itself (`config: { access }`) and checked before its input is
 * parsed or validated (http/authenticate.ts, decision 0045):
 * - public: anyone, without a session (sign-in, health, password links);
 * - signedIn: any signed-in user; rules on what they may touch (ownership, manager of) stay in the service;
 * - writer: users with readWrite, who may change doctors and offices (spec 000 section 6);
 * - admin: administrators (isAdmin): users, configuration, clearing the audit log (spec 001 section 6).
 */
export const ROUTE_ACCESS = ['public', 'signedIn', 'writer', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export function isRouteAccess(value: unknown): value is RouteAccess {
  return (ROUTE_ACCESS as readonly unknown[]).includes(value);
}

/** Whether a signed-in caller may call a route declared with `access`. */
export function hasAccess(auth: AuthContext, access: Exclude<RouteAccess, 'public'>): boolean {
  switch (access) {
    case 'signedIn':
      return true;
    case 'writer':
      return auth.user.readWrite;
    case 'admin':
      return auth.user.isAdmin;
  }
}

/**
 * The rules a service method opens with (CONTRIBUTING.md, decision 0049), one per route level: any signed-in
 * user, a writer, an administrator. Rules that need a row (the owner, the owner's manager, a readable doctor)
 * follow, in the module (activity-access.ts, ConsentsService.readableDoctorId…).
 */
export function requireSignedIn(auth: AuthContext): void {
  if (!hasAccess(auth, 'signedIn')) throw new AppError('FORBIDDEN');
}

/** Doctors, offices and their links change only for users with readWrite (spec 000 section 6). */
export function requireWriter(auth: AuthContext): void {
  if (!hasAccess(auth, 'writer')) throw new AppError('FORBIDDEN');
}

export function requireAdmin(auth: AuthContext): void {
  if (!hasAccess(auth, 'admin')) throw new AppError('FORBIDDEN');
}
