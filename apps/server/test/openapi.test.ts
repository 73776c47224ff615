import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import { openApiDocument } from '@memoir/http-koa';

import { API_DOC_FILE, OPENAPI_FILE, renderOpenApi, withApiCalls } from '../../../tools/write-openapi';
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
        // The download button's success is a redirect to the copy (303), a store link's to the store (302).
        expect(
          Object.keys(operation.responses).some((status) => status.startsWith('2') || /^30[23]$/.test(status)),
        ).toBe(true);
      }
    }
  });

  it('is the copy in docs/openapi.json (run `pnpm openapi` after changing it)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });

  it("is docs/api.md's table of calls (run `pnpm openapi` after changing it)", () => {
    const committed = readFileSync(API_DOC_FILE, 'utf8');
    expect(committed).toBe(withApiCalls(committed));
  });

  // Redocly's recommended rules, as an outside reader of the reference would run them: no
  // operation without its `security`, no empty `servers`, every operation summarised, ... .
  it("passes Redocly's recommended rules with no error", () => {
    const script = join(__dirname, '..', '..', '..', 'tools', 'lint-openapi.mjs');
    // Exit code 1 on an error: read the problems either way.
    let output: string;
    try {
      output = execFileSync(process.execPath, [script, '--json'], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const problems = JSON.parse(output) as Array<{ severity: string; rule: string; message: string; at: string }>;
    expect(problems.length).toBeGreaterThan(0); // the linter ran: its warnings are listed too
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.rule}: ${problem.message} (${problem.at})`)).toEqual([]);
  });
});
