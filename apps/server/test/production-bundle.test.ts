import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, expect, it } from '@jest/globals';

import { spawnNodeProcess, waitForOk } from './support/server-process';

const ROOT = join(__dirname, '..', '..', '..');
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'memoir-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What the Docker image's last stage holds (Dockerfile): no Docker engine runs here, so the
// same bundle is assembled into a folder and started with its production dependencies alone.
it('runs from the production bundle, with production dependencies only, until /readyz says ready', async () => {
  const bundle = join(dir, 'app');
  await run(process.execPath, [join(ROOT, 'tools', 'production-bundle.mjs'), bundle], { cwd: ROOT });

  const installed = readdirSync(join(bundle, 'node_modules', '.pnpm'));
  for (const tool of ['typescript@', 'jest@', 'vite@', 'eslint@', 'tsx@', '@playwright+test@', 'supertest@']) {
    expect([tool, installed.filter((name) => name.startsWith(tool))]).toEqual([tool, []]);
  }
  expect(existsSync(join(bundle, 'src'))).toBe(false);
  expect(existsSync(join(bundle, 'test'))).toBe(false);

  const dataDir = join(dir, 'data');
  const server = spawnNodeProcess(join(bundle, 'dist', 'src', 'main.js'), {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    cwd: bundle,
  });
  try {
    const url = (await server.waitFor(/Open (http:\/\/[^\s/]+)\//, 20_000))[1] ?? '';
    await waitForOk(server, `${url}/readyz`, 20_000);
    const page = await fetch(`${url}/`);
    const html = await page.text();
    // Rendered by the server whole: the public site's server entry is in the bundle.
    expect([page.status, html.startsWith('<!doctype html>'), html.includes('About the book')]).toEqual([
      200,
      true,
      true,
    ]);
    expect((await fetch(`${url}/admin/login`)).status).toBe(200);
    expect((await fetch(`${url}/api/guestbook-entries`)).status).toBe(200);
  } finally {
    await server.stop();
  }
}, 180_000);
