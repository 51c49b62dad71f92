import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type RunningServer = {
  url: string;
  pid: number;
  rssMb: () => number;
  /** CPU time the server process has used so far (user + system), seconds */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
};

const CLOCK_TICKS_PER_SECOND = 100;

/** This repository's root: the checkout whose server the benchmarks start unless told another. */
const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type Tier = { doctors: number; offices: number; reps: number; activities: number; auditLogs?: number };

/** Fills the database named by env (DATA_DIR or DATABASE_URL) with a data tier through `npm run seed`; seconds taken. */
export function seedTier(env: Record<string, string>, tier: Tier): Promise<number> {
  const started = Date.now();
  // auditLogs → --audit-logs, as the seed script names its options.
  const option = (name: string) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const counts = Object.entries(tier).flatMap(([name, count]) => (count > 0 ? [option(name), String(count)] : []));
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['--import', 'tsx', 'apps/server/scripts/seed.ts', ...counts], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: 'inherit',
    });
    child.once('exit', (code) =>
      code === 0 ? resolve((Date.now() - started) / 1000) : reject(new Error(`seed exited with ${code}`)),
    );
  });
}

const BENCH_DIR_PREFIX = path.join(os.tmpdir(), 'crm-bench-');

/** A throwaway data folder, removed when the server stops. */
export function newDataDir(): string {
  return fs.mkdtempSync(BENCH_DIR_PREFIX);
}

/**
 * The real server in its own process (as in production), on the given data folder or database. `checkout`:
 * another copy of the repository (its own node_modules and build), to measure another version side by side.
 */
export async function startServer(env: Record<string, string>, checkout = root): Promise<RunningServer> {
  // A given PORT is kept (a shared machine hands each engineer their own ports); else any free one.
  const port = env.PORT === undefined ? await freePort() : Number(env.PORT);
  const dataDir = env.DATA_DIR ?? newDataDir();
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: checkout,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SERVER_TIMING: 'true',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    cpuSeconds: () => {
      // /proc/<pid>/stat: the command may hold spaces, so count fields after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      // Only throwaway folders: a tier seeded once for repeated runs stays.
      if (dataDir.startsWith(BENCH_DIR_PREFIX)) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Samples the server's RSS every few milliseconds while `work` runs; answers the highest seen. */
export async function peakRss<T>(server: RunningServer, work: () => Promise<T>): Promise<{ peakMb: number; value: T }> {
  let peakMb = server.rssMb();
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, server.rssMb());
  }, 5);
  try {
    const value = await work();
    return { peakMb: Math.max(peakMb, server.rssMb()), value };
  } finally {
    clearInterval(timer);
  }
}
