import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { REQUIRED_NODE_MAJOR } from '../src/node-version';

const ROOT = join(__dirname, '../../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** A preload that makes this Node report an old version, as Node 20 would. */
function pretendNode20(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'old-node-')), 'node-20.cjs');
  writeFileSync(
    file,
    "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } });\n",
  );
  return file;
}

describe('the Node version the product needs', () => {
  it('is the same in package.json engines, .nvmrc, the Dockerfile and the start-up check', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${REQUIRED_NODE_MAJOR}`);
    expect(read('.nvmrc').trim()).toBe(String(REQUIRED_NODE_MAJOR));
    expect(read('Dockerfile')).toMatch(new RegExp(`^FROM node:${REQUIRED_NODE_MAJOR}-`, 'm'));
  });

  // The built entry points (pnpm build), as `pnpm start` and `pnpm admin` run them.
  it.each(['apps/server/dist/src/main.js', 'apps/server/dist/src/cli.js'])(
    '%s on an older Node stops at once with a sentence naming Node 24, not a stack trace',
    (entry) => {
      const run = spawnSync(process.execPath, ['--require', pretendNode20(), join(ROOT, entry)], {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'old-node-data-')) },
        timeout: 10_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        'The memoir site needs Node.js 24 or newer; this is Node.js 20.20.2.\n' +
          'Install it with `nvm install` (it reads .nvmrc), or run `. tools/use-node-24.sh` (README, "Set up").\n',
      );
      expect(run.stdout).toBe('');
    },
  );
});
