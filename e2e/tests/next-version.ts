import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A deploy under a running server: the web app as built (v1) is copied to a folder the server serves
 * (WEB_DIST_DIR), and a next version is built elsewhere with every JavaScript and CSS file under another
 * name, the worst case for a page of v1 (none of its chunks exists in v2). `deploy` replaces the served
 * files with v2's, as a deploy that keeps no old asset would.
 */
export type Deployment = { servedDir: string; deploy: () => void; remove: () => void };

const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'apps/web');

export function prepareDeployment(): Deployment {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-deploy-'));
  const servedDir = path.join(base, 'served');
  const nextDir = path.join(base, 'next');
  fs.cpSync(path.join(webDir, 'dist'), servedDir, { recursive: true });

  // The build's own configuration, with other file names: a config file inside the repository (its .tmp
  // folder), so that it finds vite and the app's configuration where they are.
  const configDir = path.join(root, '.tmp');
  fs.mkdirSync(configDir, { recursive: true });
  const config = path.join(configDir, `next-version-${process.pid}.vite.config.mjs`);
  const names = 'assets/[name]-next-[hash]';
  fs.writeFileSync(
    config,
    [
      "import { mergeConfig } from 'vite';",
      `import base from ${JSON.stringify(path.join(webDir, 'vite.config.ts'))};`,
      'export default mergeConfig(base, {',
      `  build: { outDir: ${JSON.stringify(nextDir)}, emptyOutDir: true, rolldownOptions: { output: {`,
      `    entryFileNames: '${names}.js', chunkFileNames: '${names}.js', assetFileNames: '${names}[extname]',`,
      '  } } },',
      '});',
      '',
    ].join('\n'),
  );
  try {
    execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--config', config, '--logLevel', 'warn'], {
      cwd: webDir,
      stdio: 'inherit',
    });
  } finally {
    fs.rmSync(config, { force: true });
  }

  return {
    servedDir,
    deploy: () => {
      fs.rmSync(servedDir, { recursive: true, force: true });
      fs.renameSync(nextDir, servedDir);
    },
    remove: () => {
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
