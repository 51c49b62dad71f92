import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** As the end-to-end suite: loopback only, nothing in the background competing with the page. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Stops the benchmark when a checkout's apps/web/dist is missing: the browser benchmarks measure the built app. */
export function requireWebBuild(benchmark: string, checkout = ROOT): void {
  if (!fs.existsSync(path.join(checkout, 'apps/web/dist/index.html'))) {
    const where = checkout === ROOT ? '' : ` in ${checkout}`;
    console.error(
      `${benchmark} measures the built web app, and apps/web/dist is missing${where}: run \`npm run build\` first.`,
    );
    process.exit(1);
  }
}

/** Debian's Chromium (or CHROME_PATH), found or installed as the end-to-end suite does. */
export function chromiumPath(): string {
  const printed = execFileSync('node', [path.join(ROOT, 'scripts/ensure-chromium.mjs')], { encoding: 'utf8' });
  const executable = printed.trim().split('\n').at(-1);
  if (!executable) throw new Error('scripts/ensure-chromium.mjs named no browser');
  return executable;
}

/** The commit a checkout holds, and whether its working tree had changes on top of it. */
export function gitCommit(checkout = ROOT): string {
  const quiet: ['ignore', 'pipe', 'ignore'] = ['ignore', 'pipe', 'ignore'];
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: checkout,
      encoding: 'utf8',
      stdio: quiet,
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: checkout, encoding: 'utf8', stdio: quiet }).trim() !== '';
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}
