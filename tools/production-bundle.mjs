// The production bundle, as the Docker image's last stage holds it: the server with its
// production dependencies only (`pnpm deploy --prod`: no compilers, no test or build tools),
// the two apps' built files and the sample book, laid out as the server looks for them.
//   pnpm build && node tools/production-bundle.mjs <empty folder>
// Run it there with `node --env-file-if-exists=.env dist/src/main.js`.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const out = resolve(process.argv[2] ?? '');
if (process.argv[2] === undefined) {
  console.error('Usage: node tools/production-bundle.mjs <empty folder>');
  process.exit(2);
}
if (existsSync(out) && readdirSync(out).length > 0) {
  console.error(`${out} is not empty: the bundle goes into an empty folder.`);
  process.exit(2);
}
const built = [
  'apps/server/dist/src/main.js',
  'apps/public-site/dist/index.html',
  'apps/public-site/ssr/dist/entry-server.cjs',
  'apps/admin/dist/index.html',
];
const missing = built.filter((path) => !existsSync(join(ROOT, path)));
if (missing.length > 0) {
  console.error(`Build first (pnpm build): ${missing.join(', ')} missing.`);
  process.exit(1);
}

execFileSync('pnpm', ['--filter', '@memoir/server', 'deploy', '--prod', out], { cwd: ROOT, stdio: 'inherit' });
// The server's root is the bundle (its pnpm-workspace.yaml, written by deploy): the apps and
// the sample book go where BOOK_PDF_PATH's default and the static files expect them.
// (ssr/dist: the public site's server entry, with which the server renders the landing page.)
for (const path of ['apps/public-site/dist', 'apps/public-site/ssr/dist', 'apps/admin/dist', 'apps/server/assets']) {
  cpSync(join(ROOT, path), join(out, path), { recursive: true });
}
console.log(`Production bundle in ${out}: node --env-file-if-exists=.env dist/src/main.js`);
