import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from '@jest/globals';

import { lintProbes, type Probe } from './lint-probes';

const inDomain = 'packages/domain/src/guestbook/probe.ts';
const PROBES: Probe[] = [
  ...[
    ["import Koa from 'koa';", 'koa'],
    ["import { DataSource } from 'typeorm';", 'typeorm'],
    ["import { Container } from 'inversify';", 'inversify'],
    ["import { IsString } from 'class-validator';", 'class-validator'],
    ["import pino from 'pino';", 'pino'],
    ["import { useState } from 'react';", 'react'],
    ["import { randomBytes } from 'node:crypto';", 'node:crypto'],
    ["import { Field } from '@memoir/shared/contract';", '@memoir/shared/contract'],
  ].map(([statement, name]) => ({ name: name ?? '', file: inDomain, code: `${statement}\nexport const probe = 1;\n` })),
  {
    name: 'decorator',
    file: inDomain,
    code: 'const Injectable = () => (target: unknown) => target;\n@Injectable()\nexport class Probe {}\n',
  },
  {
    name: 'koa in memory adapters',
    file: 'packages/domain/memory/probe.ts',
    code: "import Koa from 'koa';\nexport const probe = Koa;\n",
  },
  {
    name: 'plain domain file',
    file: inDomain,
    code: "import { GUESTBOOK_LIMITS } from '@memoir/shared';\nexport const max = GUESTBOOK_LIMITS.nameMaxLength;\n",
  },
];

describe('the domain is framework-free', () => {
  let rules: Record<string, string[]>;

  beforeAll(() => {
    rules = lintProbes(PROBES);
  }, 60_000);

  it.each([
    'koa',
    'typeorm',
    'inversify',
    'class-validator',
    'pino',
    'react',
    'node:crypto',
    '@memoir/shared/contract',
  ])('fails lint when a domain file imports %s', (name) => {
    expect(rules[name]).toContain('no-restricted-imports');
  });

  it('fails lint on a decorator in the domain', () => {
    expect(rules.decorator).toContain('no-restricted-syntax');
  });

  it('bans frameworks in the in-memory adapters too', () => {
    expect(rules['koa in memory adapters']).toContain('no-restricted-imports');
  });

  it('passes lint for a plain domain file (the check is not failing everything)', () => {
    expect(rules['plain domain file']).toEqual([]);
  });

  it('declares no framework among its runtime dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['@memoir/shared']);
  });
});
