import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get, request, type Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

// The one way to run the built server as a process of its own, as `pnpm start` runs it: the
// server's process tests, the browser tests and the benchmark all start it here. It imports
// nothing but Node, so that the benchmark (run by tsx, outside Jest) can use it as it is.

const ROOT = join(__dirname, '..', '..', '..', '..');
export const SERVER_MAIN = join(ROOT, 'apps', 'server', 'dist', 'src', 'main.js');
/** `pnpm admin`, built. */
export const CLI_MAIN = join(ROOT, 'apps', 'server', 'dist', 'src', 'cli.js');

/** What the server prints once it listens (main.ts): "Open http://127.0.0.1:PORT/". */
const LISTENING = /Open (http:\/\/[^\s/]+)\//;

/** The end of a process's output: enough to say why it failed, short enough to read. */
const tail = (output: string): string => (output.length > 6000 ? `…${output.slice(-6000)}` : output);

/** A Node script in a child process, everything it prints kept for assertions and failure messages. */
export interface NodeProcess {
  readonly pid: number;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** The first match of `pattern` in the output; fails once `timeoutMs` pass or the process ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  hasExited(): boolean;
  /** Resolves with the exit code (null after a signal) once the process has ended of itself or been stopped. */
  exited(): Promise<number | null>;
  /** SIGTERM, SIGKILL if it is still running after `graceMs`; the exit code (null after a signal). */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL at once, for a harness that is itself being stopped. */
  kill(): void;
}

export interface NodeProcessOptions {
  /** The whole environment of the child: nothing is inherited. */
  readonly env: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
  /** Node's own options, before the script (e.g. --env-file-if-exists=.env). */
  readonly nodeOptions?: readonly string[];
  /** The repository root by default, as `pnpm start` runs. */
  readonly cwd?: string;
}

export function spawnNodeProcess(script: string, options: NodeProcessOptions): NodeProcess {
  const child = spawn(process.execPath, [...(options.nodeOptions ?? []), script, ...(options.args ?? [])], {
    cwd: options.cwd ?? ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  // Waiters are told of every chunk and of the end, so that none of them polls.
  const waiters = new Set<() => void>();
  const notify = () => [...waiters].forEach((waiter) => waiter());
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    notify();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // 'close', not 'exit': by then the last of the output has been read.
  const closed = new Promise<number | null>((resolve) =>
    child.once('close', (code, signal) => {
      exit = { code, signal };
      notify();
      resolve(code);
    }),
  );
  const describeExit = () => (exit === null ? 'running' : `exit ${exit.code ?? exit.signal}`);

  const waitFor = (pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      const check = () => {
        const match = pattern.exec(output);
        if (match !== null) finish(() => resolve(match));
        else if (exit !== null) {
          const error = new Error(`${script} ended (${describeExit()}) before it printed ${pattern}:\n${tail(output)}`);
          finish(() => reject(error));
        }
      };
      const timer = setTimeout(() => {
        const error = new Error(`${script} did not print ${pattern} within ${timeoutMs} ms:\n${tail(output)}`);
        finish(() => reject(error));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  let stopping: Promise<number | null> | undefined;
  return {
    pid: child.pid ?? 0,
    output: () => output,
    waitFor,
    hasExited: () => exit !== null,
    exited: () => closed,
    stop(graceMs = 15_000) {
      stopping ??= (async () => {
        if (exit !== null) return exit.code;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const code = await closed;
        clearTimeout(timer);
        return code;
      })();
      return stopping;
    },
    kill() {
      if (exit === null) child.kill('SIGKILL');
    },
  };
}

/** The status of one GET, or null when there is no answer within 2 s. */
function statusOf(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = get(url, (response) => {
      response.resume();
      resolve(response.statusCode ?? null);
    });
    req.on('error', () => resolve(null));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(null);
    });
  });
}

/** Polls `url` until it answers 200; fails when `child` ends first or `timeoutMs` pass. */
export async function waitForOk(child: NodeProcess, url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await statusOf(url)) === 200) return;
    if (child.hasExited()) throw new Error(`the process ended before ${url} answered 200:\n${tail(child.output())}`);
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${tail(child.output())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface ServerProcessOptions {
  /**
   * Configuration on top of the defaults: PATH, HOME, HOST=127.0.0.1, PORT=0 (any free port),
   * DATA_DIR and SHUTDOWN_DRAIN=0 (tests that stop a process wait for no load balancer; those
   * about the drain set it). `undefined` removes a default (to let a .env file set it).
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** DATA_DIR. By default a fresh temporary folder, removed by `stop()`. */
  readonly dataDir?: string;
  readonly nodeOptions?: readonly string[];
  readonly cwd?: string;
  /** For the "listening" line and then for `readyPath`, each. */
  readonly startTimeoutMs?: number;
  /** The path whose first 200 makes the process ready: /readyz by default (the benchmark's start asks the public list). */
  readonly readyPath?: string;
}

/** The built server in a child process, listening and ready. */
export interface ServerProcess extends NodeProcess {
  /** e.g. http://127.0.0.1:41234, from the line the server prints once it listens. */
  readonly url: string;
  readonly dataDir: string;
  /** DATABASE_URL, or the SQLite file the server makes in its data folder without one. */
  readonly databaseUrl: string;
  /** Milliseconds from the spawn to the first 200 from `readyPath` (/readyz by default): a cold start. */
  readonly readyMs: number;
  /** SIGTERM and the exit code, as NodeProcess; then removes the data folder if it is a temporary one of ours. */
  stop(graceMs?: number): Promise<number | null>;
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: build the server first (pnpm build; pnpm test builds before testing).`);
  }
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'memoir-server-'));
  const env = Object.fromEntries(
    Object.entries({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN: '0',
      ...options.env,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const started = performance.now();
  const child = spawnNodeProcess(SERVER_MAIN, {
    env,
    nodeOptions: options.nodeOptions ?? [],
    cwd: options.cwd ?? ROOT,
  });
  const stop = async (graceMs?: number) => {
    const code = await child.stop(graceMs);
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  try {
    const url = (await child.waitFor(LISTENING, options.startTimeoutMs))[1] ?? '';
    await waitForOk(child, `${url}${options.readyPath ?? '/readyz'}`, options.startTimeoutMs);
    return {
      ...child,
      url,
      dataDir,
      databaseUrl: env.DATABASE_URL ?? `sqlite:${join(dataDir, 'memoir.sqlite')}`,
      readyMs: performance.now() - started,
      stop,
    };
  } catch (error) {
    await stop(1000);
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
