import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { SERVER_MAIN } from '../../apps/server/test/support/server-process';

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

/**
 * Checks once that Chromium and the built apps are there; each test file starts its own server
 * (startSiteServer in tools/browser-testing, or the in-process app).
 */
export default async function setUp(): Promise<void> {
  ensureChromium();
  for (const built of [
    SERVER_MAIN,
    join(ROOT, 'apps/public-site/dist/index.html'),
    join(ROOT, 'apps/public-site/ssr/dist/entry-server.cjs'),
    join(ROOT, 'apps/admin/dist/index.html'),
  ]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run pnpm build (pnpm test does).`);
  }
}
