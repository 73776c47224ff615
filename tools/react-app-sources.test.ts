import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

/**
 * Three rules of the React apps that a linter here cannot hold (the ESLint config is shared by
 * every package), checked over their sources:
 * - a feature never imports another feature (bulletproof-react's rule): what two features
 *   share lives in the app's `shared/` folder, and only routes put features together;
 * - icons are SVG (packages/web-ui/src/icons.tsx), never characters a font may lack;
 * - the API is called by the names of its route table (`api.call('signGuestbook', …)` of
 *   @memoir/web-ui, API_ROUTES of @memoir/shared), never by a path written out: no string in
 *   the apps' sources (tests aside) holds `/api/`.
 */

const ROOT = join(__dirname, '..');
const APPS = ['apps/admin', 'apps/public-site'];
const SOURCE = /\.tsx?$/;

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else if (SOURCE.test(name)) found.push(child);
    }
  };
  walk(join(ROOT, folder));
  return found;
}

/** Every module specifier of a file: static imports and re-exports, and dynamic imports. */
function specifiers(text: string): string[] {
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** The feature a path belongs to (`apps/<app>/src/features/<feature>/…`), or null. */
function featureOf(path: string): string | null {
  const match = /^(apps\/[^/]+)\/src\/features\/([^/]+)\//.exec(relative(ROOT, path).split(sep).join('/'));
  return match ? `${match[1]}:${match[2]}` : null;
}

/** `file` imports a feature other than its own: the specifiers that do. */
function crossFeatureImports(file: string, text: string): string[] {
  const own = featureOf(file);
  if (own === null) return [];
  return specifiers(text).filter((specifier) => {
    if (specifier.startsWith('.')) {
      const target = featureOf(`${resolve(dirname(file), specifier)}/`);
      return target !== null && target !== own;
    }
    const named = /(?:^|\/)features\/([^/]+)/.exec(specifier);
    return named !== null && `${own.split(':')[0]}:${named[1]}` !== own;
  });
}

/**
 * Characters used as icons that fonts often lack: arrows, technical symbols (U+23FB power),
 * geometric shapes, dingbats and other symbols, emoji, and the bullet, angle quotes and
 * multiplication sign drawn as buttons. Typography (the middle dot, the ellipsis, curly
 * quotes, ©) is text and stays.
 */
const ICON_GLYPHS =
  /[\u2022\u2039\u203A\u00D7\u2190-\u21FF\u2300-\u23FF\u2460-\u24FF\u25A0-\u27BF\u2900-\u297F\u2B00-\u2BFF]|\uFE0F|[\u{1F000}-\u{1FAFF}]/u;

function iconGlyphs(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => ICON_GLYPHS.test(line))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

/** An absolute API path (`/api/…`), not a folder named api in a module's path (`../api/session`). */
const API_PATH = /(^|[^\w./-])\/api\//;

/** The strings and template texts of a file that hold an API path, with their lines. */
function apiPathLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      if (API_PATH.test(node.text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${line + 1}: ${node.getText(source).trim()}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the React apps', () => {
  it('never import one feature from another', () => {
    const found = APPS.flatMap(sourceFiles).flatMap((file) =>
      crossFeatureImports(file, readFileSync(file, 'utf8')).map(
        (specifier) => `${relative(ROOT, file)} imports ${specifier}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('tell a cross-feature import from an import of the same feature, of shared code, or of a route', () => {
    const file = join(ROOT, 'apps/admin/src/features/guestbook/components/guestbook-page.tsx');
    const text = [
      "import { DASHBOARD_KEY } from '../../dashboard/api/dashboard';",
      "import { humanAge } from '../../scholarships/utils/delivery-state';",
      "export { x } from '@/features/audit-logs/api/audit-logs';",
      "const Page = lazy(() => import('../../session/components/login-page'));",
      "import { useGuestbookEntries } from '../api/guestbook-entries';",
      "import { BackLink } from '../../../shared/back-link';",
      "import { useQuery } from '@tanstack/react-query';",
    ].join('\n');
    expect(crossFeatureImports(file, text)).toEqual([
      '../../dashboard/api/dashboard',
      '../../scholarships/utils/delivery-state',
      '@/features/audit-logs/api/audit-logs',
      '../../session/components/login-page',
    ]);
    const route = join(ROOT, 'apps/admin/src/router.tsx');
    expect(crossFeatureImports(route, "import { x } from './features/dashboard/api/dashboard';")).toEqual([]);
  });

  it('draw icons as SVG, never as characters a font may lack', () => {
    const found = [...APPS.map((app) => `${app}/src`), 'packages/web-ui/src']
      .flatMap(sourceFiles)
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) => iconGlyphs(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}:${line}`));
    expect(found).toEqual([]);
  });

  it('tell an icon character from typography', () => {
    expect(iconGlyphs("const ICONS = { session: '⏻', decision: '✓', other: '•' };\n<span>← Back</span>")).toHaveLength(
      2,
    );
    expect(iconGlyphs('<button>‹</button>\n<button>×</button>\n<p>🔒</p>')).toHaveLength(3);
    expect(iconGlyphs('a · b … “quoted” © 2026')).toEqual([]);
  });

  it('call the API by its route table, never by a path written out', () => {
    const found = [...APPS.map((app) => `${app}/src`), 'packages/web-ui/src']
      .flatMap(sourceFiles)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        apiPathLiterals(file, readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}:${line}`),
      );
    expect(found).toEqual([]);
  });

  it('find an API path in a string, a template or JSX text, not in a comment', () => {
    const text = [
      "const a = '/api/admin/dashboard';",
      'const b = `/api/admin/guestbook/${id}`;',
      'const c = fetch(`${base}/api/events`);',
      '// the bearer header goes on /api/admin/* calls',
      '/** `GET /api/admin/security` */',
      "const d = api.call('dashboard');",
      "import { useSession } from '../api/session';",
      "import { x } from './features/session/api/session';",
    ].join('\n');
    expect(apiPathLiterals('x.ts', text).map((hit) => hit.split(':')[0])).toEqual(['1', '2', '3']);
    expect(apiPathLiterals('x.tsx', 'const e = <p>POST /api/events</p>;')).toHaveLength(1);
  });
});
