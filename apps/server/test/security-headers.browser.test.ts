import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { adminHeaders, startSiteServer, type SiteServer } from '../../../tools/browser-testing/browser';

/*
 * Issue 9, part 4: the security headers on every answer of the built server. It lives in the
 * browser project, whose global setup (tools/jest/browser-global-setup.ts) fails the run when
 * the server or either app is not built ("run pnpm build"), so the walk below always has
 * every static file of both apps to request.
 */
const ROOT = join(__dirname, '..', '..', '..');
const PUBLIC_DIST = join(ROOT, 'apps', 'public-site', 'dist');
const ADMIN_DIST = join(ROOT, 'apps', 'admin', 'dist');
const UNKNOWN_ID = '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** The served files: precompressed twins (.br, .gz) are the same URL, asked with Accept-Encoding. */
const servedUrls = (dist: string, base: string): string[] =>
  filesUnder(dist)
    .filter((path) => !/\.(br|gz)$/.test(path))
    .map((path) => `${base}${relative(dist, path).split('\\').join('/')}`)
    // The page is served at the app's routes ("/index.html" itself is not one: the app's 404).
    .map((url) => (url.endsWith('/index.html') ? url.slice(0, -'index.html'.length) : url));

/** What every answer must carry; returns the problems found, empty when all is well. */
function headerProblems(path: string, headers: Headers): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== undefined && words[0] !== '')
      .map(([name, ...values]) => [name ?? '', values]),
  );
  const expectDirective = (name: string, values: string[]) => {
    if (JSON.stringify(directives.get(name)) !== JSON.stringify(values)) {
      problems.push(`CSP ${name} is ${JSON.stringify(directives.get(name))}, not ${JSON.stringify(values)}`);
    }
  };
  expectDirective('default-src', ["'self'"]);
  expectDirective('script-src', ["'self'"]);
  expectDirective('object-src', ["'none'"]);
  expectDirective('base-uri', ["'none'"]);
  expectDirective('frame-ancestors', ["'none'"]);
  if (/unsafe-inline|unsafe-eval|\*/.test(csp.replace(/style-src[^;]*/, ''))) problems.push(`CSP too loose: ${csp}`);
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (headers.get('x-frame-options') !== 'DENY') problems.push(`X-Frame-Options ${headers.get('x-frame-options')}`);
  const referrer = headers.get('referrer-policy') ?? '';
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer)) {
    problems.push(`Referrer-Policy "${referrer}"`);
  }
  if (/^\/api\/admin(\/|$)/i.test(path) && headers.get('cache-control') !== 'no-store') {
    problems.push(`admin answer with Cache-Control "${headers.get('cache-control')}"`);
  }
  if (headers.get('x-powered-by') !== null) problems.push(`X-Powered-By: ${headers.get('x-powered-by')}`);
  const server = headers.get('server');
  if (server !== null && /\d/.test(server)) problems.push(`Server: ${server}`);
  for (const [name, value] of headers) {
    if (/(koa|node|express|typeorm|sqlite|mysql|mariadb)[/ ]?v?\d/i.test(value))
      problems.push(`${name} leaks: ${value}`);
  }
  return problems;
}

describe('security headers on every route and every static file of the built server', () => {
  let site: SiteServer;
  let auth: Record<string, string>;
  const seen: string[] = [];
  const failures: string[] = [];

  async function check(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${site.url}${path}`, { method, redirect: 'manual', ...init });
    await response.arrayBuffer();
    seen.push(`${method} ${path} ${response.status}`);
    for (const problem of headerProblems(path, response.headers)) {
      failures.push(`${method} ${path} (${response.status}): ${problem}`);
    }
    return response;
  }

  beforeAll(async () => {
    site = await startSiteServer();
    auth = await adminHeaders(site.url);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('on every operation of the OpenAPI document, signed in and not, and on unknown API paths', async () => {
    const document = (await (await fetch(`${site.url}/api/openapi.json`)).json()) as OpenApiDocument;
    const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path: template.replace('{id}', UNKNOWN_ID),
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(15);
    for (const { method, path } of operations) {
      if (path === '/api/admin/logout') continue; // last: it ends the session
      const body = method === 'GET' ? undefined : '{}';
      await check(method, path, { body, headers: { 'Content-Type': 'application/json' } });
      await check(method, path, { body, headers: auth });
    }
    await check('POST', '/api/admin/login', {
      body: JSON.stringify({ username: 'admin', password: 'wrong-password' }),
      headers: { 'Content-Type': 'application/json' },
    });
    await check('GET', '/api/no-such-route');
    await check('DELETE', '/api/guestbook-entries');
    await check('POST', '/api/guestbook-entry', { body: 'x=1', headers: { 'Content-Type': 'text/plain' } });
    await check('GET', '/API/ADMIN/GUESTBOOK');
    await check('POST', '/api/admin/logout', { headers: auth });
    expect(
      seen.filter((line) => line.startsWith('GET /api/admin/guestbook ')).map((line) => line.split(' ')[2]),
    ).toEqual(['401', '200']);
    expect(failures).toEqual([]);
  });

  it('on every static file of both apps, their pages, and the not-found page', async () => {
    const files = [...servedUrls(PUBLIC_DIST, '/'), ...servedUrls(ADMIN_DIST, '/admin/')];
    expect(files).toContain('/');
    expect(files).toContain('/admin/');
    expect(files.filter((path) => path.endsWith('.js')).length).toBeGreaterThanOrEqual(4);
    for (const path of files) {
      const response = await check('GET', path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect([path, response.status]).toEqual([path, 200]);
    }
    // A precompressed twin is served too, and must carry the same headers.
    for (const path of files.filter((file) => file.endsWith('.js')).slice(0, 2)) {
      const response = await check('GET', path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.headers.get('content-encoding')).toBe('gzip');
    }
    for (const page of ['/', '/admin', '/admin/login', '/admin/guestbook', '/no-such-page', '/admin/no-such-page']) {
      await check('GET', page);
      await check('HEAD', page);
    }
    await check('GET', '/healthz');
    await check('GET', '/readyz');
    expect(failures).toEqual([]);
    // The walk saw what the folders hold (a sanity check on the walk itself).
    expect(readFileSync(join(PUBLIC_DIST, 'index.html'), 'utf8')).toContain('<script');
  });
});
