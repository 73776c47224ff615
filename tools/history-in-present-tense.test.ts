import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

/**
 * Code, comments and docs describe the product as it is. Where a piece of work came from
 * (an issue number, "the next issue", "part 3") belongs in git log, not in text a newcomer
 * reads as the present.
 */

const ROOT = join(__dirname, '..');
const CHECKED = /\.(?:[cm]?[jt]sx?|md|css|html|sh|ya?ml)$|^Dockerfile$|^(?:\.ci\/)?run$/;
const HISTORY = [
  /\bissues? ?#?\d+\b/i,
  /\b(?:next|previous|later|earlier|coming|following) (?:issue|round|session)\b/i,
  /\bcoming with the\b/i,
  /\bpart \d+ of\b/i,
];

function trackedFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((path) => path !== '' && CHECKED.test(path) && path !== 'pnpm-lock.yaml')
    .filter((path) => path !== 'tools/history-in-present-tense.test.ts');
}

describe('the text of the repository', () => {
  it('speaks of the product, never of issue numbers or of work still to come', () => {
    const found: string[] = [];
    for (const path of trackedFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, path), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      text.split('\n').forEach((line, index) => {
        if (HISTORY.some((pattern) => pattern.test(line))) found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
