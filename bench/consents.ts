// `npm run bench:consents`: saving a consent with a signature of the largest size the spec allows
// (5 × 1024 × 1024 characters of data URL), against the real server in its own process, on each engine:
// the server's time per request (its Server-Timing header), and how much the server's memory (RSS, read
// from /proc every few milliseconds) grows while such saves are in flight, against twice the body. Then the
// consent screen's own JavaScript, from the build (apps/web/dist). Figures go to bench/results/consents-latest.json
// and, as a Markdown table, to the console for docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { SIGNATURE_MAX_LENGTH } from '@crm/shared';
import { startPostgresCluster } from '../apps/server/src/test/postgres-cluster.ts';
import { pngDataUrlOfLength } from '../apps/server/src/test/signature-images.ts';
import { newDataDir, type RunningServer, startServer } from './lib/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const SEQUENTIAL = Number(process.env.BENCH_CONSENT_SAVES ?? 20);
const CONCURRENT = Number(process.env.BENCH_CONSENT_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_CONSENT_ROUNDS ?? 3);
const MiB = 1024 * 1024;

type Timings = { p50: number; p95: number; max: number };
type EngineFigures = {
  engine: string;
  bodyBytes: number;
  /** one save in flight at a time */
  sequential: { serverMs: Timings; roundTripMs: Timings; rssGrowthMb: number };
  /** CONCURRENT saves in flight at once, ROUNDS times */
  concurrent: { inFlight: number; serverMs: Timings; rssGrowthMb: number };
  /** GET …/signatures answering the 5 MiB image as a data URL */
  current: { serverMs: Timings };
  /** RSS when idle before the saves, after a warm-up */
  baselineRssMb: number;
};

function timings(values: number[]): Timings {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/** The server's own time for the request, from `Server-Timing: app;dur=…`. */
function serverMs(response: Response): number {
  const match = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  return Number(match?.[1] ?? Number.NaN);
}

/** Samples the server's RSS every few milliseconds while `work` runs; answers the highest seen. */
async function peakRss<T>(server: RunningServer, work: () => Promise<T>): Promise<{ peakMb: number; value: T }> {
  let peakMb = server.rssMb();
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, server.rssMb());
  }, 2);
  try {
    const value = await work();
    peakMb = Math.max(peakMb, server.rssMb());
    return { peakMb, value };
  } finally {
    clearInterval(timer);
  }
}

async function idleRss(server: RunningServer): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const samples: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    samples.push(server.rssMb());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return timings(samples).p50;
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<EngineFigures> {
  const server = await startServer({ DEMO_MODE: 'true', ...env });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rep@demo-crm.fr', password: 'Demo1234!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const doctors = (
      (await (await fetch(`${server.url}/api/doctors?search=ma&limit=100`, { headers })).json()) as {
        doctors: { id: string }[];
      }
    ).doctors.map((doctor) => doctor.id);
    if (doctors.length === 0) throw new Error('no demo doctor to sign for');

    const image = pngDataUrlOfLength(SIGNATURE_MAX_LENGTH);
    let next = 0;
    const save = async () => {
      const doctorId = doctors[next % doctors.length] ?? '';
      next += 1;
      const body = JSON.stringify({
        signatureImage: image,
        professionalConsent: true,
        congressConsent: false,
        generalConsent: true,
        signatureDate: new Date().toISOString(),
        email: null,
        phone: null,
        language: 'fr',
        id: crypto.randomUUID(),
      });
      const started = performance.now();
      const response = await fetch(`${server.url}/api/doctors/${doctorId}/signatures`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`save answered ${response.status}`);
      return { server: serverMs(response), roundTrip: performance.now() - started, doctorId, bytes: body.length };
    };

    // Warm-up: the route's code paths, the statements, the allocator's large pages.
    for (let i = 0; i < 3; i += 1) await save();
    const baselineRssMb = await idleRss(server);

    const sequentialRuns = await peakRss(server, async () => {
      const runs = [];
      for (let i = 0; i < SEQUENTIAL; i += 1) runs.push(await save());
      return runs;
    });
    const afterSequential = await idleRss(server);
    const concurrentRuns = await peakRss(server, async () => {
      const runs = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        runs.push(...(await Promise.all(Array.from({ length: CONCURRENT }, () => save()))));
      }
      return runs;
    });

    const currentTimes: number[] = [];
    for (const doctorId of doctors.slice(0, 10)) {
      const response = await fetch(`${server.url}/api/doctors/${doctorId}/signatures`, { headers });
      await response.arrayBuffer();
      currentTimes.push(serverMs(response));
    }
    return {
      engine,
      bodyBytes: sequentialRuns.value[0]?.bytes ?? 0,
      baselineRssMb,
      sequential: {
        serverMs: timings(sequentialRuns.value.map((run) => run.server)),
        roundTripMs: timings(sequentialRuns.value.map((run) => run.roundTrip)),
        rssGrowthMb: sequentialRuns.peakMb - baselineRssMb,
      },
      concurrent: {
        inFlight: CONCURRENT,
        serverMs: timings(concurrentRuns.value.map((run) => run.server)),
        rssGrowthMb: concurrentRuns.peakMb - afterSequential,
      },
      current: { serverMs: timings(currentTimes) },
    };
  } finally {
    await server.stop();
  }
}

type Chunk = { file: string; bytes: number; gzip: number };

/** The consent screen's own chunk, and where signature_pad's code is in the build (it must be only there). */
function consentChunks(): { screen: Chunk[]; padIn: string[] } | null {
  const assets = path.join(root, 'apps/web/dist/assets');
  if (!fs.existsSync(assets)) return null;
  const scripts = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
  const read = (file: string) => fs.readFileSync(path.join(assets, file));
  const screen = scripts
    .filter((file) => file.startsWith('ConsentPage-'))
    .map((file) => ({ file, bytes: read(file).length, gzip: zlib.gzipSync(read(file), { level: 9 }).length }));
  // signature_pad's own event names, which nothing else in the app uses.
  const padIn = scripts.filter((file) => read(file).includes('beforeUpdateStroke'));
  return { screen, padIn };
}

function round(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

async function main(): Promise<void> {
  const all: EngineFigures[] = [];
  all.push(await benchEngine('sqlite', { DATA_DIR: newDataDir() }));
  const cluster = await startPostgresCluster();
  if (cluster === null) {
    console.log('no PostgreSQL binaries: SQLite only');
  } else {
    try {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE crm_bench_consents');
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = '/crm_bench_consents';
      all.push(await benchEngine('postgres', { DATABASE_URL: url.toString() }));
    } finally {
      cluster.stop();
    }
  }
  const chunks = consentChunks();
  const at = new Date().toISOString();
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const resultFile = path.join(root, 'bench/results/consents-latest.json');
  fs.mkdirSync(path.dirname(resultFile), { recursive: true });
  fs.writeFileSync(
    resultFile,
    `${JSON.stringify({ at, machine, sequential: SEQUENTIAL, concurrent: CONCURRENT, rounds: ROUNDS, engines: all, chunks }, null, 2)}\n`,
  );

  const lines = [
    '| engine | body | server p50 / p95 ms (one in flight) | round trip p50 ms | RSS growth, one in flight (MB) | server p50 / p95 ms, ' +
      `${CONCURRENT} in flight | RSS growth, ${CONCURRENT} in flight (MB) | limit: 2 × body × in flight (MB) | GET current p50 / p95 ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...all
      .map((figures) => {
        const bodyMb = figures.bodyBytes / MiB;
        return [
          figures.engine,
          `${round(bodyMb, 2)} MiB`,
          `${round(figures.sequential.serverMs.p50)} / ${round(figures.sequential.serverMs.p95)}`,
          round(figures.sequential.roundTripMs.p50),
          round(figures.sequential.rssGrowthMb),
          `${round(figures.concurrent.serverMs.p50)} / ${round(figures.concurrent.serverMs.p95)}`,
          round(figures.concurrent.rssGrowthMb),
          `${round(2 * bodyMb)} / ${round(2 * bodyMb * CONCURRENT)}`,
          `${round(figures.current.serverMs.p50)} / ${round(figures.current.serverMs.p95)}`,
        ].join(' | ');
      })
      .map((row) => `| ${row} |`),
  ];
  console.log(`\n${at}, ${machine}\n\n${lines.join('\n')}\n`);
  if (chunks) {
    console.log(
      `consent screen chunk: ${chunks.screen.map((chunk) => `${chunk.file} ${chunk.bytes} B, ${chunk.gzip} B gzip`).join('; ')}`,
    );
    console.log(`signature_pad found in: ${chunks.padIn.join(', ')}`);
  } else {
    console.log('no apps/web/dist: run `npm run build` for the chunk sizes');
  }
  console.log('\nwrote bench/results/consents-latest.json');
}

await main();
