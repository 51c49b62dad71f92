import { describe, expect, it } from 'vitest';
import { resolveRedirect, routeAccess, type GuardContext } from '@/app/route-guard';

const signedOut = { isAuthenticated: false, isAdmin: false };
const user = { isAuthenticated: true, isAdmin: false };
const admin = { isAuthenticated: true, isAdmin: true };
const online = { isOnline: true };
const offline = { isOnline: false };

/** One concrete path per route of spec 000 §2. */
const ONLINE_ONLY = [
  '/',
  '/doctors',
  '/doctors/new',
  '/doctors/0f8c2f3e-1',
  '/offices',
  '/offices/new',
  '/offices/42',
  '/users',
  '/users/7',
  '/logs',
  '/emails',
  '/campaigns',
];
const OFFLINE_ALLOWED = [
  '/activities',
  '/activities/new',
  '/activities/17',
  '/calendar',
  '/doctors/42/signatures',
  '/sync',
];
/** Administrators only (spec 001 §2, issue 31). */
const ADMIN_ONLY = ['/configuration', '/transparency'];
const PROTECTED = [...ONLINE_ONLY, ...OFFLINE_ALLOWED, ...ADMIN_ONLY];
const UNKNOWN = ['/nope', '/doctors/42/offices', '/activities/17/edit', '/auth', '/login/extra'];

type Row = [path: string, context: GuardContext, expected: string | null];

function rows(paths: string[], context: GuardContext, expected: string | null): Row[] {
  return paths.map((path) => [path, context, expected]);
}

describe('route guard', () => {
  describe('login and the single-sign-on return are public', () => {
    it.each<Row>([
      ['/login', { ...signedOut, ...online }, null],
      ['/login', { ...signedOut, ...offline }, null],
      ['/auth/callback', { ...signedOut, ...online }, null],
      ['/auth/callback', { ...signedOut, ...offline }, null],
      ['/auth/callback', { ...user, ...online }, null],
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('/login when already authenticated goes to /', () => {
    it.each<Row>([
      ['/login', { ...user, ...online }, '/'],
      ['/login', { ...admin, ...online }, '/'],
      // / is online-only, so offline the chain ends on /activities.
      ['/login', { ...user, ...offline }, '/activities'],
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('every other route requires authentication', () => {
    it.each<Row>([
      ...rows(PROTECTED, { ...signedOut, ...online }, '/login'),
      ...rows(PROTECTED, { ...signedOut, ...offline }, '/login'),
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('online, an authenticated user opens every route (configuration: admins)', () => {
    it.each<Row>([
      ...rows([...ONLINE_ONLY, ...OFFLINE_ALLOWED], { ...user, ...online }, null),
      ...rows(PROTECTED, { ...admin, ...online }, null),
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('offline, online-only routes redirect to /activities', () => {
    it.each<Row>([
      ...rows([...ONLINE_ONLY, ...ADMIN_ONLY], { ...user, ...offline }, '/activities'),
      ...rows([...ONLINE_ONLY, ...ADMIN_ONLY], { ...admin, ...offline }, '/activities'),
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('offline, activities, the activity form, calendar and the consent screen stay reachable', () => {
    it.each<Row>([
      ...rows(OFFLINE_ALLOWED, { ...user, ...offline }, null),
      ...rows(OFFLINE_ALLOWED, { ...admin, ...offline }, null),
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('a non-admin opening /configuration or /transparency goes to /', () => {
    it.each<Row>([
      ...rows(ADMIN_ONLY, { ...user, ...online }, '/'),
      ...rows(ADMIN_ONLY, { ...admin, ...online }, null),
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('an unknown path goes to / (online), /activities (offline) or /login (signed out)', () => {
    it.each<Row>([
      ...rows(UNKNOWN, { ...user, ...online }, '/'),
      ...rows(UNKNOWN, { ...admin, ...online }, '/'),
      ...rows(UNKNOWN, { ...user, ...offline }, '/activities'),
      ...rows(UNKNOWN, { ...signedOut, ...online }, '/login'),
      ...rows(UNKNOWN, { ...signedOut, ...offline }, '/login'),
    ])('%s %o → %s', (path, context, expected) => {
      expect(resolveRedirect(path, context)).toBe(expected);
    });
  });

  describe('route matching', () => {
    it.each([
      ['/doctors/new', 'online'],
      ['/doctors/42/signatures', 'offline'],
      ['/doctors/', 'online'],
      ['/activities/new', 'offline'],
      ['/configuration', 'admin'],
      ['/login', 'public'],
      ['/unknown', null],
    ])('%s is %s', (path, expected) => {
      expect(routeAccess(path)).toBe(expected);
    });
  });
});
