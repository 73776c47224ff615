import { Router } from '@koa/router';
import { API_ROUTES, type ApiRoute, type ApiRouteName } from '@memoir/shared';
import {
  componentSchemas,
  ErrorBody,
  MediaUploadResponse,
  queryParametersOf,
  refTo,
  routeClasses,
  type JsonSchema,
} from '@memoir/shared/contract';

import { documentedSpecs } from '../api/api-router';
import type { ErrorDoc, RouteSpec } from '../api/route-spec';
import { OTHER_PATHS } from './other-paths';

/*
 * The API reference, OpenAPI 3.1 (JSON Schema 2020-12), written from the contract: each call of
 * API_ROUTES with the classes and words its capability's routes file gives it, the schemas from
 * the classes themselves. Served at /api/openapi.json and copied to docs/openapi.json (`pnpm
 * openapi`); tests fail when the copy is stale, when a route is missing here, or when an answer
 * of the HTTP suites does not match its schema.
 */

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/**
 * A call's body. RFC 8058's one-click unsubscribe comes from a mail provider form-encoded
 * (`List-Unsubscribe=One-Click`), and from some with no body at all: the server reads either
 * (app.ts), and the document says so.
 */
function requestBody(name: ApiRouteName, body: ReturnType<typeof routeClasses>['body']) {
  if (body === undefined) return {};
  const content = json({ $ref: refTo(body) });
  if (name !== 'unsubscribeReader') return { requestBody: { required: true, content } };
  const form = { 'application/x-www-form-urlencoded': content['application/json'] };
  return { requestBody: { required: false, content: { ...content, ...form } } };
}

/** An error answer: the Error body, with any headers it carries. */
export const errorResponse = (doc: ErrorDoc) => ({
  description: doc.description,
  content: json({ $ref: refTo(ErrorBody) }),
  ...(doc.headers === undefined ? {} : { headers: doc.headers }),
});

/** What every call of its kind may answer besides its own errors. */
function commonErrors(name: ApiRouteName): Record<string, ErrorDoc> {
  const route: ApiRoute = API_ROUTES[name];
  const takesBody = route.method !== 'GET';
  return {
    ...(takesBody || route.query !== undefined
      ? { '400': { description: 'A field is missing, of the wrong type or unknown (fieldErrors names each)' } }
      : {}),
    ...(route.access === 'admin' ? { '401': { description: 'No session, or it expired or was revoked' } } : {}),
    ...(takesBody
      ? {
          '413': { description: 'The body is over 16 KB' },
          '415': { description: 'The body is not JSON' },
        }
      : {}),
  };
}

/** A call's success: its JSON answer (one class, or one of several), or a CSV file. */
function success(name: ApiRouteName, spec: RouteSpec<ApiRouteName>) {
  if ('csv' in spec) {
    return {
      description: `Every matching ${spec.csv}, a header row first, written as the database yields them`,
      headers: {
        'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="…-YYYY-MM-DD.csv"' },
      },
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
  }
  const route: ApiRoute = API_ROUTES[name];
  const refs = routeClasses(route).answers.map((type) => ({ $ref: refTo(type) }));
  const file =
    route.attachment === undefined
      ? {}
      : {
          headers: {
            'Content-Disposition': {
              schema: { type: 'string' },
              description: `attachment; filename="${route.attachment}-YYYY-MM-DD.json"`,
            },
          },
        };
  return { description: spec.answered, ...file, content: json(refs.length === 1 ? refs[0]! : { oneOf: refs }) };
}

function operation(name: ApiRouteName, spec: RouteSpec<ApiRouteName>) {
  const route = API_ROUTES[name];
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map(([, param]) => ({
    name: param,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: 'A UUID',
  }));
  const { body, query } = routeClasses(route);
  const parameters = [...pathParameters, ...(query === undefined ? [] : queryParametersOf(query))];
  const errors = { ...commonErrors(name), ...spec.errors };
  return {
    operationId: name,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    security: route.access === 'admin' ? [{ bearer: [] }] : [],
    ...(parameters.length === 0 ? {} : { parameters }),
    ...requestBody(name, body),
    responses: {
      [String(route.status)]: success(name, spec),
      ...Object.fromEntries(
        Object.entries(errors)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, doc]) => [status, errorResponse(doc)]),
      ),
    },
  };
}

/** The document: the calls of API_ROUTES, then the pages and probes outside the JSON API. */
function buildDocument() {
  const specs = documentedSpecs();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    const { method, path } = API_ROUTES[name];
    const template = path.replace(/:(\w+)/g, '{$1}');
    paths[template] = {
      ...paths[template],
      [method.toLowerCase()]: operation(name, specs[name] as RouteSpec<ApiRouteName>),
    };
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'The memoir site API',
      version: '1.0.0',
      description:
        'Public calls for the landing page and the admin calls of the back-office. Errors are `{ success: false, error }` with an honest status. Times are ISO-8601 in UTC. Paths match case-insensitively. Every /api/admin/* call but login needs `Authorization: Bearer <sessionToken>` and is answered with `Cache-Control: no-store`. A request body with a field the call does not take is refused (400, naming it).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The site itself (PUBLIC_BASE_URL; the admin calls on ADMIN_HOST when set)' }],
    paths: { ...OTHER_PATHS, ...paths },
    components: {
      // Read after the paths: building them named every class they use.
      schemas: {} as Record<string, JsonSchema>,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The sessionToken from POST /api/admin/login' },
        basic: {
          type: 'http',
          scheme: 'basic',
          description: "A mail provider's webhook: any user name, the password MAIL_EVENTS_SECRET (ses, postmark)",
        },
      },
    },
  };
  document.components.schemas = componentSchemas([ErrorBody, MediaUploadResponse]);
  return document;
}

let built: ReturnType<typeof buildDocument> | undefined;

/** The API reference, built on first use (a start need not pay for it). */
export function openApiDocument(): ReturnType<typeof buildDocument> {
  built ??= buildDocument();
  return built;
}

export function openApiRoutes(): Router {
  const router = new Router();
  router.get('/api/openapi.json', (ctx) => {
    ctx.body = openApiDocument();
  });
  return router;
}
