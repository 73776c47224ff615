// The processes the benchmark drives: the production server (node apps/server/dist/src/main.js),
// started the way the server's own tests start it, and the control (a bare node:http server),
// each a child process of its own, so that neither shares an event loop with autocannon.
import { createServer } from 'node:net';
import { join } from 'node:path';

import {
  SERVER_MAIN,
  spawnNodeProcess,
  startServerProcess,
  waitForOk,
  type NodeProcess,
  type ServerProcess,
} from '../../apps/server/test/support/server-process';

export { SERVER_MAIN };
export const ROOT = join(__dirname, '..', '..');
const CONTROL_MAIN = join(__dirname, 'control-server.mjs');

/** A process the benchmark sends load to. */
export interface Child extends NodeProcess {
  readonly url: string;
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

export interface ServerSettings {
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly adminPassword: string;
  /** More configuration (the delivery scenario's book and poll interval). */
  readonly env?: Readonly<Record<string, string>>;
  /** Whose first 200 makes the server ready: /readyz by default. */
  readonly readyPath?: string;
}

/**
 * Starts the production server on the bench database, with raised rate limits and quiet logs.
 * `readyMs`: from spawning the process to the first 200 from `readyPath` (/readyz by default).
 */
export async function startServer(settings: ServerSettings): Promise<{ server: ServerProcess; readyMs: number }> {
  const server = await startServerProcess({
    dataDir: settings.dataDir,
    startTimeoutMs: 60_000,
    ...(settings.readyPath === undefined ? {} : { readyPath: settings.readyPath }),
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: settings.databaseUrl,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: settings.adminPassword,
      // Request logs are info lines: at warn the figures measure the server, not its log volume.
      LOG_LEVEL: 'warn',
      // Every request of a run comes from 127.0.0.1: the limits would refuse all but the first few.
      FORM_RATE_LIMIT: '1000000000/1m',
      LOGIN_RATE_LIMIT: '1000000000/1m',
      LOGIN_ACCOUNT_LIMIT: '1000000000/1m',
      ...settings.env,
    },
  });
  return { server, readyMs: server.readyMs };
}

/**
 * The control: a bare node:http server answering every request with the very bytes the server
 * sent (its headers, in order, and `body`) from memory.
 */
export async function startControl(body: Buffer, rawHeaders: readonly string[]): Promise<Child> {
  const port = await freePort();
  const control = spawnNodeProcess(CONTROL_MAIN, {
    args: [String(port)],
    env: {
      PATH: process.env.PATH ?? '',
      CONTROL_BODY: body.toString('base64'),
      CONTROL_HEADERS: JSON.stringify(rawHeaders),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(control, `${url}/`, 10_000);
  } catch (error) {
    await control.stop(1000);
    throw error;
  }
  return { ...control, url };
}
