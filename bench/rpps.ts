// `npm run bench:rpps`: the national directory's import (issue 32) at the size of the real extract, on each engine.
// A generated activity file in the published layout (1.9 million lines by default, BENCH_RPPS_LINES), and the
// same file with 1 % of its doctors changed, are imported by the command line (`import:rpps`) into the database
// of a running server, as an administrator would while reps work: the full import, the same file again (it must
// write nothing), then the changed file. For each: wall time, the importer's peak RSS (VmHWM), the server's peak
// RSS meanwhile, the counts, and the server's search latency while the import runs. Figures go to
// bench/results/rpps-latest.json and, as a Markdown table, to the console for docs/benchmarks.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '@crm/shared';
import { type GeneratedFile, writeRppsFile } from '../apps/server/src/modules/directory-import/rpps-generator.ts';
import type { ImportCounts } from '../apps/server/src/modules/directory-import/directory-importer.ts';
import { newDataDir, type RunningServer, startServer } from './lib/server.ts';
import { withPostgres } from './with-postgres.ts';

const LINES = Number(process.env.BENCH_RPPS_LINES ?? 1_900_000);
const ENGINES = (process.env.BENCH_RPPS_ENGINES ?? 'sqlite,postgres').split(',');
const root = path.resolve(import.meta.dirname, '..');
const workDir = path.join(os.tmpdir(), `crm-rpps-bench-${LINES}`);

type Run = {
  step: string;
  seconds: number;
  importerPeakMb: number;
  serverPeakMb: number;
  counts: ImportCounts;
  searchP95Ms: number | null;
};

/** Reads a process's peak resident set (VmHWM) while it runs; 0 once it is gone. */
function peakRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function generate(): Promise<{ base: string; changed: string; info: GeneratedFile; changedInfo: GeneratedFile }> {
  fs.mkdirSync(workDir, { recursive: true });
  const base = path.join(workDir, 'PS_LibreAcces_Personne_activite_202611010000.txt');
  const changed = path.join(workDir, 'PS_LibreAcces_Personne_activite_202611020000.txt');
  const infoFile = path.join(workDir, 'info.json');
  if (fs.existsSync(infoFile)) {
    const saved = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { info: GeneratedFile; changedInfo: GeneratedFile };
    return { base, changed, ...saved };
  }
  const started = performance.now();
  const info = await writeRppsFile(base, { lines: LINES, seed: 1, malformedEvery: 100_000 });
  const changedInfo = await writeRppsFile(changed, {
    lines: LINES,
    seed: 1,
    malformedEvery: 100_000,
    changeShare: 0.01,
  });
  fs.writeFileSync(infoFile, JSON.stringify({ info, changedInfo }));
  console.log(
    `generated 2 files of ${LINES.toLocaleString('en')} lines in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return { base, changed, info, changedInfo };
}

/** Searches the running server every 200 ms while `until` is pending; answers the p95 in ms. */
async function searchWhile(server: RunningServer, until: Promise<unknown>): Promise<number | null> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!login.ok) return null;
  const { token } = (await login.json()) as { token: string };
  const state = { done: false };
  void until.finally(() => {
    state.done = true;
  });
  const times: number[] = [];
  const words = ['mar', 'du', 'b', 'lefe', 'martin', 'cla'];
  while (!state.done) {
    const started = performance.now();
    await fetch(`${server.url}/api/doctors/search?search=${words[times.length % words.length]}&limit=50`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((response) => response.arrayBuffer());
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  times.sort((a, b) => a - b);
  return times.length === 0 ? null : (times[Math.floor(times.length * 0.95)] ?? null);
}

async function importWith(
  env: Record<string, string>,
  file: string,
  server: RunningServer,
  step: string,
): Promise<Run> {
  const started = performance.now();
  const child = spawn(
    'node',
    [
      '--max-old-space-size=144',
      '--import',
      'tsx',
      'apps/server/scripts/import-rpps.ts',
      file,
      '--json',
      '--rejected-shown',
      '0',
    ],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  let importerPeakMb = 0;
  let serverPeakMb = 0;
  const sampler = setInterval(() => {
    importerPeakMb = Math.max(importerPeakMb, peakRssMb(child.pid ?? 0));
    serverPeakMb = Math.max(serverPeakMb, server.rssMb());
  }, 250);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const searchP95Ms = await searchWhile(server, exited);
  const code = await exited;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`import exited with ${code}`);
  const counts = JSON.parse(stdout.trim().split('\n')[0] ?? '{}') as ImportCounts;
  const run = {
    step,
    seconds: (performance.now() - started) / 1000,
    importerPeakMb,
    serverPeakMb,
    counts,
    searchP95Ms,
  };
  console.log(JSON.stringify(run));
  return run;
}

async function benchEngine(engine: string, env: Record<string, string>, files: Awaited<ReturnType<typeof generate>>) {
  const server = await startServer({ ...env, DEMO_MODE: 'true' });
  try {
    return [
      await importWith(env, files.base, server, 'full import'),
      await importWith(env, files.base, server, 'same file again'),
      await importWith(env, files.changed, server, '1 % changed'),
    ].map((run) => ({ engine, ...run }));
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const files = await generate();
  const runs: (Run & { engine: string })[] = [];
  if (ENGINES.includes('sqlite')) runs.push(...(await benchEngine('sqlite', { DATA_DIR: newDataDir() }, files)));
  if (ENGINES.includes('postgres')) {
    const pgRuns = await withPostgres({ prefix: 'crm_rpps', durableCommits: true }, (url) =>
      benchEngine('postgres', { DATABASE_URL: url, DATA_DIR: newDataDir() }, files),
    );
    if (pgRuns) runs.push(...pgRuns);
  }
  const result = {
    at: new Date().toISOString(),
    lines: LINES,
    doctorLines: files.info.doctorLines,
    changedDoctors: files.changedInfo.changedDoctors,
    loadAverage: os.loadavg(),
    runs,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/rpps-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `\n${LINES.toLocaleString('en')} lines, ${files.info.doctorLines.toLocaleString('en')} doctor lines; ${files.changedInfo.changedDoctors} doctors changed in the second file; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(
    '| engine | step | time (s) | importer peak RSS (MB) | server peak RSS (MB) | created | updated | unchanged | rejected | inactive | search p95 during (ms) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const run of runs) {
    const c = run.counts;
    console.log(
      `| ${run.engine} | ${run.step} | ${run.seconds.toFixed(0)} | ${run.importerPeakMb.toFixed(0)} | ${run.serverPeakMb.toFixed(0)} | ${c.created} | ${c.updated} | ${c.unchanged} | ${c.rejected} | ${c.inactivated} | ${run.searchP95Ms?.toFixed(1) ?? '—'} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
