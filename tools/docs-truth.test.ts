import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import * as domain from '@memoir/domain';

/*
 * The docs name files, ports and capabilities; when the code moves, they must follow. This
 * checks what can be checked without reading prose: every file a page names exists, every
 * port the architecture's adapters table names is the domain's, and every capability folder
 * of the domain is in its capabilities table.
 */

const ROOT = join(__dirname, '..');

/** The repository's files, as git knows them (tracked, or new and not ignored). */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '');
const NAMES = new Set(FILES.map((file) => basename(file)));

const PAGES = ['README.md', ...FILES.filter((file) => /^(docs|apps|packages)\/.*\.md$/.test(file))].filter(
  (file) => !file.includes('node_modules') && !file.startsWith('docs/adr/'),
);

/** A code span that names a file of ours: a path or a name with one of our files' endings. */
const FILE_SPAN = /`((?:[\w@.-]+\/)*[\w.-]+\.(?:ts|tsx|mjs|js|json|sh|css|html|yml|yaml))`/g;

/** Files that are made, not kept (build output, data, the outbox), and names of other people's files. */
const NOT_OURS =
  /^(dist\/|data\/|bench-results\/|node_modules\/)|\/dist\/|^(package|tsconfig|vite\.config|jest\.config)\.|\.eml$|^\$|^~|\*/;

/** Whether `path` is a file of the repository: the whole path, its end, or (a bare name) any file so named. */
function exists(path: string): boolean {
  if (!path.includes('/')) return NAMES.has(path);
  return FILES.some((file) => file === path || file.endsWith(`/${path}`));
}

describe('the docs, held to the code', () => {
  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, path] of text.matchAll(FILE_SPAN)) {
        if (path === undefined || NOT_OURS.test(path)) continue;
        if (!exists(path)) missing.push(`${page}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  const architecture = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  /** The rows of the table under `heading`: each row's cells. */
  const tableUnder = (heading: string): string[][] => {
    const section = architecture.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';
    return section
      .split('\n')
      .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
      .slice(1)
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
  };

  it('list in the adapters table only ports the domain exports', () => {
    const ports = tableUnder('Adapters').flatMap(([cell]) => (cell ?? '').split(/,\s*/));
    expect(ports.length).toBeGreaterThan(5);
    const exported = new Set(Object.keys(domain));
    // Interfaces leave no value behind: read the domain's index for the names it exports.
    const index = readFileSync(join(ROOT, 'packages', 'domain', 'src', 'index.ts'), 'utf8');
    const declared = (name: string) =>
      exported.has(name) || new RegExp(`\\b${name}\\b`).test(index) || isDeclared(name);
    expect(ports.filter((port) => /^[A-Z]\w+$/.test(port) && !declared(port))).toEqual([]);
  });

  it('list every capability folder of the domain in the capabilities table', () => {
    const folders = new Set(
      FILES.filter((file) => file.startsWith('packages/domain/src/') && file.split('/').length === 5).map(
        (file) => file.split('/')[3] ?? '',
      ),
    );
    folders.delete('shared');
    const listed = tableUnder('Capabilities').map(([, folder]) =>
      (folder ?? '').replace(/`|src\//g, '').replace(/\/$/, ''),
    );
    expect([...folders].filter((folder) => !listed.includes(folder)).sort()).toEqual([]);
    expect(listed.filter((folder) => !folders.has(folder))).toEqual([]);
  });
});

/** Whether some source file of the domain declares `name` (an interface or a type). */
function isDeclared(name: string): boolean {
  return FILES.filter((file) => file.startsWith('packages/domain/src/') && file.endsWith('.ts')).some((file) =>
    new RegExp(`export (interface|type|class|const) ${name}\\b`).test(readFileSync(join(ROOT, file), 'utf8')),
  );
}
