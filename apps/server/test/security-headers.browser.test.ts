import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';

import { startTestApp, type TestApp } from './support/test-app';

/*
 * The security headers on every answer of the server, as production wires it
 * (over HTTP, in this process), serving the built apps. It lives in the browser project, whose
 * global setup (tools/jest/browser-global-setup.ts) fails the run when either app is not built
 * ("run pnpm build"), so the walk below always has every static file of both apps to request.
 */
const ROOT = join(__dirname, '..', '..', '..');
const PUBLIC_DIST = join(ROOT, 'apps', 'public-site', 'dist');
const ADMIN_DIST = join(ROOT, 'apps', 'admin', 'dist');
const UNKNOWN_ID = '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

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
function headerProblems(path: string, raw: Record<string, string | string[] | undefined>): string[] {
  const problems: string[] = [];
  const headers = {
    get: (name: string): string | null => (raw[name] === undefined ? null : String(raw[name])),
  };
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== undefined && words[0] !== '')
      .map(([name, ...values]) => [name ?? '', values]),
  );
  // Fetch directives fall back to default-src; base-uri and frame-ancestors do not.
  const effective = (name: string) =>
    directives.get(name) ?? (name.endsWith('-src') ? directives.get('default-src') : undefined);
  const expectDirective = (name: string, allowed: string[][]) => {
    const values = JSON.stringify(effective(name));
    if (!allowed.some((option) => JSON.stringify(option) === values)) {
      problems.push(`CSP ${name} is ${values} (${csp})`);
    }
  };
  const selfOrNone = [["'self'"], ["'none'"]];
  expectDirective('default-src', selfOrNone);
  expectDirective('script-src', selfOrNone);
  expectDirective('connect-src', selfOrNone);
  expectDirective('object-src', [["'none'"]]);
  expectDirective('base-uri', [["'none'"]]);
  expectDirective('frame-ancestors', [["'none'"]]);
  if (/unsafe-inline|unsafe-eval|\*|data:/.test(csp.replace(/(style|img)-src[^;]*/g, ''))) {
    problems.push(`CSP too loose: ${csp}`);
  }
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
  for (const [name, value] of Object.entries(raw).map(([n, v]) => [n, String(v)] as const)) {
    if (/(koa|node|express|typeorm|sqlite|mysql|mariadb)[/ ]?v?\d/i.test(value))
      problems.push(`${name} leaks: ${value}`);
  }
  return problems;
}

describe('the security headers of the built server', () => {
  let app: TestApp;
  let token: string;
  const seen: string[] = [];
  const failures: string[] = [];

  interface Options {
    readonly rawBody?: string;
    readonly token?: string;
    readonly headers?: Record<string, string>;
  }
  async function check(method: Method, path: string, options: Options = {}) {
    const response = await app.call(method, path, { ...options, undocumented: true });
    seen.push(`${method} ${path} ${response.status}`);
    for (const problem of headerProblems(path, response.headers as Record<string, string>)) {
      failures.push(`${method} ${path} (${response.status}): ${problem}`);
    }
    return response;
  }

  beforeAll(async () => {
    app = await startTestApp();
    token = await app.signIn();
  });
  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    failures.length = 0;
  });

  it('are sent on every operation of the OpenAPI document, signed in and not, and on unknown API paths', async () => {
    const document = (await check('GET', '/api/openapi.json')).body as OpenApiDocument;
    const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as Method,
        path: template.replace(/\{[^}]+\}/g, UNKNOWN_ID),
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(15);
    for (const { method, path } of operations) {
      if (path === '/api/admin/logout') continue; // last: it ends the session
      const rawBody = method === 'GET' ? undefined : '{}';
      await check(method, path, { rawBody });
      await check(method, path, { rawBody, token });
    }
    await check('POST', '/api/admin/login', { rawBody: JSON.stringify({ username: 'owner', password: 'wrong-one' }) });
    await check('GET', '/api/no-such-route');
    await check('DELETE', '/api/guestbook-entries');
    await check('POST', '/api/guestbook-entry', { rawBody: 'x=1', headers: { 'Content-Type': 'text/plain' } });
    await check('GET', '/API/ADMIN/GUESTBOOK');
    await check('POST', '/api/admin/logout', { token });
    expect(
      seen.filter((line) => line.startsWith('GET /api/admin/guestbook ')).map((line) => line.split(' ')[2]),
    ).toEqual(['401', '200']);
    expect(failures).toEqual([]);
  });

  it('are sent on every static file of both apps, their pages, and the not-found pages', async () => {
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
      expect(response.headers['content-encoding']).toBe('gzip');
    }
    for (const page of ['/', '/admin', '/admin/login', '/admin/guestbook', '/no-such-page', '/admin/no-such-page']) {
      await check('GET', page);
    }
    await check('GET', '/healthz');
    await check('GET', '/readyz');
    expect(failures).toEqual([]);
    // The walk saw what the folders hold (a sanity check on the walk itself).
    expect(readFileSync(join(PUBLIC_DIST, 'index.html'), 'utf8')).toContain('<script');
  });
});
