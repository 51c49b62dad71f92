// `npm run bench:directory-csv`: the directory's CSV (issue 32, decision 0057) on the whole French directory
// (about 240,000 doctors and 100,000 offices), against the real server in its own process, on each engine. An
// administrator exports the whole directory, a search's matches and every office, then imports a file of new
// doctors (preview, import, the same file again). For each: the wall time, the bytes or lines, and the server's
// peak RSS (read from /proc every few milliseconds) against its idle RSS. Figures go to
// bench/results/directory-csv-latest.json and, as a Markdown table, to the console for docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import { CSV_IMPORT_MAX_LINES, DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '@crm/shared';
import { newDataDir, peakRss, seedTier, startServer } from './lib/server.ts';
import { withPostgres } from './with-postgres.ts';

const DOCTORS = Number(process.env.BENCH_CSV_DOCTORS ?? 240_000);
const OFFICES = Number(process.env.BENCH_CSV_OFFICES ?? 100_000);
const IMPORT_LINES = Number(process.env.BENCH_CSV_IMPORT_LINES ?? CSV_IMPORT_MAX_LINES);

type Run = { label: string; seconds: number; size: string; peakRssMb: number };
type EngineFigures = { engine: string; seedSeconds: number; idleRssMb: number; runs: Run[] };

/** A file of new doctors, each line valid, in the export's French layout. */
function importFile(): string {
  const lines = ['RPPS;Nom;Prénom;Spécialité principale;E-mail;Téléphone'];
  const specialties = ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Psychiatry'];
  for (let i = 0; i < IMPORT_LINES; i += 1) {
    lines.push(
      `${String(99_000_000_000 + i)};Importé${i};Camille;${specialties[i % specialties.length] ?? ''};import${i}@exemple.fr;`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<EngineFigures> {
  const seedSeconds = await seedTier(env, { doctors: DOCTORS, offices: OFFICES, reps: 10, activities: 0 });
  const server = await startServer({ DEMO_MODE: 'false', ...env });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity', 'accept-language': 'fr' };

    const exportOnce = async (label: string, url: string): Promise<Run> => {
      const started = performance.now();
      const { peakMb, value } = await peakRss(server, async () => {
        const response = await fetch(`${server.url}${url}`, { headers });
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        let bytes = 0;
        let lines = 0;
        const reader = response.body?.getReader();
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          bytes += chunk.value.length;
          for (let at = chunk.value.indexOf(10); at !== -1; at = chunk.value.indexOf(10, at + 1)) lines += 1;
        }
        return `${lines - 1} lines, ${(bytes / 1e6).toFixed(1)} MB`;
      });
      return { label, seconds: (performance.now() - started) / 1000, size: value, peakRssMb: peakMb };
    };

    const file = importFile();
    const importOnce = async (label: string, url: string): Promise<Run> => {
      const started = performance.now();
      const { peakMb, value } = await peakRss(server, async () => {
        const response = await fetch(`${server.url}${url}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'text/csv' },
          body: file,
        });
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
        const report = (await response.json()) as { created: number; unchanged: number };
        return `${IMPORT_LINES} lines: ${report.created} new, ${report.unchanged} unchanged`;
      });
      return { label, seconds: (performance.now() - started) / 1000, size: value, peakRssMb: peakMb };
    };

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleRssMb = server.rssMb();
    const runs = [
      await exportOnce('doctors: the whole directory', '/api/doctors/export.csv'),
      await exportOnce('doctors: a search (martin)', '/api/doctors/export.csv?search=martin'),
      await exportOnce('offices: all', '/api/offices/export.csv'),
      await importOnce('import: preview', '/api/doctors/import/preview'),
      await importOnce('import: written', '/api/doctors/import'),
      await importOnce('import: the same file again', '/api/doctors/import'),
    ];
    return { engine, seedSeconds, idleRssMb, runs };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const all: EngineFigures[] = [];
  all.push(await benchEngine('sqlite', { DATA_DIR: newDataDir() }));
  const postgres =
    process.env.BENCH_CSV_POSTGRES === 'false'
      ? null
      : await withPostgres({ prefix: 'crm_bench_directory_csv' }, (url) =>
          benchEngine('postgres', { DATABASE_URL: url }),
        );
  if (postgres === null) console.log('SQLite only (BENCH_CSV_POSTGRES=false, or no PostgreSQL at hand)');
  else all.push(postgres);
  const results = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(
    path.join(results, 'directory-csv-latest.json'),
    `${JSON.stringify({ when: new Date().toISOString(), doctors: DOCTORS, offices: OFFICES, all }, null, 2)}\n`,
  );
  console.log(`${DOCTORS} doctors, ${OFFICES} offices; imports of ${IMPORT_LINES} lines`);
  console.log('| engine | run | size | s | peak RSS MB (idle) |');
  console.log('|---|---|---|---:|---:|');
  for (const figures of all) {
    for (const run of figures.runs) {
      console.log(
        `| ${figures.engine} | ${run.label} | ${run.size} | ${run.seconds.toFixed(2)} | ${run.peakRssMb.toFixed(0)} (${figures.idleRssMb.toFixed(0)}) |`,
      );
    }
  }
}

await main();
