// `npm run bench:transparency`: one semester's Transparence Santé export at the nominal tier (issue 31: about
// 200,000 benefits, plus conventions), against the real server in its own process, on each engine. The ledger is
// written straight into the database (the rules are not what is measured), then an administrator exports the
// semester three times: the first export records every line, the second finds them unchanged, the third sends
// only pending lines. For each: the wall time to the last byte, the bytes, and the server's peak RSS (read from
// /proc every few milliseconds) against its idle RSS. Figures go to bench/results/transparency-latest.json and,
// as a Markdown table, to the console for docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { BENEFIT_NATURES, DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '@crm/shared';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { newId } from '../apps/server/src/db/ids.ts';
import { beneficiaryColumns } from '../apps/server/src/modules/transparency/transparency.mapper.ts';
import type { TransparencyBenefitsTable, TransparencyConventionsTable } from '../apps/server/src/db/schema.ts';
import { newDataDir, peakRss, startServer } from './lib/server.ts';
import { withPostgres } from './with-postgres.ts';

const BENEFITS = Number(process.env.BENCH_TRANSPARENCY_BENEFITS ?? 200_000);
const CONVENTIONS = Number(process.env.BENCH_TRANSPARENCY_CONVENTIONS ?? 5_000);
/** Rows per INSERT: under SQLite's limit of 32,766 bound values at 25 columns a row. */
const BATCH = 1_000;
const SEMESTER = '2026-S1';

type Run = { label: string; seconds: number; bytes: number; lines: number; peakRssMb: number };
type EngineFigures = { engine: string; seedSeconds: number; idleRssMb: number; runs: Run[] };

const pick = <T>(values: readonly T[], i: number): T => values[i % values.length] as T;
const dayOfS1 = (i: number) => {
  const date = new Date(Date.UTC(2026, 0, 1 + (i % 181)));
  return date.toISOString().slice(0, 10);
};

/** The ledger of one semester, written in batches through the server's own database layer. */
async function seedLedger(env: { sqliteFile?: string; databaseUrl?: string }): Promise<number> {
  const started = performance.now();
  const handle = openDatabase(env);
  try {
    const { db } = handle;
    const users = (await db.selectFrom('users').select('id').execute()).map((row) => row.id);
    const doctors = await db
      .selectFrom('doctors')
      .select(['id', 'rpps', 'first_name', 'last_name', 'primary_office_name', 'primary_office_address'])
      .select(['primary_office_postal_code', 'primary_office_city'])
      .limit(5_000)
      .execute();
    if (users.length === 0 || doctors.length === 0) throw new Error('the demo data is missing');
    const now = new Date().toISOString();
    const beneficiary = (i: number) => beneficiaryColumns(pick(doctors, i * 7));
    const conventionIds: string[] = [];
    for (let start = 0; start < CONVENTIONS; start += BATCH) {
      const rows: TransparencyConventionsTable[] = [];
      for (let i = start; i < Math.min(CONVENTIONS, start + BATCH); i += 1) {
        const id = newId();
        conventionIds.push(id);
        rows.push({
          id,
          ...beneficiary(i),
          object: 'hospitality',
          other_object: null,
          signature_date: dayOfS1(i),
          start_date: dayOfS1(i + 10),
          end_date: null,
          event_name: `Congrès ${i}`,
          event_date: dayOfS1(i + 10),
          event_place: 'Lyon',
          event_organiser: 'Société savante',
          items: '[{"kind":"hotel_night","unitAmountCents":14000,"quantity":2}]',
          total_amount_cents: 28_000,
          regime: 'declaration',
          thresholds_exceeded: '[]',
          filing_deadline: dayOfS1(i),
          status: 'filed',
          activity_id: null,
          declared_on: dayOfS1(i),
          created_by: pick(users, i),
          created_at: now,
          updated_at: now,
          updated_by: null,
        });
      }
      await db.insertInto('transparency_conventions').values(rows).execute();
    }
    for (let start = 0; start < BENEFITS; start += BATCH) {
      const rows: TransparencyBenefitsTable[] = [];
      for (let i = start; i < Math.min(BENEFITS, start + BATCH); i += 1) {
        const underConvention = i % 4 === 0;
        rows.push({
          id: newId(),
          ...beneficiary(i),
          nature: underConvention ? 'hotel_night' : pick(BENEFIT_NATURES, i),
          amount_cents: 800 + ((i * 7919) % 30_000),
          benefit_date: dayOfS1(i),
          convention_id: underConvention ? pick(conventionIds, i) : null,
          activity_id: null,
          note: null,
          recorded_by: pick(users, i),
          created_at: now,
          updated_at: now,
        });
      }
      await db.transaction().execute((trx) => trx.insertInto('transparency_benefits').values(rows).execute());
    }
    // The ledger leaves the write-ahead log for the checkpoint, not for the first export's writes.
    if (env.sqliteFile !== undefined) await sql`pragma wal_checkpoint(truncate)`.execute(db);
  } finally {
    await handle.close();
  }
  return (performance.now() - started) / 1000;
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<EngineFigures> {
  // The server migrates and writes the demo data; the ledger is then written beside it, through a connection
  // of its own (SQLite's WAL lets the idle server and the writer share the file).
  const server = await startServer({ DEMO_MODE: 'true', ...env });
  try {
    const dataDir = env.DATA_DIR;
    const seedSeconds = await seedLedger(
      dataDir === undefined
        ? { databaseUrl: env.DATABASE_URL ?? '' }
        : { sqliteFile: path.join(dataDir, 'crm.sqlite') },
    );
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const exportOnce = async (label: string, query: string): Promise<Run> => {
      const started = performance.now();
      const { peakMb, value } = await peakRss(server, async () => {
        const response = await fetch(`${server.url}/api/transparency/declarations.csv?${query}`, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
        });
        if (response.status !== 200) throw new Error(`export answered ${response.status}`);
        let bytes = 0;
        let lines = 0;
        const reader = response.body?.getReader();
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          bytes += chunk.value.length;
          for (let at = chunk.value.indexOf(10); at !== -1; at = chunk.value.indexOf(10, at + 1)) lines += 1;
        }
        return { bytes, lines: lines - 1 };
      });
      return { label, seconds: (performance.now() - started) / 1000, peakRssMb: peakMb, ...value };
    };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleRssMb = server.rssMb();
    const runs = [
      await exportOnce('first export (every line recorded)', `semester=${SEMESTER}`),
      await exportOnce('second export (unchanged)', `semester=${SEMESTER}`),
      await exportOnce('pending lines only (none)', `semester=${SEMESTER}&pending=true`),
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
    process.env.BENCH_TRANSPARENCY_POSTGRES === 'false'
      ? null
      : await withPostgres({ prefix: 'crm_bench_transparency' }, (url) =>
          benchEngine('postgres', { DATABASE_URL: url }),
        );
  if (postgres === null) console.log('SQLite only (BENCH_TRANSPARENCY_POSTGRES=false, or no PostgreSQL at hand)');
  else all.push(postgres);
  const results = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(
    path.join(results, 'transparency-latest.json'),
    `${JSON.stringify({ when: new Date().toISOString(), benefits: BENEFITS, conventions: CONVENTIONS, all }, null, 2)}\n`,
  );
  console.log(`${BENEFITS} benefits and ${CONVENTIONS} conventions in ${SEMESTER}`);
  console.log('| engine | export | lines | MB | s | peak RSS MB (idle) |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const figures of all) {
    for (const run of figures.runs) {
      console.log(
        `| ${figures.engine} | ${run.label} | ${run.lines} | ${(run.bytes / 1e6).toFixed(1)} | ${run.seconds.toFixed(2)} | ${run.peakRssMb.toFixed(0)} (${figures.idleRssMb.toFixed(0)}) |`,
      );
    }
  }
}

await main();
