import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import { join } from 'node:path';

import { findRootDir } from '../../src/config';

export const MAIN = join(findRootDir(), 'apps', 'server', 'dist', 'src', 'main.js');

/** The built server in a child process, as `pnpm start` runs it. */
export interface ServerProcess {
  readonly baseUrl: string;
  /** The child's process id (to sample its memory). */
  readonly pid: number;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output, waiting up to `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startServerProcess(env: Readonly<Record<string, string>>): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (pnpm test builds before testing).`);
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitFor = (pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match === null) return;
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match);
      };
      const poll = setInterval(check, 20);
      const timer = setTimeout(() => {
        clearInterval(poll);
        reject(new Error(`the server never printed ${pattern}; it printed:\n${output}`));
      }, timeoutMs);
      check();
    });

  try {
    const baseUrl = (await waitFor(/Open (http:\/\/127\.0\.0\.1:\d+)\//))[1] ?? '';
    return {
      baseUrl,
      pid: child.pid ?? 0,
      output: () => output,
      waitFor,
      stop: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        return exited;
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/**
 * POSTs a JSON body with "Expect: 100-continue" and holds the body back: `onHeld` is called
 * once the server has the request in hand ("100 Continue") with a function that sends the
 * body. Resolves with the answer.
 */
export function postHeld(
  url: string,
  body: string,
  onHeld: (send: () => void) => void,
  agent?: Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      ...(agent === undefined ? {} : { agent }),
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('continue', () => onHeld(() => req.end(body)));
    req.flushHeaders();
  });
}
