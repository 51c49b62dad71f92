import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { typedJsonSerializer } from '#server/http/serialize.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { declaredRoutes, schemaForStatus, takeResponseMismatches } from './response-check.ts';

const Doctor = z.object({ id: z.string(), offices: z.array(z.object({ id: z.string() })) });

describe('the response check', () => {
  it('names the route and the path of a key outside the schema, and of a value the schema refuses', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const response = { 200: Doctor };
    app.get('/api/stray', { schema: { response }, serializerCompiler: typedJsonSerializer }, () => ({
      id: 'd1',
      offices: [{ id: 'o1' }, { id: 'o2', password_hash: 'x' }],
      created_at: 'now',
    }));
    // A number where the schema wants a string: the compiler would refuse it, a row's column might not.
    const wrong = { id: 1, offices: [] } as unknown as z.infer<typeof Doctor>;
    app.get('/api/wrong', { schema: { response }, serializerCompiler: typedJsonSerializer }, () => wrong);
    app.get('/api/exact', { schema: { response }, serializerCompiler: typedJsonSerializer }, () => ({
      id: 'd1',
      offices: [{ id: 'o1' }],
    }));
    app.get('/api/encoded', { schema: { response } }, () => ({ id: 'd1', offices: [], created_at: 'now' }));
    await app.ready();

    const stray = await app.inject({ method: 'GET', url: '/api/stray' });
    expect(stray.json()).toHaveProperty('created_at');
    await app.inject({ method: 'GET', url: '/api/wrong' });
    await app.inject({ method: 'GET', url: '/api/exact' });
    // The zod serializer strips what its schema doesn't declare: that answer is clean on the wire.
    expect((await app.inject({ method: 'GET', url: '/api/encoded' })).json()).toEqual({ id: 'd1', offices: [] });
    await app.close();

    expect(takeResponseMismatches()).toEqual([
      {
        route: 'GET /api/stray',
        status: 200,
        problems: ['offices[1].password_hash: not in the schema', 'created_at: not in the schema'],
      },
      { route: 'GET /api/wrong', status: 200, problems: [expect.stringMatching(/^id: /) as string] },
    ]);
  });

  it('picks the schema of the status, then of its class, then the default', () => {
    const response = { 200: 'ok', '4xx': 'client', default: 'other' };
    expect([200, 404, 500].map((status) => schemaForStatus(response, status))).toEqual(['ok', 'client', 'other']);
    expect(schemaForStatus(undefined, 200)).toBeUndefined();
  });
});

describe('the routes of the app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('each declare the schema of their answer, so that the check covers every one', () => {
    const apiRoutes = declaredRoutes(t.app).filter(
      (route) => route.url.startsWith('/api/') && !route.hidden && route.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThan(40);
    const undeclared = apiRoutes
      // 202: a directory import started in the background; 302: the single-sign-on routes answer with a redirect only.
      .filter(
        (route) => ![200, 201, 202, 204, 302].some((status) => schemaForStatus(route.response, status) !== undefined),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });
});
