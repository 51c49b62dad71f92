import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

describe.each(engines())('health, errors, headers and the web app on %s', (engine) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Praxis CRM</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp(engine, { WEB_DIST_DIR: webDist, DEMO_MODE: 'true' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('GET /api/health answers ok without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers 200 with every migration applied, and 503 naming the one missing', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true, pendingMigrations: [] });

    // A process started with code newer than the database (another process has not migrated it yet).
    const last = await t.database.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const { name } = last as { name: string };
    await t.database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const notReady = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ status: 'not-ready', database: true, pendingMigrations: [name] });
      // The online check the web app polls stays cheap and up.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.database.db
        .insertInto('kysely_migration' as never)
        .values(last)
        .execute();
    }
  });

  it('GET /api/meta tells the sign-in page about demo mode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/meta' });
    expect(response.json()).toMatchObject({ demoMode: true });
  });

  it('sends the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers unknown /api routes with 404 JSON in the request language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Unknown route: GET /api/does-not-exist', code: 'ROUTE_NOT_FOUND' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing/here' });
    expect(post.statusCode).toBe(404);
    expect(post.json<{ code: string }>().code).toBe('ROUTE_NOT_FOUND');
  });

  it('answers every other path with the web app', async () => {
    for (const url of ['/', '/doctors/123', '/activities?filter=done', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Praxis CRM</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/me',
        '/api/auth/me/products',
        '/api/auth/sso-config',
        '/api/health',
      ]),
    );
    expect(document.paths['/api/auth/login']).toHaveProperty('post');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
