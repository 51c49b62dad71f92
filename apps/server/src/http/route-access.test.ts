import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRouteAccess, type RouteAccess } from '#server/core/access.ts';
import type { Db } from '#server/db/database.ts';
import { registerAuthentication } from '#server/http/authenticate.ts';
import { signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { declaredRoutes } from '#server/test/response-check.ts';
import { tableCounts } from '#server/test/table-counts.ts';

/*
 * Issue 28, item 3: every /api route says who may call it, and a caller without that right gets 403 before the
 * request is parsed or validated. Each route below is refused with an input that the route's own validation
 * refuses (an administrator gets 400 for it): a representative, or a reader for the writers' routes, gets 403
 * and nothing changes.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Ids = { user: string; product: string; channel: string; target: string; doctor: string; office: string };
/** An input its route's validation refuses; null for a route that takes none (nothing there to validate). */
type InvalidRequest = { url: string; payload?: object; rawBody?: string } | null;

const NOT_AN_ID = 'not-an-id';

/** Administrators only (spec 001 §6: users, configuration, clearing the log). */
const ADMIN_ROUTES: Record<string, (ids: Ids) => InvalidRequest> = {
  'GET /api/users': () => ({ url: '/api/users?limit=0' }),
  'GET /api/users/org-chart': () => null,
  'POST /api/users': () => ({ url: '/api/users', payload: { email: 'not an address', isAdmin: true } }),
  'POST /api/users/bulk': () => ({ url: '/api/users/bulk', payload: {} }),
  'GET /api/users/:id': () => ({ url: `/api/users/${NOT_AN_ID}` }),
  'GET /api/users/:id/manager-candidates': (ids) => ({ url: `/api/users/${ids.user}/manager-candidates?limit=0` }),
  'GET /api/users/:id/managee-candidates': (ids) => ({ url: `/api/users/${ids.user}/managee-candidates?limit=0` }),
  'PUT /api/users/:id': (ids) => ({ url: `/api/users/${ids.user}`, payload: { managerId: NOT_AN_ID } }),
  'PATCH /api/users/:id/permissions': (ids) => ({
    url: `/api/users/${ids.user}/permissions`,
    payload: { isAdmin: 'yes', readWrite: true },
  }),
  'PATCH /api/users/:id/managees': (ids) => ({ url: `/api/users/${ids.user}/managees`, payload: { manageeIds: [1] } }),
  'POST /api/users/:id/products': (ids) => ({ url: `/api/users/${ids.user}/products`, payload: { productIds: 'all' } }),
  'POST /api/users/:id/invitation': () => ({ url: `/api/users/${NOT_AN_ID}/invitation` }),
  'DELETE /api/users/:id': () => ({ url: `/api/users/${NOT_AN_ID}` }),
  'GET /api/configuration/products': () => null,
  'GET /api/configuration/channels': () => null,
  'POST /api/configuration/products': () => ({ url: '/api/configuration/products', payload: { name: '' } }),
  'PUT /api/configuration/products/:id': (ids) => ({
    url: `/api/configuration/products/${ids.product}`,
    payload: { name: 'Renamed', active: 'no' },
  }),
  'DELETE /api/configuration/products/:id': () => ({ url: `/api/configuration/products/${NOT_AN_ID}` }),
  'POST /api/configuration/channels': () => ({
    url: '/api/configuration/channels',
    payload: { name: 'Fax', color: 'blue' },
  }),
  'PUT /api/configuration/channels/:id': (ids) => ({
    url: `/api/configuration/channels/${ids.channel}`,
    payload: { name: '' },
  }),
  'DELETE /api/configuration/channels/:id': () => ({ url: `/api/configuration/channels/${NOT_AN_ID}` }),
  'POST /api/configuration/targets': () => ({
    url: '/api/configuration/targets',
    payload: { name: 'Cible', priority: 500 },
  }),
  'PUT /api/configuration/targets/:id': (ids) => ({
    url: `/api/configuration/targets/${ids.target}`,
    payload: { name: 'Cible', unknown: true },
  }),
  'DELETE /api/configuration/targets/:id': () => ({ url: `/api/configuration/targets/${NOT_AN_ID}` }),
  // The national directory's import (issue 32): an upload without its file name, ids that are not ids.
  'POST /api/directory/import-files': () => ({ url: '/api/directory/import-files', payload: {} }),
  'POST /api/directory/imports': () => ({
    url: '/api/directory/imports',
    payload: { personneActiviteFileId: NOT_AN_ID },
  }),
  'GET /api/directory/imports': () => null,
  'GET /api/directory/imports/:id': () => ({ url: `/api/directory/imports/${NOT_AN_ID}` }),
  'GET /api/directory/imports/:id/rejected.csv': () => ({ url: `/api/directory/imports/${NOT_AN_ID}/rejected.csv` }),
  // No schema: a body that is not JSON is what its parsing refuses.
  'DELETE /api/logs': () => ({ url: '/api/logs', rawBody: '{"confirm":' }),
  'GET /api/transparency/declarations.csv': () => ({ url: '/api/transparency/declarations.csv?semester=2026-S3' }),
  'GET /api/transparency/semesters/:semester': () => ({ url: '/api/transparency/semesters/2026-S3' }),
  // The CSV imports read a file: a JSON body that does not parse is what they refuse.
  'POST /api/doctors/import/preview': () => ({ url: '/api/doctors/import/preview', rawBody: '{"file":' }),
  'POST /api/doctors/import': () => ({ url: '/api/doctors/import', rawBody: '{"file":' }),
  'POST /api/offices/import/preview': () => ({ url: '/api/offices/import/preview', rawBody: '{"file":' }),
  'POST /api/offices/import': () => ({ url: '/api/offices/import', rawBody: '{"file":' }),
  'POST /api/cycles': () => ({ url: '/api/cycles', payload: { name: 'T1', startDate: '2026-01-01' } }),
  'PUT /api/cycles/:id': () => ({ url: `/api/cycles/${NOT_AN_ID}`, payload: { name: 'T1' } }),
  'POST /api/cycles/:id/plans/segment': () => ({ url: `/api/cycles/${NOT_AN_ID}/plans/segment`, payload: {} }),
  'POST /api/cycles/:id/plans/import': () => ({ url: `/api/cycles/${NOT_AN_ID}/plans/import`, payload: {} }),
};

/** Users with readWrite only (spec 000 §6: doctors, offices and their links). */
const WRITER_ROUTES: Record<string, (ids: Ids) => InvalidRequest> = {
  'POST /api/doctors': () => ({ url: '/api/doctors', payload: { firstName: 'Jeanne' } }),
  'PUT /api/doctors/:id': (ids) => ({ url: `/api/doctors/${ids.doctor}`, payload: {} }),
  'DELETE /api/doctors/:id': () => ({ url: `/api/doctors/${NOT_AN_ID}` }),
  'POST /api/doctors/:id/offices': (ids) => ({
    url: `/api/doctors/${ids.doctor}/offices`,
    payload: { officeId: NOT_AN_ID },
  }),
  'PUT /api/doctors/:id/offices/:officeId/primary': (ids) => ({
    url: `/api/doctors/${ids.doctor}/offices/${NOT_AN_ID}/primary`,
  }),
  'POST /api/offices': () => ({ url: '/api/offices', payload: { name: 'Cabinet', postal_code: 'abc' } }),
  'PUT /api/offices/:id': (ids) => ({ url: `/api/offices/${ids.office}`, payload: {} }),
  'DELETE /api/offices/:id': () => ({ url: `/api/offices/${NOT_AN_ID}` }),
  'DELETE /api/offices/:id/doctors/:doctorId': (ids) => ({ url: `/api/offices/${ids.office}/doctors/${NOT_AN_ID}` }),
  'POST /api/doctors/:id/benefits': (ids) => ({
    url: `/api/doctors/${ids.doctor}/benefits`,
    payload: { id: NOT_AN_ID, nature: 'wine', amountCents: 1.5, date: '2026-02-30' },
  }),
  'POST /api/doctors/:id/conventions': (ids) => ({ url: `/api/doctors/${ids.doctor}/conventions`, payload: {} }),
  'PUT /api/conventions/:id': () => ({ url: `/api/conventions/${NOT_AN_ID}`, payload: { status: 'signed' } }),
  'PUT /api/benefits/:id': () => ({ url: `/api/benefits/${NOT_AN_ID}`, payload: { amountCents: -1 } }),
  // Exporting the directory's lists (decision 0057).
  'GET /api/doctors/export.csv': () => ({ url: `/api/doctors/export.csv?search=${'x'.repeat(101)}` }),
  'GET /api/offices/export.csv': () => ({ url: '/api/offices/export.csv?specialty=Oncology' }),
};

/** Without a session: signing in, single sign-on, password links, liveness and the sign-in page's facts. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/meta',
  'POST /api/auth/login',
  'GET /api/auth/sso-config',
  'GET /api/auth/sso/login',
  'GET /api/auth/sso/callback',
  'POST /api/auth/sso/exchange',
  'POST /api/auth/forgot-password',
  'POST /api/auth/password-link',
  'POST /api/auth/set-password',
];

/** Everything a refused call could have written. */
const WATCHED_TABLES = [
  'users',
  'user_products',
  'password_tokens',
  'mail_outbox',
  'audit_logs',
  'idempotency_keys',
  'products',
  'channels',
  'targets',
  'doctors',
  'offices',
  'doctor_offices',
  'doctor_user_data',
  'transparency_benefits',
  'transparency_conventions',
  'transparency_exports',
  'transparency_exported_lines',
  'cycles',
  'cycle_channels',
  'cycle_plans',
  'cycle_plan_goals',
] as const;

async function databaseSnapshot(db: Db) {
  const rows = (table: 'users' | 'products' | 'channels' | 'targets' | 'doctors' | 'offices') =>
    db.selectFrom(table).selectAll().orderBy('id').execute();
  return {
    counts: await tableCounts(db, WATCHED_TABLES),
    users: await rows('users'),
    products: await rows('products'),
    channels: await rows('channels'),
    targets: await rows('targets'),
    doctors: await rows('doctors'),
    offices: await rows('offices'),
  };
}

describe('an /api route without an access declaration', () => {
  const appWith = async (config: object | undefined) => {
    const app = Fastify();
    // As app.ts registers the API; no request is sent: the route is refused at start.
    await app.register(
      async (api) => {
        registerAuthentication(api, { authenticate: () => Promise.resolve(null) });
        await api.register((routes) => {
          routes.get('/things', { ...(config && { config }) }, () => ({}));
          return Promise.resolve();
        });
      },
      { prefix: '/api' },
    );
    return app;
  };

  it('stops the app from starting, naming the route', async () => {
    const app = await appWith(undefined);
    await expect(app.ready()).rejects.toThrow(/must declare who may call it.*: GET \/api\/things, HEAD \/api\/things$/);
  });

  it('stops it too when the level is not one of the four', async () => {
    const app = await appWith({ access: 'admins' });
    await expect(app.ready()).rejects.toThrow(/must declare who may call it.*: GET \/api\/things, HEAD \/api\/things$/);
  });

  it('starts when the route says who may call it', async () => {
    const app = await appWith({ access: 'admin' });
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/things' })).toBe(true);
    await app.close();
  });
});

describe.each(engines())('who may call each route, checked before validation, on %s', (engine) => {
  let t: TestApp;
  let ids: Ids;
  const authorization = {} as Record<'admin' | 'rep' | 'reader', string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const admin = await t.factory.user({ isAdmin: true, readWrite: true });
    const rep = await t.factory.user({ readWrite: true });
    const reader = await t.factory.user({ readWrite: false });
    for (const [role, user] of Object.entries({ admin, rep, reader }) as [keyof typeof authorization, typeof rep][]) {
      authorization[role] = (await signIn(t.app, user.email, user.password)).authorization;
    }
    const office = await t.factory.office();
    const doctor = await t.factory.doctor();
    await t.factory.officeLink(doctor.id, office.id);
    ids = {
      user: (await t.factory.user()).id,
      product: (await t.factory.product()).id,
      channel: (await t.factory.channelByName('Call')).id,
      target: (await t.factory.target('Cible A')).id,
      doctor: doctor.id,
      office: office.id,
    };
  });
  afterAll(() => t.close());

  // The OpenAPI document and its viewer (/api/docs) are served beside the API, not through it.
  const apiRoutes = () =>
    declaredRoutes(t.app).filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
  const routesWith = (access: RouteAccess) =>
    apiRoutes()
      .filter((route) => route.access === access)
      .map((route) => `${route.method} ${route.url}`)
      .sort();

  it('has every /api route declare one of the four levels', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !isRouteAccess(route.access))).toEqual([]);
  });

  it('gives administrators, writers and anyone exactly the routes the spec gives them', () => {
    expect(routesWith('admin')).toEqual(Object.keys(ADMIN_ROUTES).sort());
    expect(routesWith('writer')).toEqual(Object.keys(WRITER_ROUTES).sort());
    expect(routesWith('public')).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('shows each route’s access in the OpenAPI document, and no bearer on the public ones', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, { 'x-access'?: unknown; security?: unknown }>>;
    }>();
    for (const route of apiRoutes()) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation?.['x-access'], `${route.method} ${route.url}`).toBe(route.access);
      if (route.access === 'public') expect(operation?.security, route.url).toEqual([]);
      else expect(operation?.security, route.url).toBeUndefined();
    }
  });

  const send = (role: keyof typeof authorization, method: Method, request: NonNullable<InvalidRequest>) => {
    const options: InjectOptions = {
      method,
      url: request.url,
      headers: {
        authorization: authorization[role],
        'accept-language': 'en',
        ...(request.rawBody !== undefined && { 'content-type': 'application/json' }),
      },
      ...(request.payload !== undefined && { payload: request.payload }),
      ...(request.rawBody !== undefined && { payload: request.rawBody }),
    };
    return t.app.inject(options);
  };

  const cases = [
    ...Object.entries(ADMIN_ROUTES).map(([route, invalid]) => ({
      route,
      invalid,
      refused: ['rep', 'reader'] as const,
    })),
    ...Object.entries(WRITER_ROUTES).map(([route, invalid]) => ({ route, invalid, refused: ['reader'] as const })),
  ];

  for (const { route, invalid, refused } of cases) {
    it(`${route}: ${refused.join(' and ')} get 403 where an administrator's input fails validation`, async () => {
      const [method, path] = route.split(' ') as [Method, string];
      const invalidRequest = invalid(ids);
      if (invalidRequest === null) {
        // Nothing to make invalid: the route validates no params, query or body.
        const declared = apiRoutes().find((item) => item.method === method && item.url === path);
        expect(declared?.input).toEqual([]);
      }
      const request = invalidRequest ?? { url: path };
      const before = await databaseSnapshot(t.database.db);
      for (const role of refused) {
        const answer = await send(role, method, request);
        expect(answer.statusCode, `${role}: ${answer.body}`).toBe(403);
        expect(answer.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) as unknown });
      }
      if (invalidRequest !== null) {
        const allowed = await send('admin', method, request);
        expect(allowed.statusCode, allowed.body).toBe(400);
        expect(allowed.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
      }
      expect(await databaseSnapshot(t.database.db)).toEqual(before);
    });
  }

  it('refuses a body over the size limit with 403, not 413, before reading it', async () => {
    const before = await databaseSnapshot(t.database.db);
    const huge = { url: '/api/users', payload: { email: `${'a'.repeat(2 * 1024 * 1024)}@labo.fr` } };
    expect((await send('rep', 'POST', huge)).statusCode).toBe(403);
    expect((await send('admin', 'POST', huge)).statusCode).toBe(413);
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
  });
});
