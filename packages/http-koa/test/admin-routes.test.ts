import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import { AdminSessionErrorCode } from '@memoir/domain';
import { ADMIN_API_PREFIX, ADMIN_APP_BASE, ADMIN_APP_PAGES, API_ROUTES } from '@memoir/shared';
import request from 'supertest';

import { openApiDocument, type HttpUseCases } from '../src';
import { MEDIA_FILE_CALLS } from '../src/media/routes';
import { appWith } from './app-with';

/*
 * API_ROUTES and ADMIN_APP_PAGES (@memoir/shared) are the one list of the admin side.
 * The router and the OpenAPI document are built from it; what cannot import it (the API
 * reference in Markdown, and the admin app's literal paths) is held to it here.
 */

const ROOT = join(__dirname, '..', '..', '..');
const SESSION_ID = '00000000-0000-4000-8000-000000000000';

/** The admin side's calls: every row of API_ROUTES but the visitors'. */
const ADMIN_CALLS = Object.entries(API_ROUTES).filter(([, route]) => route.access !== 'public');

/** "PATCH /api/admin/guestbook/:id" for every admin call of the table, sorted. */
const TABLE = ADMIN_CALLS.map(([, route]) => `${route.method} ${route.path}`).sort();

/** Every file below `dir` whose name ends with one of `endings`. */
function filesBelow(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && endings.some((ending) => entry.name.endsWith(ending)))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the admin routes exist once', () => {
  /** A use case that fails with `code`. */
  const failingWith = (code: string) => ({
    execute: async () => ({ ok: false as const, error: { code, message: `failed with ${code}` } }),
  });
  const app = appWith({
    authenticate: failingWith(AdminSessionErrorCode.NotAuthenticated) as unknown as HttpUseCases['authenticate'],
    logIn: failingWith(AdminSessionErrorCode.InvalidCredentials) as unknown as HttpUseCases['logIn'],
    completeTwoFactorLogIn: failingWith(
      AdminSessionErrorCode.ChallengeExpired,
    ) as unknown as HttpUseCases['completeTwoFactorLogIn'],
  });

  it('serves exactly the admin calls of API_ROUTES under the admin prefix', () => {
    const served = app.routes
      .filter((route) => route.path.toLowerCase().startsWith(`${ADMIN_API_PREFIX}/`))
      .map((route) => `${route.method} ${route.path}`);
    expect(served.sort()).toEqual(TABLE);
  });

  it('puts every admin call under the admin prefix, and asks a session of all but the two steps of sign-in', () => {
    expect(ADMIN_CALLS.every(([, route]) => route.path.startsWith(`${ADMIN_API_PREFIX}/`))).toBe(true);
    const open = ADMIN_CALLS.filter(([, route]) => route.access !== 'admin');
    expect(open.map(([name]) => name)).toEqual(['logIn', 'logInTwoFactor']);
  });

  it.each(ADMIN_CALLS)('asks a session of %s only when the table says so', async (_, route) => {
    const session = route.access === 'admin';
    const path = route.path.replace(':id', SESSION_ID);
    const call = request(app.server)[route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'];
    const body =
      route.path === '/api/admin/login/two-factor'
        ? { challenge: 'unknown', code: '123456' }
        : { username: 'owner', password: 'wrong' };
    const response = await call(path).send(session ? {} : body);
    // Without a token the guard refuses before any handler runs; sign-in reaches its use case.
    const expected = session
      ? AdminSessionErrorCode.NotAuthenticated
      : route.path === '/api/admin/login/two-factor'
        ? AdminSessionErrorCode.ChallengeExpired
        : AdminSessionErrorCode.InvalidCredentials;
    expect([response.status, response.body.code]).toEqual([401, expected]);
  });

  it('documents exactly those calls in the OpenAPI document', () => {
    const documented = Object.entries(openApiDocument().paths as Record<string, object>)
      .filter(([template]) => template.startsWith(`${ADMIN_API_PREFIX}/`))
      .flatMap(([template, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    // The uploads take a file, not JSON: outside the table, documented beside it (media/routes.ts).
    expect(documented.sort()).toEqual([...TABLE, ...MEDIA_FILE_CALLS].sort());
  });

  it('lists exactly those calls in the API reference, docs/api.md', () => {
    const markdown = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
    const listed = [...markdown.matchAll(/^\| `(GET|POST|PATCH|PUT|DELETE) (\/api\/admin\/[^`?\s]*)[^`]*` /gm)].map(
      ([, method, path]) => `${method} ${(path ?? '').replace(/\{(\w+)\}/g, ':$1')}`,
    );
    expect(listed.sort()).toEqual(TABLE);
  });

  it("has the admin app's router declare exactly the pages the server answers with 200", () => {
    const sources = filesBelow(join(ROOT, 'apps', 'admin', 'src'), ['.tsx', '.ts'])
      .map((file) => readFileSync(file, 'utf8'))
      .filter((text) => text.includes('createRoute('));
    const text = sources.join('\n');
    expect(text).toContain(`basepath: '${ADMIN_APP_BASE}'`);
    // `path: '/login'` in a route's options, or the first argument of screenRoute / listRoute.
    const declared = [...text.matchAll(/\b(?:path: |screenRoute\(|listRoute\(\s*)'(\/[^']*)'/g)].map(([, path]) =>
      path === '/' ? ADMIN_APP_BASE : `${ADMIN_APP_BASE}${path ?? ''}`,
    );
    expect(declared.sort()).toEqual([...ADMIN_APP_PAGES].sort());
  });
});
