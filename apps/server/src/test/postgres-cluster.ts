import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster from the machine's own binaries (initdb, pg_ctl) on a free
 * loopback port, for test runs without DATABASE_URL. Removed by stop().
 */
export type PostgresCluster = {
  url: string;
  stop: () => void;
  /** The postmaster's process id, read from DATA_DIR/postmaster.pid (for crash drills). */
  postmasterPid: () => number;
  /** Starts the cluster again after it stopped or was killed (crash recovery runs at start). */
  start: () => void;
};

/** Server settings (`-c name=value`) over the defaults, which favour speed: fsync and synchronous_commit off. */
export type PostgresClusterOptions = { settings?: Record<string, string> };

const DEFAULT_SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
};

function findBinDir(): string | null {
  const fromPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  const candidates = [
    process.env.PG_BIN_DIR,
    fromPath ? path.dirname(fs.realpathSync(fromPath)) : undefined,
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
  ];
  return (
    candidates.find(
      (dir) => dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
    ) ?? null
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster | null> {
  const binDir = findBinDir();
  if (!binDir) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres (or nobody) account.
  const isRoot = process.getuid?.() === 0;
  const runAs = isRoot ? (spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : 'nobody') : null;
  if (runAs) {
    fs.chmodSync(dir, 0o777);
    execFileSync('chown', ['-R', runAs, dir]);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = runAs
      ? ['runuser', ['-u', runAs, '--', path.join(binDir, command), ...args]]
      : [path.join(binDir, command), args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const settings = Object.entries({ ...DEFAULT_SETTINGS, ...options.settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} ${settings}`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    postmasterPid: () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    start,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
