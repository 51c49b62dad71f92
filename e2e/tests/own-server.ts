import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A server of the test's own, in its own process, for the specs that stop it, restart it or deploy a new
 * version of the web app under it (the suite's shared server must stay up for the others). Demo data on a
 * fresh database, like the suite's; the port is derived from E2E_PORT so that engineers sharing the machine
 * do not collide.
 */
export type OwnServer = {
  url: string;
  dataDir: string;
  /** Ends the process at once, as a crash or a power cut would: no graceful shutdown. */
  kill: () => Promise<void>;
  /** Starts it again on the same port and database. */
  restart: () => Promise<void>;
  /** Stops it and removes its data folder. */
  close: () => Promise<void>;
};

const root = path.resolve(import.meta.dirname, '../..');

/** A port for a spec's own server: E2E_PORT plus an offset the spec chooses. */
export function ownPort(offset: number): number {
  return Number(process.env.E2E_PORT ?? 3210) + offset;
}

export async function startOwnServer(port: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    await assertPortFree(port);
    const started = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_MODE: 'true',
        LOG_LEVEL: 'warn',
        GEOCODER_URL: 'none',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = started;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the server on ${url} exited with ${started.exitCode}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the server on ${url} did not start in 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };

  await start();
  return {
    url,
    dataDir,
    kill: () => stop('SIGKILL'),
    restart: start,
    close: async () => {
      await stop('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The health check below cannot tell our server from another on the same port: a server left running by an
 * interrupted run answered it once, and the spec then tested that stale server while ours had exited.
 */
async function assertPortFree(port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is taken by another process: stop it, or choose other ports with E2E_PORT`)
          : error,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
