import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { INTENDED_KEY, SECRET_PHRASES } from './intended-key';

/*
 * The intended key. Tests are not published, so it may live here; it must never appear under
 * apps/public-site/public or apps/public-site/src (see README.md). Change it together with the
 * GENERATED block of crackme.c.
 */
const KEY = INTENDED_KEY;

/* Distinctive phrases of the success message, which must exist only encrypted in the binary. */

const BUILD_SCRIPT = join(__dirname, 'build.sh');
const BINARY_NAME = 'memoir-crackme';

interface Run {
  status: number | null;
  stdout: string;
}

function build(outDir: string): string {
  execFileSync(BUILD_SCRIPT, [outDir], { stdio: 'pipe', cwd: tmpdir() });
  const binary = join(outDir, BINARY_NAME);
  expect(existsSync(binary)).toBe(true);
  return binary;
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

describe('memoir crackme', () => {
  const tempDirs: string[] = [];
  let binary = '';

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'memoir-crackme-'));
    tempDirs.push(dir);
    return dir;
  }

  function withArgument(key: string): Run {
    const result = spawnSync(binary, [key], { encoding: 'utf8', timeout: 10_000 });
    return { status: result.status, stdout: result.stdout };
  }

  function onStdin(input: string): Run {
    const result = spawnSync(binary, [], { input, encoding: 'utf8', timeout: 10_000 });
    return { status: result.status, stdout: result.stdout };
  }

  beforeAll(() => {
    binary = build(tempDir());
  }, 60_000);

  afterAll(() => {
    for (const dir of tempDirs) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the test key within the rules: 12 to 24 of A-Z, 0-9 and dashes', () => {
    expect(KEY).toMatch(/^[A-Z0-9-]{12,24}$/);
  });

  describe('the intended key unlocks it', () => {
    it('as a command-line argument', () => {
      const run = withArgument(KEY);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('ACCESS GRANTED');
      expect(run.stdout).toContain('crackme@memoir-book.example');
      expect(run.stdout).toContain('signed hardcover');
      expect(run.stdout).not.toContain('ACCESS DENIED');
    });

    it('as a line on standard input', () => {
      const run = onStdin(`${KEY}\n`);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('ACCESS GRANTED');
      expect(run.stdout).toContain('crackme@memoir-book.example');
    });

    it('on standard input with a Windows line ending or no line ending at all', () => {
      expect(onStdin(`${KEY}\r\n`).status).toBe(0);
      expect(onStdin(KEY).status).toBe(0);
    });
  });

  describe('wrong keys do not', () => {
    const lastChar = KEY.charAt(KEY.length - 1);
    const nearMiss = KEY.slice(0, -1) + (lastChar === '0' ? '1' : '0');
    const wrongKeys: Array<[string, string]> = [
      ['a near miss (one character differs)', nearMiss],
      ['a near miss in the first character', (KEY.startsWith('A') ? 'B' : 'A') + KEY.slice(1)],
      ['the empty string', ''],
      ['the key in lower case', KEY.toLowerCase()],
      ['the key with one character missing', KEY.slice(0, -1)],
      ['the key with a character appended', `${KEY}X`],
      ['a much longer string', `${KEY}${'A'.repeat(5000)}`],
    ];

    it('the near misses really are near misses', () => {
      expect(nearMiss).not.toBe(KEY);
      expect(nearMiss).toHaveLength(KEY.length);
      expect(KEY.toLowerCase()).not.toBe(KEY);
    });

    it.each(wrongKeys)('%s, as an argument', (_label, key) => {
      const run = withArgument(key);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('ACCESS DENIED');
      expect(run.stdout).not.toContain('ACCESS GRANTED');
    });

    it.each(wrongKeys)('%s, on standard input', (_label, key) => {
      const run = onStdin(`${key}\n`);
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('ACCESS DENIED');
      expect(run.stdout).not.toContain('ACCESS GRANTED');
    });

    it('nothing at all on standard input', () => {
      const run = onStdin('');
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('ACCESS DENIED');
    });
  });

  describe('the binary hides its secrets', () => {
    it('does not contain the key as ASCII', () => {
      const bytes = readFileSync(binary);
      expect(bytes.indexOf(Buffer.from(KEY, 'latin1'))).toBe(-1);
      expect(bytes.indexOf(Buffer.from(KEY.toLowerCase(), 'latin1'))).toBe(-1);
      // Nor any long piece of it (e.g. "MEMORIES"): no dash-separated part of 5+ characters.
      for (const part of KEY.split('-').filter((p) => p.length >= 5)) {
        expect(bytes.indexOf(Buffer.from(part, 'latin1'))).toBe(-1);
      }
    });

    it.each(SECRET_PHRASES)('does not contain the congratulation phrase "%s"', (phrase) => {
      const bytes = readFileSync(binary);
      expect(bytes.indexOf(Buffer.from(phrase, 'latin1'))).toBe(-1);
    });

    it('does contain the public failure text, so the search itself works', () => {
      const bytes = readFileSync(binary);
      expect(bytes.indexOf(Buffer.from('ACCESS DENIED', 'latin1'))).toBeGreaterThan(-1);
    });
  });

  it('builds reproducibly: two builds into two folders are byte-identical', () => {
    const first = build(tempDir());
    const second = build(tempDir());
    const digest = sha256(first);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(second)).toBe(digest);
    expect(sha256(binary)).toBe(digest);
  }, 60_000);
});
