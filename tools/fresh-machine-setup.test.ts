import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

/**
 * The README's two commands on a fresh machine: `./run`, and the Node 24 and pnpm install it
 * sources (tools/use-node-24.sh), which CI goes through too. The install is tried against a
 * registry served here, holding a stand-in Node and pnpm a few bytes long: nothing is downloaded.
 */

const ROOT = join(__dirname, '..');
const INSTALL_SCRIPT = join(ROOT, 'tools', 'use-node-24.sh');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

describe('the two commands', () => {
  it('are shell scripts bash can parse', () => {
    for (const script of ['run', 'tools/use-node-24.sh', '.ci/run']) {
      expect(() => execFileSync('bash', ['-n', join(ROOT, script)])).not.toThrow();
    }
  });

  it('are exactly what the README quick start shows', () => {
    const quickStart = /## Quick start\n\n```sh\n([^`]*)```/.exec(read('README.md'));
    expect(quickStart?.[1]).toBe('./run start\n./run test\n');
  });

  it('are what CI goes through: it sets up and tests with ./run, never with pnpm test itself', () => {
    const lines = read('.ci/run').split('\n');
    expect(lines).toContain('./run setup');
    expect(lines).toContain('./run test');
    expect(lines.filter((line) => /^\s*pnpm test(?:\s|$)/.test(line))).toEqual([]);
  });
});

const NODE_VERSION = '24.10.0';
const PNPM_VERSION = '11.0.0-fake';

/** A stand-in node: answers --version, and runs any script it is given with sh (the stand-in pnpm is one). */
const fakeNode = (version: string): string =>
  `#!/bin/sh\nif [ "$1" = --version ]; then echo v${version}; else exec sh "$@"; fi\n`;

/** An npm package tarball: the files under package/, executable. */
function packageTarball(files: Record<string, string>): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'memoir-fake-package-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, 'package', path)), { recursive: true });
    writeFileSync(join(folder, 'package', path), text, { mode: 0o755 });
  }
  const bytes = execFileSync('tar', ['czf', '-', '-C', folder, 'package']);
  rmSync(folder, { recursive: true, force: true });
  return bytes;
}

interface FakeRegistry {
  readonly url: string;
  readonly server: Server;
  /** Every path asked for, in order. */
  readonly requests: string[];
  /** When set, tarballs come with one byte changed, as from a corrupt or tampered mirror. */
  tamper: boolean;
}

/** The registry's answers the install asks for: the short metadata, each version's, each tarball. */
async function startRegistry(): Promise<FakeRegistry> {
  const node = packageTarball({ 'bin/node': fakeNode(NODE_VERSION), 'include/node/node.h': '' });
  const pnpm = packageTarball({ 'bin/pnpm.mjs': `#!/usr/bin/env node\necho ${PNPM_VERSION}\n` });
  const routes = new Map<string, string | Buffer>();
  const registry: FakeRegistry = { url: '', server: createServer(), requests: [], tamper: false };
  registry.server.on('request', (request, response) => {
    const path = request.url ?? '';
    registry.requests.push(path);
    const body = routes.get(path);
    if (body === undefined) response.statusCode = 404;
    if (Buffer.isBuffer(body) && registry.tamper) {
      const tampered = Buffer.from(body);
      const last = tampered.length - 1;
      tampered.writeUInt8(tampered.readUInt8(last) ^ 1, last);
      return response.end(tampered);
    }
    return response.end(body ?? '{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => registry.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(registry.server.address() as AddressInfo).port}`;
  const publish = (name: string, version: string, bytes: Buffer): void => {
    const tarball = `/${name}/-/${name}-${version}.tgz`;
    const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
    routes.set(`/${name}/${version}`, JSON.stringify({ name, version, dist: { integrity, tarball: url + tarball } }));
    routes.set(tarball, bytes);
  };
  for (const arch of ['x64', 'arm64']) {
    // 24.10.0 is the newest 24, though 24.9.0 sorts after it as text.
    const versions = Object.fromEntries(['22.1.0', '24.9.0', NODE_VERSION, '26.0.0'].map((v) => [v, { version: v }]));
    routes.set(`/node-linux-${arch}`, JSON.stringify({ name: `node-linux-${arch}`, versions }));
    publish(`node-linux-${arch}`, NODE_VERSION, node);
  }
  publish('pnpm', PNPM_VERSION, pnpm);
  return Object.assign(registry, { url });
}

/** Where a command is on this machine's PATH. */
function locate(command: string): string | null {
  const folders = (process.env.PATH ?? '').split(delimiter);
  return folders.map((folder) => join(folder, command)).find((path) => existsSync(path)) ?? null;
}

/** The commands the install uses: a PATH of only these (and a stand-in node, if any) has no other node. */
const TOOLS = 'bash sh env cat sed grep tr sort tail cut od base64 sha512sum tar gzip mkdir rm mv ln id uname'.split(
  ' ',
);

interface Machine {
  readonly home: string;
  readonly path: string;
  readonly project: string;
}

const machines: string[] = [];

/** A home with no ~/.node24, a project pinning pnpm, and a PATH with curl or wget and maybe an old node. */
function freshMachine(oldNode: string | null): Machine {
  const root = mkdtempSync(join(tmpdir(), 'memoir-fresh-machine-'));
  machines.push(root);
  const [home, bin, project] = ['home', 'bin', 'project'].map((name) => join(root, name)) as [string, string, string];
  for (const folder of [home, bin, project]) mkdirSync(folder);
  const downloader = locate('curl') !== null ? 'curl' : 'wget';
  for (const tool of [...TOOLS, downloader]) {
    const found = locate(tool);
    if (found === null) throw new Error(`This test needs ${tool} on PATH`);
    symlinkSync(found, join(bin, tool));
  }
  if (oldNode !== null) writeFileSync(join(bin, 'node'), fakeNode(oldNode), { mode: 0o755 });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ packageManager: `pnpm@${PNPM_VERSION}` }));
  return { home, path: bin, project };
}

interface Outcome {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

/** Sources the install in a strict bash, as ./run does, then says which node and pnpm it got. */
async function sourceInstall(machine: Machine, registry: FakeRegistry): Promise<Outcome> {
  const script =
    'set -euo pipefail; . "$1"; echo "node $(node --version), pnpm $(pnpm --version), headers ${npm_config_nodedir:-none}"';
  try {
    const { stdout, stderr } = await promisify(execFile)('bash', ['-c', script, 'bash', INSTALL_SCRIPT], {
      cwd: machine.project,
      env: { HOME: machine.home, PATH: machine.path, npm_config_registry: registry.url },
    });
    return { ok: true, stdout, stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('tools/use-node-24.sh on a fresh machine (./run sources it)', () => {
  let registry: FakeRegistry;
  beforeAll(async () => {
    registry = await startRegistry();
  });
  afterAll(async () => {
    await new Promise((resolve) => registry.server.close(resolve));
    for (const root of machines) rmSync(root, { recursive: true, force: true });
  });

  it('installs the newest Node 24 and the pinned pnpm under ~/.node24 beside an older node, and the next run downloads nothing', async () => {
    const machine = freshMachine('20.20.2');
    const ready = `node v${NODE_VERSION}, pnpm ${PNPM_VERSION}, headers ${machine.home}/.node24/package\n`;
    registry.requests.length = 0;
    const first = await sourceInstall(machine, registry);
    expect(first.stdout).toContain(`Node v20.20.2: installing Node ${NODE_VERSION} into ${machine.home}/.node24`);
    expect(first.stdout).toContain(ready);
    expect(first.ok).toBe(true);
    expect(registry.requests).toEqual(
      expect.arrayContaining([expect.stringMatching(/-24\.10\.0\.tgz$/), `/pnpm/-/pnpm-${PNPM_VERSION}.tgz`]),
    );

    registry.requests.length = 0;
    const second = await sourceInstall(machine, registry);
    expect(second.stdout).toBe(ready);
    expect(registry.requests).toEqual([]);
  });

  it('installs them where there is no node at all', async () => {
    const outcome = await sourceInstall(freshMachine(null), registry);
    expect(outcome.stdout).toContain(`Node is missing: installing Node ${NODE_VERSION}`);
    expect(outcome.stdout).toContain(`node v${NODE_VERSION}, pnpm ${PNPM_VERSION}`);
  });

  it("refuses a tarball that does not match the registry's sha512, and installs nothing", async () => {
    const machine = freshMachine(null);
    registry.tamper = true;
    try {
      const outcome = await sourceInstall(machine, registry);
      expect(outcome.stderr).toContain("does not match the registry's sha512: not installed");
      expect(outcome.ok).toBe(false);
      expect(existsSync(join(machine.home, '.node24', 'package'))).toBe(false);
    } finally {
      registry.tamper = false;
    }
  });
});
