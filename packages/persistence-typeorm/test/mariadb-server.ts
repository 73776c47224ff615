import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway MariaDB for the MySQL test runs: its own data directory under the system's
 * temporary folder, a free loopback port, a database and a user, stopped and removed
 * afterwards. Never skipped: when MariaDB is missing and cannot be installed, it fails with
 * a message that says how to fix it.
 */
export interface MariaDbServer {
  /** `mysql://memoir:memoir@127.0.0.1:<port>/memoir_test`: the user may create databases. */
  readonly url: string;
  readonly port: number;
  /** Runs SQL as root over the server's socket (which needs no TLS): e.g. to kill a session. */
  sql(statement: string): string;
  stop(): Promise<void>;
}

const SEARCH_PATH = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin'];

export interface MariaDbOptions {
  /** Folders searched for mariadbd and its tools. */
  readonly searchPath?: readonly string[];
  /** Install Debian's mariadb-server when missing (only possible as root with apt-get). */
  readonly allowInstall?: boolean;
  /**
   * Serve TLS with this certificate (PEM files), as a managed database does. With `required`,
   * a client over TCP without TLS is refused (`require_secure_transport`).
   */
  readonly tls?: { readonly certFile: string; readonly keyFile: string; readonly required?: boolean };
}
const HOW_TO_FIX =
  'The MySQL tests need MariaDB 10.11+ or MySQL 8. Install it (Debian: `apt-get install mariadb-server`, as root), ' +
  'or set TEST_MYSQL_URL=mysql://user:pass@host:port/db to a server where that user may create databases.';

function findBinary(name: string, searchPath: readonly string[] = SEARCH_PATH): string | null {
  for (const dir of searchPath) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return null;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, { stdio: 'pipe', env, timeout: 300_000 }).toString();
}

/** Installs Debian's mariadb-server when this process may (root with apt-get); else explains. */
function ensureInstalled(searchPath: readonly string[], allowInstall: boolean): void {
  if (findBinary('mariadbd', searchPath) && findBinary('mariadb-install-db', searchPath)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = findBinary('apt-get');
  if (!allowInstall || !isRoot || aptGet === null) throw new Error(`MariaDB is not installed. ${HOW_TO_FIX}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  process.stderr.write('MariaDB is not installed: installing Debian package mariadb-server for the MySQL tests...\n');
  try {
    try {
      run(aptGet, ['install', '-y', '--no-install-recommends', 'mariadb-server'], env);
    } catch {
      run(aptGet, ['update'], env);
      run(aptGet, ['install', '-y', '--no-install-recommends', 'mariadb-server'], env);
    }
  } catch (error) {
    throw new Error(`Installing mariadb-server failed (${(error as Error).message.split('\n')[0]}). ${HOW_TO_FIX}`, {
      cause: error,
    });
  }
  if (!findBinary('mariadbd')) throw new Error(`mariadb-server installed but mariadbd was not found. ${HOW_TO_FIX}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntil(check: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startMariaDb(options: MariaDbOptions = {}): Promise<MariaDbServer> {
  ensureInstalled(options.searchPath ?? SEARCH_PATH, options.allowInstall ?? true);
  const mariadbd = findBinary('mariadbd') as string;
  const installDb = findBinary('mariadb-install-db') as string;
  const client = findBinary('mariadb') ?? findBinary('mysql');
  const admin = findBinary('mariadb-admin') ?? findBinary('mysqladmin');
  if (client === null || admin === null) throw new Error(`The MariaDB client tools are missing. ${HOW_TO_FIX}`);

  const dir = mkdtempSync(join(tmpdir(), 'memoir-mariadb-'));
  const dataDir = join(dir, 'data');
  const socket = join(dir, 'mysqld.sock');
  const errorLog = join(dir, 'error.log');
  mkdirSync(dataDir);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const asUser = isRoot ? ['--user=root'] : [];

  run(installDb, [
    '--no-defaults',
    ...asUser,
    `--datadir=${dataDir}`,
    '--skip-test-db',
    '--auth-root-authentication-method=socket',
  ]);

  const port = await freePort();
  const child: ChildProcess = spawn(
    mariadbd,
    [
      '--no-defaults',
      ...asUser,
      `--datadir=${dataDir}`,
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--log-error=${errorLog}`,
      '--bind-address=127.0.0.1',
      `--port=${port}`,
      '--skip-name-resolve',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      // A throwaway server: durability is not the point, speed is.
      '--innodb-flush-log-at-trx-commit=2',
      '--innodb-doublewrite=0',
      '--innodb-buffer-pool-size=128M',
      '--max-connections=500',
      ...(options.tls === undefined
        ? []
        : [
            `--ssl-cert=${options.tls.certFile}`,
            `--ssl-key=${options.tls.keyFile}`,
            ...(options.tls.required === true ? ['--require-secure-transport=ON'] : []),
          ]),
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const ping = (): boolean => {
    try {
      run(admin, ['--no-defaults', `--socket=${socket}`, '-uroot', 'ping']);
      return true;
    } catch {
      return false;
    }
  };
  await waitUntil(
    () => exited || ping(),
    30_000,
    () =>
      `MariaDB did not start within 30 s. Its log:\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '(none)'}`,
  );
  if (exited) {
    throw new Error(
      `MariaDB exited at start. Its log:\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '(none)'}`,
    );
  }

  const sql = [
    'CREATE DATABASE memoir_test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;',
    "CREATE USER 'memoir'@'%' IDENTIFIED BY 'memoir';",
    // Each test file works in a database of its own, so the user may create them.
    "GRANT ALL PRIVILEGES ON *.* TO 'memoir'@'%';",
  ].join(' ');
  const asRoot = (statement: string): string =>
    run(client, ['--no-defaults', `--socket=${socket}`, '-uroot', '--batch', '--skip-column-names', '-e', statement]);
  asRoot(sql);

  return {
    url: `mysql://memoir:memoir@127.0.0.1:${port}/memoir_test`,
    port,
    sql: asRoot,
    async stop() {
      if (!exited) {
        let timer: NodeJS.Timeout | undefined;
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        const tooSlow = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, 15_000);
        });
        child.kill('SIGTERM');
        await Promise.race([gone, tooSlow]);
        // A pending timer would keep the test runner alive for its full 15 s.
        clearTimeout(timer);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own for one test file, on the server behind TEST_MYSQL_URL. Tests in a
 * file share it and empty it before each test; it is dropped at the end.
 */
export async function createScratchDatabase(): Promise<{ readonly url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_MYSQL_URL;
  if (base === undefined || base === '') {
    throw new Error(
      `TEST_MYSQL_URL is not set: run MySQL tests through \`pnpm test\` (which starts MariaDB). ${HOW_TO_FIX}`,
    );
  }
  const { createConnection } = await import('mysql2/promise');
  const name = `memoir_t${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = await createConnection(base);
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const connection = await createConnection(base);
      try {
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await connection.end();
      }
    },
  };
}
