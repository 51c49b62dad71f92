import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

/** What the web build writes for the installable app (decision 0019), in a made-up dist folder. */
const MANIFEST = {
  name: 'Praxis CRM',
  short_name: 'Praxis',
  lang: 'fr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
const SERVICE_WORKER = `self.addEventListener('install', () => undefined);${'/* precache */'.repeat(200)}`;
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, name: `row ${i}` })))};`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(engines())('the installable app served on %s', (engine) => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-web-'));
  let t: TestApp;

  beforeAll(async () => {
    const write = (file: string, content: string | Buffer) => fs.writeFileSync(path.join(webDist, file), content);
    fs.mkdirSync(path.join(webDist, 'assets'));
    write('index.html', '<!doctype html><title>Praxis CRM</title><script type="module" src="/assets/index-abc123.js">');
    write('manifest.webmanifest', JSON.stringify(MANIFEST));
    write('sw.js', SERVICE_WORKER);
    write('assets/index-abc123.js', SCRIPT);
    // The build's brotli copy, which the server sends as it is to a browser that accepts it.
    write('assets/index-abc123.js.br', zlib.brotliCompressSync(SCRIPT));
    for (const icon of ['pwa-192x192.png', 'pwa-512x512.png', 'maskable-512x512.png', 'apple-touch-icon-180x180.png']) {
      write(icon, PNG);
    }
    t = await createTestApp(engine, { WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the manifest as application/manifest+json, with its icons as PNG', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    // Not a cached copy kept for a year: a new version's manifest reaches the installed app.
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual(MANIFEST);

    for (const icon of [...MANIFEST.icons.map((entry) => entry.src), '/apple-touch-icon-180x180.png']) {
      const answer = await t.app.inject({ method: 'GET', url: icon });
      expect(answer.statusCode, icon).toBe(200);
      expect(answer.headers['content-type'], icon).toBe('image/png');
    }
  });

  it('serves the service worker as JavaScript, always revalidated', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.body).toBe(SERVICE_WORKER);
  });

  it('serves the hashed assets immutable for a year, and the shell revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(SCRIPT);

    const shell = await t.app.inject({ method: 'GET', url: '/login' });
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body).toContain('/assets/index-abc123.js');
  });

  it('sends a static asset and an API answer compressed when Accept-Encoding asks for it', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT);

    // The OpenAPI document: an answer of the API well above the compression threshold.
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(api.rawPayload).toString())).toEqual(plain.json());
  });
});
