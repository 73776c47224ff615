import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

const ROOT = join(__dirname, '..', '..', '..');
const ESLINT = join(ROOT, 'node_modules', '.bin', 'eslint');

/** Lints `code` as if it were a file of the domain; returns the rule ids that fired. */
function lintAsDomainFile(code: string, file = 'packages/domain/src/guestbook/probe.ts'): string[] {
  try {
    execFileSync(ESLINT, ['--stdin', '--stdin-filename', file, '--format', 'json'], {
      cwd: ROOT,
      input: code,
      encoding: 'utf8',
    });
    return [];
  } catch (error) {
    const output = (error as { stdout?: string }).stdout ?? '';
    const [result] = JSON.parse(output) as Array<{ messages: Array<{ ruleId: string | null }> }>;
    return (result?.messages ?? []).map((message) => message.ruleId ?? 'parse-error');
  }
}

describe('the domain is framework-free', () => {
  it.each([
    ["import Koa from 'koa';", 'koa'],
    ["import { DataSource } from 'typeorm';", 'typeorm'],
    ["import { Container } from 'inversify';", 'inversify'],
    ["import { IsString } from 'class-validator';", 'class-validator'],
    ["import pino from 'pino';", 'pino'],
    ["import { useState } from 'react';", 'react'],
    ["import { randomBytes } from 'node:crypto';", 'a Node built-in'],
  ])('fails lint when a domain file imports %s (%s)', (statement) => {
    expect(lintAsDomainFile(`${statement}\nexport const probe = 1;\n`)).toContain('no-restricted-imports');
  });

  it('fails lint on a decorator in the domain', () => {
    const code = 'const Injectable = () => (target: unknown) => target;\n@Injectable()\nexport class Probe {}\n';
    expect(lintAsDomainFile(code)).toContain('no-restricted-syntax');
  });

  it('bans frameworks in the in-memory adapters too', () => {
    expect(
      lintAsDomainFile("import Koa from 'koa';\nexport const probe = Koa;\n", 'packages/domain/memory/probe.ts'),
    ).toContain('no-restricted-imports');
  });

  it('passes lint for a plain domain file (the check is not failing everything)', () => {
    expect(
      lintAsDomainFile(
        "import { GUESTBOOK_LIMITS } from '@memoir/shared';\nexport const max = GUESTBOOK_LIMITS.nameMaxLength;\n",
      ),
    ).toEqual([]);
  });

  it('declares no framework among its runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['@memoir/shared']);
  });
});
