import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

/**
 * Every workspace package declares what it imports and imports what it declares, at the one
 * version the workspace catalog gives (pnpm-workspace.yaml). pnpm's strict node_modules makes a
 * missing declaration fail at run time only where hoisting does not hide it; this makes it fail here.
 */

const ROOT = join(__dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'bench-results', 'data', 'test-results', 'coverage']);
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'] as const;

/**
 * Used by name, not imported: a loader or a binary reads them. Each says who uses it; a name
 * here that its package no longer declares fails the test, so the list cannot rot.
 */
const USED_WITHOUT_IMPORT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '.': {
    '@swc/core': 'jest.config.js transforms with @swc/jest, which loads it',
    '@swc/jest': 'jest.config.js names it as the transform',
    '@types/node': "tsconfig.json's types",
    'axe-core': 'the browser tests inject its file into pages',
    eslint: 'pnpm lint',
    jest: 'pnpm test',
    prettier: 'pnpm format',
    tsx: 'pnpm bench, pnpm openapi',
    typescript: 'pnpm typecheck',
    'vnu-jar': 'tools/nu-html-checker.ts runs its vnu.jar by path with java',
  },
  'packages/persistence-typeorm': { 'better-sqlite3': "TypeORM's sqlite driver loads it by name" },
  'packages/platform-node': Object.fromEntries(
    ['', '-arabic', '-devanagari', '-hebrew', '-jp', '-kr', '-sc', '-tc'].map((script) => [
      `@fontsource-variable/noto-sans${script}`,
      "the stamp reads its font files by path (src/book-stamping/font-library.ts's FONT_FAMILIES)",
    ]),
  ),
  'apps/server': {
    'pino-pretty': 'pino loads it by name as the development transport (logger.ts)',
    '@fontsource-variable/noto-sans': 'share-graphics.ts reads its font file by path',
  },
  'apps/admin': {
    '@vitejs/plugin-react': 'vite.config.ts',
    vite: 'the build',
    'react-dom': 'main.tsx',
  },
  'apps/public-site': {
    '@vitejs/plugin-react': 'vite.config.ts',
    vite: 'the build',
  },
};

interface Manifest {
  readonly name?: string;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

const packageDirs = [
  '.',
  ...['packages', 'apps'].flatMap((group) =>
    readdirSync(join(ROOT, group))
      .map((name) => `${group}/${name}`)
      .filter((dir) => existsSync(join(ROOT, dir, 'package.json'))),
  ),
];

const manifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;

/** The package's own source files; the root's are those outside packages/ and apps/. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      if (SKIP.has(name)) continue;
      const child = join(path, name);
      if (dir === '.' && path === ROOT && (name === 'packages' || name === 'apps')) continue;
      if (statSync(child).isDirectory()) walk(child);
      else if (SOURCE.test(name)) files.push(child);
    }
  };
  walk(join(ROOT, dir));
  return files;
}

/** Package names a file imports (static, dynamic, require, export-from), by TypeScript's scanner. */
function importedPackages(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((spec) => !spec.startsWith('.') && !spec.startsWith('/') && !spec.startsWith('node:'))
    .filter((spec) => !builtinModules.includes(spec.split('/')[0] ?? ''))
    .map((spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec)));
}

function imports(dir: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    for (const name of importedPackages(file)) used.set(name, [...(used.get(name) ?? []), relative(ROOT, file)]);
  }
  return used;
}

describe.each(packageDirs)('the package in %s', (dir) => {
  const pkg = manifest(dir);
  const declared = new Set(FIELDS.flatMap((field) => Object.keys(pkg[field] ?? {})));
  const used = imports(dir);

  it('declares every package it imports', () => {
    const undeclared = [...used]
      .filter(([name]) => name !== pkg.name && !declared.has(name))
      .map(([name, files]) => `${name} (imported by ${files[0]})`);
    expect(undeclared).toEqual([]);
  });

  it('imports every package it declares, but for those used by name', () => {
    const byName = USED_WITHOUT_IMPORT[dir] ?? {};
    const unused = [...declared].filter(
      (name) =>
        !used.has(name) &&
        !(name.startsWith('@types/') && used.has(name.slice('@types/'.length))) &&
        byName[name] === undefined,
    );
    expect(unused).toEqual([]);
    expect(Object.keys(byName).filter((name) => !declared.has(name))).toEqual([]);
  });

  it("takes each dependency's version from the workspace catalog", () => {
    const pinnedHere = FIELDS.flatMap((field) =>
      Object.entries(pkg[field] ?? {})
        .filter(([, spec]) => spec !== 'catalog:' && spec !== 'workspace:*')
        // An optional peer range says what the package accepts from its host, not what we install.
        .filter(([name]) => !(field === 'peerDependencies' && pkg.devDependencies?.[name] !== undefined))
        .map(([name, spec]) => `${field}.${name}: ${spec}`),
    );
    expect(pinnedHere).toEqual([]);
  });
});

describe('the workspace catalog', () => {
  it('lists only dependencies some package declares', () => {
    const catalog = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8').split(/^catalog:\n/m)[1] ?? '';
    const names = [...catalog.matchAll(/^ {2}'?([^':\s]+)'?:/gm)].map((match) => match[1]);
    const declared = new Set(
      packageDirs.flatMap((dir) => FIELDS.flatMap((field) => Object.keys(manifest(dir)[field] ?? {}))),
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => name !== undefined && !declared.has(name))).toEqual([]);
  });
});

describe('@memoir/web-ui', () => {
  it('takes React and React Query from the app that hosts it, so each app bundles one copy', () => {
    const pkg = manifest('packages/web-ui');
    for (const name of ['react', '@tanstack/react-query']) {
      expect({ name, peer: pkg.peerDependencies?.[name], dependency: pkg.dependencies?.[name] }).toEqual({
        name,
        peer: 'catalog:',
        dependency: undefined,
      });
    }
  });
});
