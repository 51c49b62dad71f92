// Finds the browser the end-to-end suite drives: CHROME_PATH, else Debian's chromium,
// installing it when missing and the machine allows it (root with apt-get).
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((file) => fs.existsSync(file));

export function ensureChromium() {
  let browser = found();
  if (browser) return browser;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core', {
      stdio: 'inherit',
    });
    browser = found();
  }
  if (!browser) {
    throw new Error(
      'No Chromium for the end-to-end tests. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return browser;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
