import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

/*
 * A source file that grows past 400 lines is usually holding more than one thing. Tests,
 * migrations and generated files may; any other file says why at its top, in a line that says
 * "over 400 lines" (or "longer than"), or is split.
 */

const ROOT = join(__dirname, '..');
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|html|sh)$/;
const EXEMPT = /(\.test\.|\/test\/|\/e2e\/|\/migrations\/|\/testing\/|^docs\/)/;

describe('the hand-written sources', () => {
  it(`stay within ${MAX_LINES} lines, or say at their top why not`, () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => SOURCE.test(file) && !EXEMPT.test(file));
    expect(files.length).toBeGreaterThan(100);
    const unexplained = files.filter((file) => {
      const lines = readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n');
      if (lines.length <= MAX_LINES) return false;
      return !lines.slice(0, 12).some((line) => /(over|longer than) 400 lines/i.test(line));
    });
    expect(unexplained).toEqual([]);
  });
});
