import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BRAND_COLOR, theme } from './src/app/theme.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli and a gzip copy next to every text file of the build, compressed once at the highest
 * levels, for the server to send as they are (@fastify/static's preCompressed).
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  return {
    name: 'crm-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => compressible.test(file));
      const publicFiles = await fs.readdir(path.resolve(import.meta.dirname, 'public')).catch(() => []);
      files.push(...publicFiles.filter((file) => compressible.test(file) && !files.includes(file)));
      await Promise.all(
        files.map(async (file) => {
          const filePath = path.join(outDir, file);
          const content = await fs.readFile(filePath);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${filePath}.br`, br), fs.writeFile(`${filePath}.gz`, gz)]);
        }),
      );
    },
  };
}

/** antd's component and styling packages (@rc-component/*, @ant-design/*). */
const RC_COMPONENTS = /node_modules[\\/](@rc-component|@ant-design)[\\/]/;

/**
 * The web app manifest and the service worker at /sw.js (decision 0019). The worker precaches the whole
 * build, so every page opens offline, answers navigations with the app's shell, and caches nothing at run
 * time: /api answers live in IndexedDB, never in Cache Storage. A new version waits until the rep chooses
 * to reload (src/app/pwa/), which registers the worker itself.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Praxis CRM',
    short_name: 'Praxis',
    description: 'Le CRM des délégués médicaux : activités, calendrier et médecins, même hors ligne.',
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOR,
    background_color: theme.token?.colorBgLayout ?? '#ffffff',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The install icons are read once, online, when the app is installed: they need no place in the precache.
  includeManifestIcons: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff,woff2}', 'favicon.svg'],
    // The brotli and gzip copies are the same files for the server to send: the worker stores each once.
    globIgnores: ['**/*.br', '**/*.gz'],
    // The first visit's page comes under the worker at once, so it opens offline without another reload; a
    // later version still waits for the rep (no skipWaiting).
    clientsClaim: true,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    inlineWorkboxRuntime: true,
  },
});

// The server listens on 3000 in development; the production build is served by it from dist/.
const apiProxy = { '/api': 'http://localhost:3000' };

export default defineConfig({
  plugins: [react(), precompress(), pwa],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: each page's chunks, which the byte budgets (.size-limit.js) add up.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // antd's building blocks don't declare "sideEffects": false, though none runs anything on import: told
        // so, the bundler keeps what is used instead of every module their index files import (antd's form
        // context, which every input reads, no longer brings the whole of Form to every page). Any other
        // module keeps what its package.json says.
        moduleSideEffects: (id) => (RC_COMPONENTS.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // Libraries that change rarely get their own long-cached chunks; the rest is split per page.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
