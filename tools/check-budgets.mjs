#!/usr/bin/env node
// Prints the gzip size of each app's initial JavaScript and CSS (what index.html loads before
// anything else: its scripts, module preloads and stylesheets) and fails when one is over its
// budget. Run after `pnpm build`; `pnpm test` does. `pnpm bench` reports the same sizes
// through `measureInitialAssets`.
//   node tools/check-budgets.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
export const APPS = [
  { name: 'public-site', dist: 'apps/public-site/dist', base: '/', jsKb: 100, cssKb: 20 },
  { name: 'admin', dist: 'apps/admin/dist', base: '/admin/', jsKb: 180, cssKb: 20 },
];

/**
 * The gzip sizes (level 9, bytes) of each app's initial JavaScript and CSS, with its budget
 * in KB. Throws when an app is not built.
 * @returns {{ name: string, js: number, css: number, jsKb: number, cssKb: number }[]}
 */
export function measureInitialAssets() {
  return APPS.map((app) => {
    const dist = join(root, app.dist);
    const index = join(dist, 'index.html');
    if (!existsSync(index)) throw new Error(`${app.name}: ${index} is missing; run pnpm build first`);
    const html = readFileSync(index, 'utf8');
    const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map(
      (match) => match[1],
    );
    const sizes = { js: 0, css: 0 };
    for (const ref of new Set(refs)) {
      const file = join(dist, ref.replace(app.base, '/'));
      const type = ref.endsWith('.css') ? 'css' : 'js';
      sizes[type] += gzipSync(readFileSync(file), { level: 9 }).length;
    }
    return { name: app.name, ...sizes, jsKb: app.jsKb, cssKb: app.cssKb };
  });
}

function main() {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  let measured;
  try {
    measured = measureInitialAssets();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  let failed = false;
  const rows = [];
  for (const app of measured) {
    for (const [type, budget] of [
      ['js', app.jsKb],
      ['css', app.cssKb],
    ]) {
      const over = app[type] > budget * 1024;
      failed ||= over;
      rows.push(
        `| ${app.name} | initial ${type.toUpperCase()} | ${kb(app[type])} KB | ${budget} KB | ${over ? 'OVER' : 'ok'} |`,
      );
    }
  }
  console.log(['| app | what (gzip) | size | budget | |', '|---|---|---|---|---|', ...rows].join('\n'));
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
