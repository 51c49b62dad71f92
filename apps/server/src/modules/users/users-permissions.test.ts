import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoAccounts } from '#server/demo/demo-accounts.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { listRoutes, type RouteKey } from '#server/test/route-list.ts';
import { tableCounts } from '#server/test/table-counts.ts';

type Role = 'admin' | 'manager' | 'rep' | 'reader' | 'anonymous';
const ROLES: Role[] = ['admin', 'manager', 'rep', 'reader', 'anonymous'];
const EMAIL_OF: Record<Exclude<Role, 'anonymous'>, string> = {
  admin: 'demo@demo-crm.fr',
  manager: 'manager@demo-crm.fr',
  rep: 'rep@demo-crm.fr',
  reader: 'reader@demo-crm.fr',
};

/** What a refused write must leave as it was (rows and audit entries). */
const WATCHED = ['users', 'audit_logs', 'user_products', 'password_tokens', 'mail_outbox', 'sessions'] as const;

/** A fresh user each call, so each allowed write has its own target. */
type Target = { id: string; email: string };
type Row = {
  route: RouteKey;
  /** The request, for a target user made for it. */
  request: (target: Target, n: number) => { url: string; body?: object };
  /** Expected status per role; writes refused for a role must change nothing. */
  expect: Record<Role, number>;
  isWrite: boolean;
};

const adminOnly = (ok: number): Record<Role, number> => ({
  admin: ok,
  manager: 403,
  rep: 403,
  reader: 403,
  anonymous: 401,
});
const signedIn = (ok: number): Record<Role, number> => ({
  admin: ok,
  manager: ok,
  rep: ok,
  reader: ok,
  anonymous: 401,
});
const everyone = (status: number): Record<Role, number> => ({
  admin: status,
  manager: status,
  rep: status,
  reader: status,
  anonymous: status,
});

const MATRIX: Row[] = [
  {
    route: 'GET /api/users',
    request: () => ({ url: '/api/users?search=demo' }),
    expect: adminOnly(200),
    isWrite: false,
  },
  {
    route: 'GET /api/users/org-chart',
    request: () => ({ url: '/api/users/org-chart' }),
    expect: adminOnly(200),
    isWrite: false,
  },
  {
    route: 'GET /api/users/emails',
    request: () => ({ url: '/api/users/emails?search=demo' }),
    expect: signedIn(200),
    isWrite: false,
  },
  {
    route: 'GET /api/users/products/all',
    request: () => ({ url: '/api/users/products/all' }),
    expect: signedIn(200),
    isWrite: false,
  },
  {
    route: 'GET /api/users/:id',
    request: (t) => ({ url: `/api/users/${t.id}` }),
    expect: adminOnly(200),
    isWrite: false,
  },
  {
    route: 'GET /api/users/:id/manager-candidates',
    request: (t) => ({ url: `/api/users/${t.id}/manager-candidates` }),
    expect: adminOnly(200),
    isWrite: false,
  },
  {
    route: 'GET /api/users/:id/managee-candidates',
    request: (t) => ({ url: `/api/users/${t.id}/managee-candidates` }),
    expect: adminOnly(200),
    isWrite: false,
  },
  {
    route: 'POST /api/users',
    request: (_t, n) => ({
      url: '/api/users',
      body: { email: `invited${n}@matrix.fr`, isAdmin: true, readWrite: true },
    }),
    expect: adminOnly(201),
    isWrite: true,
  },
  {
    route: 'POST /api/users/bulk',
    request: (_t, n) => ({ url: '/api/users/bulk', body: { emails: `bulk${n}a@matrix.fr, bulk${n}b@matrix.fr` } }),
    expect: adminOnly(200),
    isWrite: true,
  },
  {
    route: 'PUT /api/users/:id',
    request: (t) => ({ url: `/api/users/${t.id}`, body: { email: t.email, firstName: 'Changed', lastName: 'Name' } }),
    expect: adminOnly(200),
    isWrite: true,
  },
  {
    route: 'PATCH /api/users/:id/permissions',
    request: (t) => ({ url: `/api/users/${t.id}/permissions`, body: { isAdmin: true, readWrite: true } }),
    expect: adminOnly(200),
    isWrite: true,
  },
  {
    route: 'PATCH /api/users/:id/managees',
    request: (t) => ({ url: `/api/users/${t.id}/managees`, body: { manageeIds: [] } }),
    expect: adminOnly(200),
    isWrite: true,
  },
  {
    route: 'POST /api/users/:id/products',
    request: (t) => ({ url: `/api/users/${t.id}/products`, body: { productIds: [] } }),
    expect: adminOnly(200),
    isWrite: true,
  },
  {
    route: 'POST /api/users/:id/invitation',
    request: (t) => ({ url: `/api/users/${t.id}/invitation` }),
    expect: adminOnly(200),
    isWrite: true,
  },
  {
    route: 'DELETE /api/users/:id',
    request: (t) => ({ url: `/api/users/${t.id}` }),
    expect: adminOnly(204),
    isWrite: true,
  },
  {
    route: 'POST /api/auth/forgot-password',
    request: (t) => ({ url: '/api/auth/forgot-password', body: { email: t.email } }),
    expect: everyone(200),
    isWrite: false,
  },
  {
    route: 'POST /api/auth/password-link',
    request: () => ({ url: '/api/auth/password-link', body: { token: 'not-a-real-link' } }),
    expect: everyone(400),
    isWrite: false,
  },
  {
    route: 'POST /api/auth/set-password',
    request: () => ({
      url: '/api/auth/set-password',
      body: { token: 'not-a-real-link', password: 'long-enough-passphrase' },
    }),
    expect: everyone(400),
    isWrite: true,
  },
];

const OWN_ROUTES = (route: RouteKey) =>
  / \/api\/users/.test(route) || /\/api\/auth\/(forgot-password|password-link|set-password)$/.test(route);

describe.each(engines())('who may call the users routes, on %s', (engine) => {
  let t: TestApp;
  const callers = {} as Record<Role, Call>;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createDemoAccounts(t.database.db);
    for (const role of ROLES) {
      callers[role] =
        role === 'anonymous'
          ? async (method, url, payload) => {
              const response = await t.app.inject({
                method,
                url,
                headers: { 'accept-language': 'en' },
                ...(payload !== undefined && { payload }),
              });
              return {
                status: response.statusCode,
                body: response.body === '' ? null : response.json<unknown>(),
                headers: response.headers,
              };
            }
          : await callerFor(t, { email: EMAIL_OF[role], password: DEMO_PASSWORD });
    }
    expect(DEMO_ACCOUNTS.map((account) => account.email).sort()).toEqual(Object.values(EMAIL_OF).sort());
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a row for every route the users part adds', () => {
    const routes = listRoutes(t.app).filter(OWN_ROUTES).sort();
    expect(routes).toEqual(MATRIX.map((row) => row.route).sort());
  });

  for (const row of MATRIX) {
    it(`${row.route}: ${ROLES.map((role) => `${role} ${row.expect[role]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        counter += 1;
        const target = await t.factory.user({ email: `target${counter}@matrix.fr` });
        const { url, body } = row.request(target, counter);
        const [method] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
        const before = await tableCounts(t.database.db, WATCHED);
        const targetBefore = await t.database.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', target.id)
          .executeTakeFirst();
        const answer = await callers[role](method, url, body);
        expect(answer.status, `${role} ${row.route}`).toBe(row.expect[role]);
        const refused = answer.status >= 400;
        if (row.isWrite && refused) {
          // Nothing written: no row, no audit entry, the target untouched.
          expect(await tableCounts(t.database.db, WATCHED), `${role} ${row.route}`).toEqual(before);
          expect(
            await t.database.db.selectFrom('users').selectAll().where('id', '=', target.id).executeTakeFirst(),
          ).toEqual(targetBefore);
        }
        if (refused) {
          const error = answer.body as { code?: unknown; message?: unknown };
          expect(typeof error.code === 'string' && typeof error.message === 'string', `${role} ${row.route}`).toBe(
            true,
          );
        }
      }
    });
  }
});
