/**
 * The route guard of spec 000 §2 as a pure function, so every row of its behaviour is unit-tested.
 * The router renders whatever this decides (see RouteGuard in router.tsx).
 */

export type RouteAccess = 'public' | 'online' | 'offline' | 'admin';

/** Every route of the product, with who may open it. Patterns use :param segments. */
export const ROUTE_ACCESS: ReadonlyArray<readonly [pattern: string, access: RouteAccess]> = [
  ['/login', 'public'],
  ['/auth/callback', 'public'],
  // The link of an invitation or a reset: opened signed out, and works signed in too.
  ['/set-password', 'public'],
  ['/', 'online'],
  ['/doctors', 'online'],
  ['/doctors/new', 'online'],
  ['/doctors/:id', 'online'],
  ['/doctors/:doctorId/signatures', 'offline'],
  ['/offices', 'online'],
  ['/offices/new', 'online'],
  ['/offices/:id', 'online'],
  ['/activities', 'offline'],
  ['/activities/new', 'offline'],
  ['/activities/:id', 'offline'],
  ['/calendar', 'offline'],
  // The changes waiting to sync: read from the device, needed most when offline.
  ['/sync', 'offline'],
  ['/users', 'online'],
  ['/users/:id', 'online'],
  ['/logs', 'online'],
  ['/emails', 'online'],
  ['/campaigns', 'online'],
  ['/configuration', 'admin'],
  // The Transparence Santé declaration (issue 31): the lab's compliance, not the reps'.
  ['/transparency', 'admin'],
  // The national directory's import and the CSV imports (issue 32): administrators write the whole directory.
  ['/directory-import', 'admin'],
  // The cycle plans (issue 33): counted by the server on every read.
  ['/plan', 'online'],
  ['/plan/:cycleId/:userId', 'online'],
  // The cycles and their goals (issue 33): administrators set the plans.
  ['/cycles', 'admin'],
  // The user's own settings (issue 17): sessions and password live on the server.
  ['/account', 'online'],
];

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const OFFLINE_HOME_PATH = '/activities';

export type GuardContext = {
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Effective connectivity: actually online and not simulating offline. */
  isOnline: boolean;
};

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matches(pattern: string, pathname: string): boolean {
  const expected = segments(pattern);
  const actual = segments(pathname);
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => segment.startsWith(':') || segment === actual[index])
  );
}

/** The access rule of a path; static segments win over parameters (/doctors/new before /doctors/:id). */
export function routeAccess(pathname: string): RouteAccess | null {
  const route = ROUTE_ACCESS.find(([pattern]) => matches(pattern, pathname));
  return route === undefined ? null : route[1];
}

/** One step of the guard: where the path redirects to, or null when it may be shown. */
function redirectOnce(pathname: string, context: GuardContext): string | null {
  const access = routeAccess(pathname);
  if (access === null) {
    if (!context.isAuthenticated) return LOGIN_PATH;
    return context.isOnline ? HOME_PATH : OFFLINE_HOME_PATH;
  }
  if (access === 'public') {
    return pathname === LOGIN_PATH && context.isAuthenticated ? HOME_PATH : null;
  }
  if (!context.isAuthenticated) return LOGIN_PATH;
  if (access === 'offline') return null;
  if (!context.isOnline) return OFFLINE_HOME_PATH;
  if (access === 'admin' && !context.isAdmin) return HOME_PATH;
  return null;
}

/**
 * Where the guard sends the browser, or null to show the path. Redirects are followed to the end,
 * so an authenticated user on /login while offline lands on /activities in one step, not via /.
 */
export function resolveRedirect(pathname: string, context: GuardContext): string | null {
  let target: string | null = null;
  let next = redirectOnce(pathname, context);
  // Every chain ends within two steps (e.g. /login → / → /activities); the bound only guards against a loop.
  for (let step = 0; next !== null && step < 5; step += 1) {
    target = next;
    next = redirectOnce(target, context);
  }
  return target;
}
