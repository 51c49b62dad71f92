import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw HTTP request, so nothing between the test and the server decodes or asks for an encoding. */
function get(port: number, url: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
  });
}

const decode = (answer: Answer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
};

describe.each(engines())('compressed transfers on %s', (engine) => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-web-'));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, name: `row ${i}` })))};`;
  const html = `<!doctype html><title>Praxis CRM</title>${'<!-- shell -->'.repeat(200)}`;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    const writeWithCopies = (file: string, content: string) => {
      fs.writeFileSync(file, content);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
    };
    writeWithCopies(path.join(webDist, 'index.html'), html);
    writeWithCopies(path.join(webDist, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
    t = await createTestApp(engine, { WEB_DIST_DIR: webDist });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends a hashed asset as its brotli copy, its gzip copy, or as it is', async () => {
    const br = await get(port, '/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    // The stored copy itself: compressed once, at build, never again on the way out.
    expect(br.body.equals(fs.readFileSync(path.join(webDist, 'assets', 'app-abc123.js.br')))).toBe(true);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(decode(br)).toBe(script);

    const gzip = await get(port, '/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(script);

    const plain = await get(port, '/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends the shell compressed and never cached, on any app path', async () => {
    for (const url of ['/', '/doctors']) {
      const br = await get(port, url, 'br');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(decode(br)).toBe(html);
      const plain = await get(port, url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(html);
    }
  });

  it('leaves images as they are', async () => {
    const png = await get(port, '/assets/logo-abc123.png', 'br, gzip');
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });

  it('compresses JSON answers above the threshold, and only those', async () => {
    const plain = await get(port, '/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.body.toString();
    expect(document.length).toBeGreaterThan(10_000);

    for (const [accepted, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
    ] as const) {
      const answer = await get(port, '/api/docs/json', accepted);
      expect(answer.headers['content-encoding']).toBe(expected);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(answer))).toEqual(JSON.parse(document));
    }

    const small = await get(port, '/api/health', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' });
  });
});
