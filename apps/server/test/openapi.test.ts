import { readFileSync } from 'node:fs';

import { describe, expect, it } from '@jest/globals';
import { createInMemoryPersistence } from '@memoir/domain/memory';
import { createHttpApp, OPENAPI_DOCUMENT } from '@memoir/http-koa';
import pino from 'pino';

import { OPENAPI_FILE, renderOpenApi } from '../../../tools/write-openapi';
import { findRootDir, loadConfig } from '../src/config';
import { buildContainer, httpUseCases, TYPES } from '../src/container';

function allRoutes() {
  const config = loadConfig({ DATA_DIR: '/tmp/memoir-openapi-test' }, findRootDir());
  const container = buildContainer(config, pino({ level: 'silent' }), createInMemoryPersistence());
  return createHttpApp({
    useCases: httpUseCases(container),
    rateLimiter: container.get(TYPES.RateLimiter),
    formRateLimit: config.formRateLimit,
    trustProxy: false,
    adminHost: null,
    logger: pino({ level: 'silent' }),
    isDatabaseUnavailable: () => false,
    checkReadiness: async () => true,
    bookStamper: container.get(TYPES.BookStamper),
  }).routes;
}

const documented = (): string[] =>
  Object.entries(OPENAPI_DOCUMENT.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the OpenAPI document', () => {
  it('describes every route of the app, and only those', () => {
    const routes = allRoutes().map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect([...new Set(routes)].sort()).toEqual(documented().sort());
  });

  it('is OpenAPI 3.1 with a success and an error answer for every call', () => {
    expect(OPENAPI_DOCUMENT.openapi).toBe('3.1.0');
    for (const operations of Object.values(OPENAPI_DOCUMENT.paths)) {
      for (const operation of Object.values(operations) as Array<{ responses: Record<string, unknown> }>) {
        expect(Object.keys(operation.responses).some((status) => status.startsWith('2'))).toBe(true);
      }
    }
  });

  it('is the copy in docs/openapi.json (run `pnpm openapi` after changing it)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });
});
