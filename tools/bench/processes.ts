// The processes the benchmark drives: the production server (node apps/server/dist/src/main.js)
// and the control (a bare node:http server), each a child process of its own, so that neither
// shares an event loop with autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const ROOT = join(__dirname, '..', '..');
export const SERVER_MAIN = join(ROOT, 'apps', 'server', 'dist', 'src', 'main.js');
const CONTROL_MAIN = join(__dirname, 'control-server.mjs');

export function freePort(): Promise<number> {
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

/** The status of one GET, or null when the connection fails. */
function statusOf(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get(url, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    request.on('error', () => resolve(null));
    request.setTimeout(2000, () => {
      request.destroy();
      resolve(null);
    });
  });
}

export interface Child {
  readonly url: string;
  readonly process: ChildProcess;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

function spawnChild(script: string, args: string[], env: NodeJS.ProcessEnv, url: string): Child {
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    process: child,
    output: () => output,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` every few milliseconds until it answers 200; fails when the child exits first. */
export async function waitFor200(child: Child, path: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.url} exited before ${path} answered 200. Its output:\n${child.output()}`);
    }
    if ((await statusOf(`${child.url}${path}`)) === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`${child.url}${path} did not answer 200 within ${timeoutMs} ms. Output:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface ServerSettings {
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly adminPassword: string;
}

/** The server's environment: the bench database, raised rate limits, quiet logs. */
export function serverEnv(settings: ServerSettings, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: settings.dataDir,
    DATABASE_URL: settings.databaseUrl,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: settings.adminPassword,
    // Request logs are info lines: at warn the figures measure the server, not its log volume.
    LOG_LEVEL: 'warn',
    // Every request of a run comes from 127.0.0.1: the limits would refuse all but the first few.
    FORM_RATE_LIMIT: '1000000000/1m',
    LOGIN_RATE_LIMIT: '1000000000/1m',
  };
}

/**
 * Starts the production server and waits for /readyz. Returns the child and how long it took
 * from spawning the process to the first 200 from /readyz.
 */
export async function startServer(settings: ServerSettings): Promise<{ server: Child; readyMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = spawnChild(SERVER_MAIN, [], serverEnv(settings, port), `http://127.0.0.1:${port}`);
  try {
    await waitFor200(server, '/readyz');
  } catch (error) {
    await server.stop(1000);
    throw error;
  }
  return { server, readyMs: performance.now() - started };
}

/** The control: a bare node:http server answering every request with `body` (JSON) from memory. */
export async function startControl(body: Buffer, contentType: string): Promise<Child> {
  const port = await freePort();
  const control = spawnChild(
    CONTROL_MAIN,
    [String(port)],
    { ...process.env, CONTROL_BODY: body.toString('base64'), CONTROL_TYPE: contentType },
    `http://127.0.0.1:${port}`,
  );
  await waitFor200(control, '/', 10_000);
  return control;
}
