import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

declare global {
  // Handed from the global setup to the global teardown (the same process).
  var memoirBrowserServer: { child: ChildProcess; dataDir: string } | undefined;
}

export const CHROMIUM = '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');
const HOW_TO_FIX = "The browser tests need Debian's Chromium: apt-get install chromium (as root).";

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) throw new Error(`Chromium is not installed. ${HOW_TO_FIX}`);
  process.stderr.write('Chromium is not installed: installing Debian package chromium for the browser tests...\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'pipe', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'pipe', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'pipe', env });
  }
}

/** Starts the built server on an empty SQLite folder and hands its URL to the browser tests. */
export default async function setUp(): Promise<void> {
  ensureChromium();
  for (const built of ['apps/server/dist/src/main.js', 'apps/public-site/dist/index.html']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run pnpm build (pnpm test does).`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'memoir-browser-'));
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/src/main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'browser-tests-password',
      FORM_RATE_LIMIT: '1000/1m',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 20_000);
    const poll = setInterval(() => {
      const match = /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match?.[1] !== undefined) {
        clearInterval(poll);
        clearTimeout(deadline);
        resolve(match[1]);
      }
    }, 50);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  globalThis.memoirBrowserServer = { child, dataDir };
  process.env.BROWSER_BASE_URL = url;
  process.env.BROWSER_ADMIN_PASSWORD = 'browser-tests-password';
}
