import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

/**
 * The docs' samples and cross-references, checked: Prettier reformats Markdown (and the code it
 * knows inside it), and a wrapped line can turn a sample into something else, as when a wrapped
 * `+ 1` in an inline SQL statement became a list item. A citation of the docs from code, or a
 * link between pages, must lead to a file and a heading that exist.
 */

const ROOT = join(__dirname, '..');

/** README.md and every Markdown file under the docs folder, relative to the root. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => join('docs', path));
  return ['README.md', ...docs.sort()];
}

/** Source files under packages/, apps/ and tools/, and the root's tool configs, as git sees them. */
function codeFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((path) => /^(?:(?:packages|apps|tools)\/.*|[^/]+)\.[cm]?[jt]sx?$/.test(path))
    .filter((path) => existsSync(join(ROOT, path)));
}

interface Fence {
  readonly where: string;
  readonly language: string;
  readonly code: string;
}

interface Markdown {
  readonly fences: readonly Fence[];
  /** The lines outside fenced blocks (fenced lines left empty, so numbers hold). */
  readonly prose: readonly string[];
}

/** Splits Markdown into its fenced blocks and the rest, fences indented in lists included. */
function parseMarkdown(file: string, text: string = readFileSync(join(ROOT, file), 'utf8')): Markdown {
  const lines = text.split('\n');
  const fences: Fence[] = [];
  const prose: string[] = [];
  let open: { indent: number; marker: string; language: string; start: number; code: string[] } | null = null;
  lines.forEach((line, index) => {
    if (open === null) {
      const start = /^( *)(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
      if (start === null) {
        prose.push(line);
        return;
      }
      open = {
        indent: start[1]?.length ?? 0,
        marker: start[2] ?? '```',
        language: start[3] ?? '',
        start: index,
        code: [],
      };
      prose.push('');
      return;
    }
    prose.push('');
    const close = /^ *(`{3,}|~{3,})\s*$/.exec(line);
    if (close !== null && close[1]?.[0] === open.marker[0] && (close[1]?.length ?? 0) >= open.marker.length) {
      fences.push({ where: `${file}:${open.start + 1}`, language: open.language, code: open.code.join('\n') });
      open = null;
      return;
    }
    open.code.push(line.replace(new RegExp(`^ {0,${open.indent}}`), ''));
  });
  return { fences, prose };
}

/** GitHub's anchor for each heading of a Markdown page (repeats get -1, -2, …). */
function anchorsIn(prose: readonly string[]): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const slug = (heading[1] ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Null when `path#anchor` leads somewhere; otherwise what is missing. */
function brokenTarget(path: string, anchor: string | undefined): string | null {
  const target = join(ROOT, path);
  if (!existsSync(target)) return 'no such file';
  if (anchor === undefined) return null;
  if (!path.endsWith('.md') || statSync(target).isDirectory()) return 'an anchor into a file without headings';
  return anchorsIn(parseMarkdown(path).prose).has(anchor) ? null : `no heading with the anchor #${anchor}`;
}

const TYPESCRIPT = new Set(['ts', 'typescript', 'tsx', 'js', 'javascript', 'jsx', 'mjs', 'cjs']);
const SQL_STATEMENT =
  /^(?:SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH|BEGIN|COMMIT|ROLLBACK|PRAGMA|SET|SHOW|EXPLAIN|GRANT)\b/i;

/** Each check answers with what it found wrong, one line each: none is a pass. */
const checks = {
  unlabelled: (fences: readonly Fence[]): string[] =>
    fences.filter((fence) => fence.language === '').map((fence) => `${fence.where}: a fence without a language`),

  typescript: (fences: readonly Fence[]): string[] =>
    fences
      .filter((fence) => TYPESCRIPT.has(fence.language))
      .flatMap((fence) => {
        const { diagnostics = [] } = ts.transpileModule(fence.code, {
          fileName: `sample.${fence.language.endsWith('x') ? 'tsx' : 'ts'}`,
          reportDiagnostics: true,
          compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
        });
        return diagnostics.map(
          (diagnostic) => `${fence.where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
        );
      }),

  json: (fences: readonly Fence[]): string[] =>
    fences
      .filter((fence) => fence.language === 'json')
      .flatMap((fence) => {
        try {
          JSON.parse(fence.code);
          return [];
        } catch (error) {
          return [`${fence.where}: ${error instanceof Error ? error.message : String(error)}`];
        }
      }),

  sql: (fences: readonly Fence[]): string[] =>
    fences
      .filter((fence) => fence.language === 'sql')
      .flatMap((fence) => {
        const code = fence.code.replace(/--.*$/gm, '').trim();
        if (!code.endsWith(';')) return [`${fence.where}: the last statement does not end with ";"`];
        return code
          .split(';')
          .map((statement) => statement.trim())
          .filter((statement) => statement !== '' && !SQL_STATEMENT.test(statement))
          .map((statement) => `${fence.where}: not a statement: ${statement.slice(0, 40)}`);
      }),

  /** Prettier reads a wrapped span's second line as Markdown: `+ 1` there becomes a list item. */
  spanningCode: (file: string, prose: readonly string[]): string[] =>
    prose
      .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
      .filter(({ line }) => (line.replace(/\\`/g, '').match(/`/g) ?? []).length % 2 === 1)
      .map(({ where, line }) => `${where}: an inline code span broken over lines: ${line.trim()}`),

  /** `docs/<path>` and `docs/<page>.md#<anchor>` anywhere in a source file. */
  citations: (file: string, text: string): string[] =>
    [...text.matchAll(/(?<![\w./-])(docs\/[\w./-]*[\w/])(?:#([\w-]+))?/g)].flatMap((match) => {
      const problem = brokenTarget(match[1] ?? '', match[2]);
      return problem === null ? [] : [`${file}: ${match[0]}: ${problem}`];
    }),

  /** Relative links `](path#anchor)` outside code; web addresses are not followed. */
  links: (file: string, prose: readonly string[]): string[] =>
    [
      ...prose
        .join('\n')
        .replace(/`[^`]*`/g, '')
        .matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g),
    ].flatMap((match) => {
      const link = match[1] ?? '';
      if (/^[a-z][a-z+.-]*:/i.test(link)) return [];
      const [pathPart = '', anchor = ''] = link.split('#');
      const problem =
        pathPart === ''
          ? anchorsIn(prose).has(anchor)
            ? null
            : `no heading with the anchor #${anchor}`
          : brokenTarget(relative(ROOT, join(ROOT, dirname(file), decodeURI(pathPart))), anchor || undefined);
      return problem === null ? [] : [`${file}: ${link}: ${problem}`];
    }),
};

describe('the code samples in README.md and the docs', () => {
  const pages = markdownFiles().map((file) => ({ file, ...parseMarkdown(file) }));
  const fences = pages.flatMap((page) => page.fences);

  it('name the language of every fenced block (text for diagrams and trees)', () => {
    expect(checks.unlabelled(fences)).toEqual([]);
  });

  it('hold TypeScript and JavaScript that parses', () => {
    expect(checks.typescript(fences)).toEqual([]);
  });

  it('hold JSON that parses', () => {
    expect(checks.json(fences)).toEqual([]);
  });

  it('hold SQL statements that each start with a keyword and end with a semicolon', () => {
    expect(checks.sql(fences)).toEqual([]);
  });

  it('keep each inline code span on one line, where Prettier cannot read its wrapped end as Markdown', () => {
    expect(pages.flatMap((page) => checks.spanningCode(page.file, page.prose))).toEqual([]);
  });
});

describe('references to the docs', () => {
  it('from code and configs lead to a file and a heading that exist', () => {
    const broken = codeFiles().flatMap((file) => checks.citations(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(broken).toEqual([]);
  });

  it('from Markdown links between the pages lead to a file and a heading that exist', () => {
    const broken = markdownFiles().flatMap((file) => checks.links(file, parseMarkdown(file).prose));
    expect(broken).toEqual([]);
  });
});

describe('the checks themselves', () => {
  // Spelled so that the citation check, which reads this file too, does not take them for citations.
  const docs = 'docs';
  const probe = [
    '# Probe',
    '',
    '- one `UPDATE t SET n = n',
    '  + 1 WHERE id = ?`, wrapped',
    '',
    '```',
    'a diagram',
    '```',
    '',
    '  ```ts',
    '  const broken = {;',
    '  ```',
    '',
    '```json',
    "{ 'single': 'quotes' }",
    '```',
    '',
    '```sql',
    'UPDATE t SET n = n',
    '- 1 WHERE id = ?',
    '```',
    '',
    '```sql',
    'SELECT 1;',
    '+ 1 WHERE id = ?;',
    '```',
    '',
    `[fine](#probe), [gone](no-such-page.md), [no heading](${docs}/architecture.md#no-such-heading), [web](https://example.com/x.md)`,
  ].join('\n');
  const { fences, prose } = parseMarkdown('probe.md', probe);

  it('find each kind of broken sample', () => {
    expect(checks.unlabelled(fences)).toEqual(['probe.md:6: a fence without a language']);
    expect(checks.typescript(fences)).toEqual([expect.stringMatching(/^probe\.md:10: /)]);
    expect(checks.json(fences)).toEqual([expect.stringMatching(/^probe\.md:14: /)]);
    expect(checks.sql(fences)).toEqual([
      'probe.md:18: the last statement does not end with ";"',
      'probe.md:23: not a statement: + 1 WHERE id = ?',
    ]);
    expect(checks.spanningCode('probe.md', prose)).toHaveLength(2);
  });

  it('find each kind of broken reference, and leave good ones and web addresses alone', () => {
    expect(checks.links('probe.md', prose)).toEqual([
      'probe.md: no-such-page.md: no such file',
      `probe.md: ${docs}/architecture.md#no-such-heading: no heading with the anchor #no-such-heading`,
    ]);
    const code = [
      `// (${docs}/adr) (${docs}/architecture.md#testing) (${docs}/operations.md.)`,
      `// ${docs}/adr/0006 ${docs}/api.md#nowhere`,
    ];
    expect(checks.citations('probe.ts', code.join('\n'))).toEqual([
      `probe.ts: ${docs}/adr/0006: no such file`,
      `probe.ts: ${docs}/api.md#nowhere: no heading with the anchor #nowhere`,
    ]);
  });
});
