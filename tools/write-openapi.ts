// Writes the API reference from the contract: docs/openapi.json (the document the server
// serves) and the table of calls in docs/api.md. `pnpm openapi`; a test fails when either
// committed file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { API_ROUTES, type ApiRouteName } from '@memoir/shared';
import { fieldNames, routeClasses, schemaOf, type ContractClass } from '@memoir/shared/contract';

import { documentedSpecs } from '../packages/http-koa/src/api/api-router';
import type { RouteSpec } from '../packages/http-koa/src/api/route-spec';
import { openApiDocument } from '../packages/http-koa/src/openapi/document';
import { markdownTable, withSection } from './markdown';

export const OPENAPI_FILE = join(__dirname, '..', 'docs', 'openapi.json');
export const API_DOC_FILE = join(__dirname, '..', 'docs', 'api.md');
export const CALLS_START = '<!-- api-calls:start -->';
export const CALLS_END = '<!-- api-calls:end -->';

export function renderOpenApi(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

/** `name, location?, message`: a class's fields, `?` where one may be left out. */
function fieldList(type: ContractClass): string {
  const { required } = schemaOf(type) as { required: readonly string[] };
  return fieldNames(type)
    .map((name) => (required.includes(name) ? name : `${name}?`))
    .join(', ');
}

function row(name: ApiRouteName, spec: RouteSpec<ApiRouteName>): string[] {
  const route = API_ROUTES[name];
  const classes = routeClasses(route);
  const query = classes.query === undefined ? '' : `?${fieldNames(classes.query).join('&')}`;
  const call = `\`${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}${query}\``;
  const takes = classes.body === undefined ? '' : `\`${fieldList(classes.body)}\``;
  const answers =
    'csv' in spec
      ? `${route.status} CSV, a row per ${spec.csv}`
      : classes.answers.map((type) => `${route.status} \`{ ${fieldList(type)} }\``).join(' or ');
  const who = route.access === 'admin' ? 'owner' : route.access === 'sign-in' ? 'sign-in' : 'anyone';
  return [call, who, takes, answers, spec.summary.replaceAll('|', '/')];
}

/** The generated table of docs/api.md, markers included. */
export function renderApiCalls(): string {
  const specs = documentedSpecs();
  const names = Object.keys(API_ROUTES) as ApiRouteName[];
  const table = markdownTable(
    ['call', 'who', 'takes', 'answers', 'what it does'],
    names.map((name) => row(name, specs[name] as RouteSpec<ApiRouteName>)),
  );
  return [
    CALLS_START,
    '<!-- Written by `pnpm openapi` from API_ROUTES and packages/http-koa/src/api/: edit them there. -->',
    '',
    table,
    '',
    CALLS_END,
  ].join('\n');
}

export const withApiCalls = (markdown: string): string =>
  withSection(markdown, CALLS_START, CALLS_END, renderApiCalls(), 'docs/api.md');

if (require.main === module) {
  writeFileSync(OPENAPI_FILE, renderOpenApi());
  writeFileSync(API_DOC_FILE, withApiCalls(readFileSync(API_DOC_FILE, 'utf8')));
  process.stdout.write(`wrote ${OPENAPI_FILE} and the calls of ${API_DOC_FILE}\n`);
}
