import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendRouteNotFound } from './errors.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for every path that is not a file or an /api route (the app's router decides).
 * The build writes brotli and gzip copies next to each text asset; they are sent to browsers that accept them.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same path answers a brotli, a gzip or a plain body: caches must key on what was accepted.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  if (hasWebApp) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return sendRouteNotFound(request, reply);
    if (!hasWebApp) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
    }
    return sendIndex(reply);
  });
}
