// `npm run screens`: builds the web app, then writes every screen in French and English, on a desktop and on
// a 390 px phone, into .tmp/screens/ for people to look at (e2e/screens/). Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const folder = path.join(root, '.tmp/screens');
const browser = ensureChromium();
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);
fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(folder, { recursive: true });
const status = run('npx', ['playwright', 'test', '--config', 'e2e/screens.config.ts', ...process.argv.slice(2)], {
  CHROME_PATH: browser,
});
const pictures = fs.readdirSync(folder).filter((name) => name.endsWith('.png'));
console.log(`\n${pictures.length} pictures in ${path.relative(process.cwd(), folder) || '.'}/`);
process.exit(status);
