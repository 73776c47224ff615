import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { INTENDED_KEY } from '../../../../apps/public-site/crackme/intended-key';
import { crackmeKeyMatches, encodeByte, KEY_ENC } from './crackme-key';

const CRACKME = join(__dirname, '..', '..', '..', '..', 'apps', 'public-site', 'crackme');

/** The server's copy of the rule against the crackme itself: its source and its built binary. */
describe("the crackme's key rule on the server", () => {
  let dir = '';
  let binary = '';
  const grants = (key: string) => spawnSync(binary, [key], { encoding: 'utf8', timeout: 10_000 }).status === 0;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-crackme-rule-'));
    execFileSync(join(CRACKME, 'build.sh'), [dir], { stdio: 'pipe', cwd: tmpdir() });
    binary = join(dir, 'memoir-crackme');
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds the very table of crackme.c's GENERATED block", () => {
    const source = readFileSync(join(CRACKME, 'crackme.c'), 'utf8');
    const block = /KEY_ENC\[KEY_LEN\] = \{([^}]*)\}/.exec(source)?.[1] ?? '';
    const table = [...block.matchAll(/0x([0-9A-Fa-f]{2})/g)].map((match) => Number.parseInt(match[1] ?? '', 16));
    expect(table).toEqual(KEY_ENC);
    expect(Number(/#define KEY_LEN (\d+)/.exec(source)?.[1])).toBe(KEY_ENC.length);
  });

  it('encodes each position as a bijection, as the C does', () => {
    for (let i = 0; i < KEY_ENC.length; i += 1) {
      expect(new Set(Array.from({ length: 256 }, (_, byte) => encodeByte(byte, i))).size).toBe(256);
    }
  });

  it('accepts the key the binary accepts, and refuses what the binary refuses', () => {
    const near = (i: number) =>
      `${INTENDED_KEY.slice(0, i)}${INTENDED_KEY[i] === 'A' ? 'B' : 'A'}${INTENDED_KEY.slice(i + 1)}`;
    const candidates = [
      INTENDED_KEY,
      INTENDED_KEY.toLowerCase(),
      `${INTENDED_KEY}X`,
      INTENDED_KEY.slice(0, -1),
      ` ${INTENDED_KEY}`,
      'A'.repeat(KEY_ENC.length),
      ...Array.from({ length: KEY_ENC.length }, (_, i) => near(i)),
    ];
    for (const key of candidates) expect([key, crackmeKeyMatches(key)]).toEqual([key, grants(key)]);
    expect(crackmeKeyMatches(INTENDED_KEY)).toBe(true);
  });
});
