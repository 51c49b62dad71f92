import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@crm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoAccounts } from '#server/demo/demo-accounts.ts';
import { signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { auditLogSnapshot, configurationSnapshot } from '#server/test/table-counts.ts';

/*
 * Every route the audit log and the configuration add or change, called by each demo role and without a
 * token: the expected status, and for every refused write, proof that no row and no audit entry changed.
 */

type Role = 'admin' | 'manager' | 'rep' | 'reader' | 'none';
const ROLES: readonly Role[] = ['admin', 'manager', 'rep', 'reader', 'none'];
const EMAIL: Record<Exclude<Role, 'none'>, string> = {
  admin: 'demo@demo-crm.fr',
  manager: 'manager@demo-crm.fr',
  rep: 'rep@demo-crm.fr',
  reader: 'reader@demo-crm.fr',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Request = { method: Method; url: string; payload?: Record<string, unknown> };
type Case = {
  route: string;
  /** Builds the request, creating what it needs first (a fresh entry for each caller of a DELETE). */
  request: (t: TestApp) => Promise<Request>;
  /** The status each role gets; a write refused to a role must leave everything as it was. */
  status: Record<Role, number>;
};

const everyone = (status: number): Record<Role, number> => ({
  admin: status,
  manager: status,
  rep: status,
  reader: status,
  none: 401,
});
const adminOnly = (status: number): Record<Role, number> => ({
  admin: status,
  manager: 403,
  rep: 403,
  reader: 403,
  none: 401,
});

let sequence = 0;
const unique = (prefix: string) => `${prefix} (permissions ${(sequence += 1)})`;

/** A channel of its own for one call, so that no call depends on what another renamed or deleted. */
async function insertChannel(t: TestApp): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('channels')
    .values({
      id,
      name: unique('Canal'),
      description: null,
      color: '#1890ff',
      active: 1,
      is_time_off: 0,
      needs_budget_approval: 0,
      position: 99,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const CASES: Case[] = [
  {
    route: 'GET /api/configuration/products',
    request: () => Promise.resolve({ method: 'GET', url: '/api/configuration/products' }),
    status: adminOnly(200),
  },
  {
    route: 'GET /api/configuration/channels',
    request: () => Promise.resolve({ method: 'GET', url: '/api/configuration/channels' }),
    status: adminOnly(200),
  },
  {
    route: 'GET /api/configuration/targets',
    request: () => Promise.resolve({ method: 'GET', url: '/api/configuration/targets' }),
    status: everyone(200),
  },
  {
    route: 'GET /api/configuration/targets?active=true',
    request: () => Promise.resolve({ method: 'GET', url: '/api/configuration/targets?active=true' }),
    status: everyone(200),
  },
  {
    route: 'GET /api/configuration/channels/active',
    request: () => Promise.resolve({ method: 'GET', url: '/api/configuration/channels/active' }),
    status: everyone(200),
  },
  {
    route: 'POST /api/configuration/products',
    request: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/configuration/products',
        payload: { name: unique('Produit'), description: null, active: true },
      }),
    status: adminOnly(201),
  },
  {
    route: 'PUT /api/configuration/products/{id}',
    request: async (t) => {
      const product = await t.factory.product();
      return {
        method: 'PUT',
        url: `/api/configuration/products/${product.id}`,
        payload: { name: unique('Renommé'), description: 'changé', active: false },
      };
    },
    status: adminOnly(200),
  },
  {
    route: 'DELETE /api/configuration/products/{id}',
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/configuration/products/${(await t.factory.product()).id}`,
    }),
    status: adminOnly(204),
  },
  {
    route: 'POST /api/configuration/channels',
    request: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/configuration/channels',
        payload: { name: unique('Canal'), color: '#13c2c2' },
      }),
    status: adminOnly(201),
  },
  {
    route: 'PUT /api/configuration/channels/{id}',
    request: async (t) => ({
      method: 'PUT',
      url: `/api/configuration/channels/${await insertChannel(t)}`,
      payload: { name: unique('Vidéo'), color: '#f5222d', active: true },
    }),
    status: adminOnly(200),
  },
  {
    route: 'DELETE /api/configuration/channels/{id}',
    request: async (t) => ({ method: 'DELETE', url: `/api/configuration/channels/${await insertChannel(t)}` }),
    status: adminOnly(204),
  },
  {
    route: 'POST /api/configuration/targets',
    request: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/configuration/targets',
        payload: { name: unique('Cible'), priority: 40 },
      }),
    status: adminOnly(201),
  },
  {
    route: 'PUT /api/configuration/targets/{id}',
    request: async (t) => ({
      method: 'PUT',
      url: `/api/configuration/targets/${(await t.factory.target(unique('Cible à changer'))).id}`,
      payload: { name: unique('Cible changée'), priority: 70, color: '#52c41a' },
    }),
    status: adminOnly(200),
  },
  {
    route: 'DELETE /api/configuration/targets/{id}',
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/configuration/targets/${(await t.factory.target(unique('Cible jetable'))).id}`,
    }),
    status: adminOnly(204),
  },
  {
    route: 'GET /api/logs',
    request: () => Promise.resolve({ method: 'GET', url: '/api/logs?page=1&limit=10' }),
    status: everyone(200),
  },
  {
    route: 'GET /api/logs/filters',
    request: () => Promise.resolve({ method: 'GET', url: '/api/logs/filters' }),
    status: everyone(200),
  },
  {
    route: 'DELETE /api/logs',
    request: () => Promise.resolve({ method: 'DELETE', url: '/api/logs' }),
    status: adminOnly(200),
  },
];

describe.each(engines())('administration routes × roles on %s', (engine) => {
  let t: TestApp;
  const authorization = new Map<Role, string>();

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createDemoAccounts(t.database.db);
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual(Object.values(EMAIL));
    for (const [role, email] of Object.entries(EMAIL) as [Exclude<Role, 'none'>, string][]) {
      authorization.set(role, (await signIn(t.app, email, DEMO_PASSWORD)).authorization);
    }
  });
  afterAll(() => t.close());

  const send = async (role: Role, { method, url, payload }: Request) => {
    const token = authorization.get(role);
    const options: InjectOptions = {
      method,
      url,
      headers: { 'accept-language': 'en', ...(token && { authorization: token }) },
      ...(payload && { payload }),
    };
    return t.app.inject(options);
  };

  const snapshot = async () => ({
    configuration: await configurationSnapshot(t.database.db),
    log: await auditLogSnapshot(t.database.db),
  });

  for (const { route, request, status } of CASES) {
    for (const role of ROLES) {
      const expected = status[role];
      it(`${route} as ${role}: ${expected}`, async () => {
        const built = await request(t);
        const isRefusedWrite = built.method !== 'GET' && expected >= 400;
        const before = isRefusedWrite ? await snapshot() : null;
        const response = await send(role, built);
        expect(response.statusCode, response.body).toBe(expected);
        if (before) expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('names routes the server has', () => {
    for (const { route } of CASES) {
      const [method = '', path = ''] = route.split('?')[0]?.split(' ') ?? [];
      expect(t.app.hasRoute({ method, url: path.replace('{id}', ':id') }), route).toBe(true);
    }
  });
});
