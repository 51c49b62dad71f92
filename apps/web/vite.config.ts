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
 * The files the service worker precaches (decision 0039): what a rep needs offline, read from the bundle's
 * module graph rather than from a list of file names, so it stays right when code moves. From the entry, every
 * chunk it imports, statically or lazily, except the router's lazy pages that work online only: the pages the
 * router opens lazily, less those offline-pages.ts names (the offline routes), the signed-in layout and the
 * sign-in page. The chunks reached only through those online-only pages (the mail editor, the administration)
 * are cached at first use instead. A chunk reached both ways is precached.
 */
function offlineClosure(roots: { router: string; offlinePages: string; alsoOffline: string[] }) {
  const precached = new Set<string>();
  const plugin: Plugin = {
    name: 'crm-offline-closure',
    apply: 'build',
    generateBundle(_options, bundle) {
      const moduleInfo = (file: string) => {
        const info = this.getModuleInfo(path.resolve(import.meta.dirname, file));
        if (info === null) this.error(`offline closure: ${file} is not in the build; update vite.config.ts`);
        return info;
      };
      const offline = new Set([
        ...moduleInfo(roots.offlinePages).dynamicallyImportedIds,
        ...roots.alsoOffline.map((file) => moduleInfo(file).id),
      ]);
      const onlineOnly = new Set(moduleInfo(roots.router).dynamicallyImportedIds.filter((id) => !offline.has(id)));
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output] as const] : [],
        ),
      );
      const included = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (chunk === undefined || included.has(fileName)) return;
        included.add(fileName);
        chunk.imports.forEach(visit);
        for (const lazy of chunk.dynamicImports) {
          const facade = chunks.get(lazy)?.facadeModuleId;
          if (facade === null || facade === undefined || !onlineOnly.has(facade)) visit(lazy);
        }
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      for (const id of offline) {
        const held = [...included].some((fileName) => chunks.get(fileName)?.moduleIds.includes(id));
        if (!held)
          this.error(`offline closure: ${path.relative(import.meta.dirname, id)} is not reachable from the entry`);
      }
      precached.clear();
      for (const fileName of included) {
        const chunk = chunks.get(fileName);
        precached.add(fileName);
        chunk?.viteMetadata?.importedCss.forEach((file) => precached.add(file));
        chunk?.viteMetadata?.importedAssets.forEach((file) => precached.add(file));
      }
    },
  };
  /** Keeps, of the hashed build files, those of the closure; the shell (index.html, the icon) stays whole. */
  const manifestTransform = <Entry extends { url: string }>(entries: Entry[]) => ({
    manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || precached.has(entry.url)),
    warnings: [] as string[],
  });
  return { plugin, manifestTransform };
}

const offlineFiles = offlineClosure({
  router: 'src/app/router.tsx',
  offlinePages: 'src/app/offline-pages.ts',
  alsoOffline: ['src/app/layout/AppLayout.tsx', 'src/modules/auth/pages/LoginPage.tsx'],
});

/**
 * The web app manifest and the service worker at /sw.js (decisions 0019 and 0039). The worker precaches the
 * app's shell and the offline routes' code, so those pages open offline; answers navigations with the shell;
 * and caches the other hashed build files (the online-only pages' chunks) when first fetched. /api answers
 * live in IndexedDB, never in Cache Storage. A new version waits until the rep chooses to reload (src/app/pwa/),
 * which registers the worker itself.
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
    manifestTransforms: [offlineFiles.manifestTransform],
    // Online-only chunks, once fetched: their names carry their content's hash, so a stored copy never goes
    // stale, and a page opened once keeps working, offline or after a deploy, until the cache drops it. Same
    // origin /assets/ only: /api never matches.
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'crm-assets',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 200, purgeOnQuotaError: true },
        },
      },
    ],
    // The first visit's page comes under the worker at once, so it opens offline without another reload; a
    // later version still waits for the rep (no skipWaiting).
    clientsClaim: true,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    inlineWorkboxRuntime: true,
  },
});

/** A chunk group's test: the modules at these paths (their ends, with forward slashes). */
function modulesAt(paths: readonly string[]) {
  return (id: string) => {
    const file = id.replaceAll('\\', '/');
    return paths.some((end) => file.endsWith(end));
  };
}

/** What the sign-in page shares with the signed-in layout: the language switch, the logo, the session's queries. */
const SIGN_IN_AND_LAYOUT = [
  'src/app/arrival-notice.ts',
  'src/ui/LanguageSwitch.tsx',
  'src/ui/BrandLogo.tsx',
  'src/lib/leave-page.ts',
  'src/lib/prefetch.ts',
  'src/modules/auth/api.ts',
  'src/modules/auth/query-keys.ts',
];

/**
 * The signed-in layout's small helpers that import nothing heavier than React or zod: the route loaders' data
 * modules import some of them, and must not wait for antd's code to start their requests.
 */
const LAYOUT_HELPERS = [
  'src/modules/dashboard/query-keys.ts',
  'src/offline/engine/sync-error.ts',
  'src/ui/phone-layout.ts',
  'src/app/pwa/update-hold.ts',
  'packages/shared/src/common/paging.ts',
  'packages/shared/src/mailbox/mailbox.rules.ts',
];

/**
 * The signed-in layout's small drawing parts, which every signed-in page loads with it: the menu's icons, antd's
 * breakpoint hook, the theme, the date formats. Not antd's button, modal or panel indexes: antd's message host
 * imports them, and a chunk the group imports would then import the group back.
 */
const LAYOUT_PARTS = [
  'src/lib/format.ts',
  'src/app/theme.ts',
  'antd/es/grid/style/index.js',
  'antd/es/grid/hooks/useBreakpoint.js',
  'antd/es/_util/hooks/useForceUpdate.js',
  'antd/es/_util/responsiveObserver.js',
  ...[
    'Aim',
    'Calendar',
    'CloudUpload',
    'Disconnect',
    'FileProtect',
    'Left',
    'Mail',
    'Notification',
    'Team',
    'User',
  ].flatMap((icon) => [
    `@ant-design/icons/es/icons/${icon}Outlined.js`,
    `@ant-design/icons-svg/es/asn/${icon}Outlined.js`,
  ]),
];

// The server listens on 3000 in development; the production build is served by it from dist/.
const apiProxy = { '/api': 'http://localhost:3000' };

export default defineConfig({
  plugins: [react(), precompress(), offlineFiles.plugin, pwa],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports (those with module workers and Web Locks) preloads modules natively: the
    // polyfill only cost the entry bytes.
    modulePreload: { polyfill: false },
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
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // What main.tsx starts with besides those: the API client, i18next, the network monitor and the
            // service worker's start, with what they import. Left to the bundler they were separate chunks, since
            // lazy pages share them; most were under a kilobyte, which is sent uncompressed. Every page loads them
            // first anyway.
            {
              name: 'boot',
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/]api-client|offline[\\/]engine[\\/]network-monitor|app[\\/]pwa[\\/]start-service-worker)\.ts$|react-i18next[\\/]dist[\\/]es[\\/]i18nInstance/,
            },
            // Small modules, each a chunk of its own under a kilobyte (sent uncompressed) as the pages importing
            // them differ, put together where every page that loads one loads the others (decision 0063). Their
            // own imports stay where they are: with them, react-i18next's hook moved into the sign-in page's group
            // and the entry loaded it.
            { name: 'shell', includeDependenciesRecursively: false, test: modulesAt(SIGN_IN_AND_LAYOUT) },
            { name: 'layout-helpers', includeDependenciesRecursively: false, test: modulesAt(LAYOUT_HELPERS) },
            { name: 'layout-parts', includeDependenciesRecursively: false, test: modulesAt(LAYOUT_PARTS) },
            // The Paris calendar stays with the activities' rules, which every signed-in page loads: the plans'
            // counts (a lazily loaded chunk) need it too, and the bundler would otherwise give it a chunk of its
            // own, which every page would then fetch besides.
            {
              name: 'activities.rules',
              test: /packages[\\/]shared[\\/]src[\\/](common[\\/]time-zone|activities[\\/]activities\.rules)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
