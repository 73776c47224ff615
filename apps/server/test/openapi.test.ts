import { readFileSync } from 'node:fs';

import { describe, expect, it } from '@jest/globals';
import { openApiDocument } from '@memoir/http-koa';

import { OPENAPI_FILE, renderOpenApi } from '../../../tools/write-openapi';
import { startTestApp } from './support/test-app';

const documented = (): string[] =>
  Object.entries(openApiDocument().paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the OpenAPI document', () => {
  it('describes every route of the app, and only those', async () => {
    const app = await startTestApp();
    await app.close();
    const routes = app.routes.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect([...new Set(routes)].sort()).toEqual(documented().sort());
  });

  it('is OpenAPI 3.1 with a success answer for every operation', () => {
    expect(openApiDocument().openapi).toBe('3.1.0');
    for (const operations of Object.values(openApiDocument().paths)) {
      for (const operation of Object.values(operations) as Array<{ responses: Record<string, unknown> }>) {
        // The download button's success is a redirect to the copy (303).
        expect(Object.keys(operation.responses).some((status) => status.startsWith('2') || status === '303')).toBe(
          true,
        );
      }
    }
  });

  it('is the copy in docs/openapi.json (run `pnpm openapi` after changing it)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });
});
