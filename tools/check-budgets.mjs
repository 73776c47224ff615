#!/usr/bin/env node
// Prints the gzip size of each app's initial JavaScript and CSS (what index.html loads before
// anything else: its scripts, module preloads and stylesheets) and fails when one is over its
// budget. Run after `pnpm build`; `pnpm test` does.
//   node tools/check-budgets.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const APPS = [
  { name: 'public-site', dist: 'apps/public-site/dist', base: '/', jsKb: 130, cssKb: 20 },
  { name: 'admin', dist: 'apps/admin/dist', base: '/admin/', jsKb: 180, cssKb: 20 },
];

const kb = (bytes) => (bytes / 1024).toFixed(1);
let failed = false;
const rows = [];
for (const app of APPS) {
  const dist = join(root, app.dist);
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    console.error(`${app.name}: ${index} is missing; run pnpm build first`);
    process.exit(1);
  }
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
  for (const [type, budget] of [
    ['js', app.jsKb],
    ['css', app.cssKb],
  ]) {
    const over = sizes[type] > budget * 1024;
    failed ||= over;
    rows.push(
      `| ${app.name} | initial ${type.toUpperCase()} | ${kb(sizes[type])} KB | ${budget} KB | ${over ? 'OVER' : 'ok'} |`,
    );
  }
}
console.log(['| app | what (gzip) | size | budget | |', '|---|---|---|---|---|', ...rows].join('\n'));
process.exit(failed ? 1 : 0);
