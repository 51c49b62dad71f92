// `npm test`: every check and every test suite, each runner's own summary, then each step's time and one total.
// Runs all steps even when one fails, so a single run shows everything that is wrong. docs/testing.md says
// what runs where and what it costs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp');
fs.mkdirSync(reports, { recursive: true });

const started = Date.now();
const results = [];
let passed = 0;
let failed = 0;
// Repeated under the summary: CI often shows only the end of what a run printed.
const failures = [];

/** Runs a command to its end; with `quiet`, its output is kept and printed after, so that two can share a screen. */
function run(name, command, args, { env = {}, quiet = false } = {}) {
  const begun = Date.now();
  if (!quiet) console.log(`\n━━━ ${name} ━━━ ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      const result = { name, ok: status === 0, seconds: (Date.now() - begun) / 1000 };
      results.push(result);
      if (quiet) {
        console.log(`\n━━━ ${name} ━━━ ${command} ${args.join(' ')}`);
        process.stdout.write(output);
      }
      resolve(result.ok);
    });
  });
}

function firstLine(text) {
  const plain = stripVTControlCharacters(String(text ?? ''));
  return plain.split('\n').find((line) => line.trim() !== '') ?? '(no message)';
}

function* playwrightSpecs(suites) {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* playwrightSpecs(suite.suites ?? []);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// TypeScript and ESLint each keep one core busy, and ESLint took twice TypeScript's time: `npm run lint` in two
// halves, each with the TypeScript programs of its own files, beside the typecheck, keeps both cores busy to the end.
const eslint = ['eslint', '--max-warnings', '0'];
await Promise.all([
  run('typecheck', 'npm', ['run', '--silent', 'typecheck'], { quiet: true }),
  run('lint: the web app and shared code', 'npx', [...eslint, 'apps/web', 'packages'], { quiet: true }),
  run(
    'lint: the rest, and formatting',
    'sh',
    [
      '-c',
      `npx ${eslint.join(' ')} . --ignore-pattern 'apps/web/**' --ignore-pattern 'packages/**' && npx prettier --check .`,
    ],
    { quiet: true },
  ),
]);
// Every repository query compiled for both engines, against the committed apps/server/src/queries/.
await run('SQL snapshots', 'npm', ['run', '--silent', 'sql:check']);

const vitestReport = path.join(reports, 'vitest.json');
fs.rmSync(vitestReport, { force: true });
await run('unit, component and server tests (SQLite and PostgreSQL)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
const vitestProjects = new Map();
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  for (const file of vitest.testResults ?? []) {
    const where = path.relative(root, file.name);
    const project = where.split('/').slice(0, 2).join('/');
    vitestProjects.set(project, (vitestProjects.get(project) ?? 0) + (file.endTime - file.startTime) / 1000);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
  }
  console.log(
    `vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests} skipped`,
  );
} else {
  failed += 1;
  console.log('vitest: no report (the runner did not finish)');
}

let browser;
try {
  browser = ensureChromium();
} catch (error) {
  console.error(error.message);
}
const specSeconds = new Map();
const isBuilt = await run('web build', 'npm', ['run', '--silent', 'build']);
// On the build just made: each route's JavaScript, brotli, against its budget (.size-limit.js, decision 0040).
if (isBuilt && !(await run('byte budgets (size-limit)', 'npx', ['size-limit']))) {
  failures.push('byte budgets: a route is over its JavaScript budget (size-limit, above, says which and by how much)');
}
if (!isBuilt) results.push({ name: 'byte budgets (size-limit)', ok: false, seconds: 0 });
if (browser && isBuilt) {
  const playwrightReport = path.join(reports, 'playwright.json');
  fs.rmSync(playwrightReport, { force: true });
  await run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    env: { CHROME_PATH: browser, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  const playwright = readJson(playwrightReport);
  if (playwright) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = playwright.stats ?? {};
    passed += expected;
    // Never retried (retries: 0): a test that passed only on a second try would be a failure here.
    failed += unexpected + flaky;
    for (const spec of playwrightSpecs(playwright.suites ?? [])) {
      for (const t of spec.tests ?? []) {
        const seconds = (t.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
        specSeconds.set(spec.file, (specSeconds.get(spec.file) ?? 0) + seconds);
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results?.find((result) => result.error)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    console.log(`playwright: ${expected} passed, ${unexpected + flaky} failed, ${skipped} skipped`);
  } else {
    failed += 1;
    console.log('playwright: no report (the runner did not finish)');
  }
} else {
  failed += 1;
  results.push({ name: 'end-to-end tests (Chromium)', ok: false, seconds: 0 });
}

const seconds = (value) => `${value.toFixed(1)} s`;
console.log('\n━━━ summary ━━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${seconds(r.seconds)})`);
if (vitestProjects.size > 0) {
  console.log('\nVitest, time per project (files run side by side: the sum exceeds the wall time):');
  for (const [project, time] of [...vitestProjects].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${seconds(time).padStart(9)}  ${project}`);
  }
}
if (specSeconds.size > 0) {
  console.log('\nChromium, time per spec:');
  for (const [file, time] of [...specSeconds].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${seconds(time).padStart(9)}  ${file}`);
  }
}
fs.writeFileSync(
  path.join(reports, 'test-times.json'),
  JSON.stringify(
    {
      totalSeconds: (Date.now() - started) / 1000,
      steps: results,
      vitestProjects: Object.fromEntries(vitestProjects),
      playwrightSpecs: Object.fromEntries(specSeconds),
    },
    null,
    2,
  ),
);
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const f of failures) console.log(`  ✗ ${f}`);
}
const allOk = results.every((r) => r.ok) && failed === 0;
console.log(`\nnpm test took ${seconds((Date.now() - started) / 1000)}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
