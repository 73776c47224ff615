import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { TypeOrmPersistence } from '@memoir/persistence-typeorm';

import { createTestApp, sqliteTestDatabase, type TestApp, type TestDatabase } from './support/test-app';

const UNKNOWN_ID = '6f1c1bd2-6c64-4a8e-9d55-2a6c1c4f0000';

/** Every path written in lower, upper and mixed case: the routes match case-insensitively. */
const caseVariants = (path: string): string[] => [
  path,
  path.toUpperCase(),
  path.replace(/[a-z]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c)),
  path.replace('/api/admin', '/api/Admin'),
  path.replace('/api/admin', '/API/admin'),
  `${path}/`,
];

/**
 * Authentication and sessions through the real app (issue 9, part 3), beyond what the HTTP
 * suite and the domain's use-case tests already prove (see docs/security.md for the map).
 */
describe('authentication', () => {
  let db: TestDatabase;
  let persistence: TypeOrmPersistence;
  let app: TestApp;

  beforeEach(async () => {
    db ??= sqliteTestDatabase();
    persistence = await db.open();
    app = await createTestApp(persistence, db.url);
  });
  afterEach(async () => {
    await persistence.close();
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('refuses every admin route without a session, whatever the letter case of its path', async () => {
    const adminRoutes = app.routes.filter(
      (route) => /^\/api\/admin\//.test(route.path) && route.path !== '/api/admin/login',
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    const answers: string[] = [];
    for (const route of adminRoutes) {
      for (const path of caseVariants(route.path.replace(':id', UNKNOWN_ID))) {
        const response = await app.call(route.method as 'GET', path, {
          body: route.method === 'PATCH' ? { isApproved: true, status: 'approved' } : undefined,
          undocumented: true,
        });
        answers.push(`${route.method} ${path} ${response.status}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });
});
