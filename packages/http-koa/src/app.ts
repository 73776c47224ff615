import type { IncomingMessage, ServerResponse } from 'node:http';

import { bodyParser } from '@koa/bodyparser';
import { API_ROUTES } from '@memoir/shared';
import type { Router } from '@koa/router';
import Koa, { type Context } from 'koa';

import type { HttpAppOptions } from './deps';
import { downloadRoutes } from './download';
import { privacyRoutes } from './privacy-page';
import { MAIL_EVENTS_PATH, mailEventRoutes } from './mail-events/routes';
import { requestStatusRoutes } from './request-status-page';
import { readerPageRoutes } from './reader-pages';
import { reviewReminderRoutes } from './review-reminder-page';
import { storeLinkRoutes } from './store-links';
import { forwardedHeaders } from './forwarded';
import {
  adminHostOnly,
  errorsAndLogging,
  isApiPath,
  jsonBodiesOnly,
  knownMethodsOnly,
  securityHeaders,
} from './middleware';
import { openApiRoutes } from './openapi/document';
import { publicListFirst } from './public-list';
import { metricsRoutes } from './metrics';
import { adminApiRoutes, publicApiRoutes } from './api/api-router';
import { healthRoutes } from './health';
import { isMediaUpload, mediaRoutes } from './media/routes';

/** Request bodies are small JSON objects; 16 KB is many times the largest form. */
export const BODY_LIMIT = '16kb';
/** The largest body of a site content save (PUT /api/admin/site-content/draft). */
export const CONTENT_BODY_LIMIT = '2mb';

export interface RouteDescription {
  readonly method: string;
  readonly path: string;
}

export interface HttpApp {
  readonly app: Koa;
  /** What the HTTP server runs: the public list's own answer in front of `app.callback()`. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** Every route of every router, for tests that must cover them all. */
  readonly routes: readonly RouteDescription[];
}

function describe(router: Router): RouteDescription[] {
  return router.stack.flatMap((layer) =>
    layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
  );
}

/** What `Allow` says for a path: its routes' methods, or those of a page (the apps answer GET). */
function allowedMethods(routers: readonly Router[], path: string): string[] {
  const methods = new Set(
    routers.flatMap((router) => router.match(path, 'GET').path.flatMap((layer) => layer.methods)),
  );
  return methods.size > 0 ? [...methods] : ['GET', 'HEAD'];
}

/**
 * The route label of an answered request (ObservedRequest's `route`): the template of the
 * route that answers its path and method (`/api/admin/guestbook/:id`), even when a
 * router-wide middleware (the admin sign-in check) answered first; `unmatched` for an API
 * path no route has, `static` for the apps' files and pages.
 */
function routeTemplate(routers: readonly Router[]): (ctx: Context) => string {
  return (ctx) => {
    for (const router of routers) {
      const route = router
        .match(ctx.path, ctx.method)
        .pathAndMethod.filter((layer) => layer.methods.length > 0)
        .at(-1);
      if (route !== undefined) return String(route.path);
    }
    return isApiPath(ctx.path) ? 'unmatched' : 'static';
  };
}

/** The Koa application: every call of the specification, behind one error shape. */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const app = new Koa();
  // Koa reads X-Forwarded-* only when some proxy is trusted, and then only what
  // `forwardedHeaders` left of them (forwarded.ts).
  app.proxy = options.trustProxy.kind !== 'none';
  app.silent = true;

  const routers = [
    healthRoutes(options),
    metricsRoutes(options),
    openApiRoutes(),
    publicApiRoutes(options),
    adminApiRoutes(options),
    downloadRoutes(options),
    mailEventRoutes(options),
    requestStatusRoutes(options),
    readerPageRoutes(options),
    reviewReminderRoutes(options),
    storeLinkRoutes(options),
    mediaRoutes(options),
    ...(options.privacy === undefined ? [] : [privacyRoutes(options.privacy)]),
  ];

  const { observeRequest } = options;
  const observe =
    observeRequest === undefined ? undefined : { request: observeRequest, routeOf: routeTemplate(routers) };
  app.use(errorsAndLogging(options.logger, options.isDatabaseUnavailable, observe));
  const forwarded = forwardedHeaders(options);
  if (forwarded !== null) app.use(forwarded);
  app.use(securityHeaders(options.trustProxy));
  app.use(knownMethodsOnly((path) => allowedMethods(routers, path)));
  app.use(adminHostOnly(options.adminHost));
  // A provider's delivery event is read (and its signature checked) as it came, whatever its type.
  const isMailEvent = (ctx: { readonly path: string }) => ctx.path.startsWith(`${MAIL_EVENTS_PATH}/`);
  // RFC 8058: a mail provider's one-click unsubscribe is form-encoded (`List-Unsubscribe=One-Click`).
  const isOneClick = (ctx: { readonly path: string }) => ctx.path === API_ROUTES.unsubscribeReader.path;
  // An upload is a file (the body itself, or a multipart form), streamed by its route.
  const readsOwnBody = (ctx: Context) => isMailEvent(ctx) || isMediaUpload(ctx);
  app.use((ctx, next) => (readsOwnBody(ctx) || isOneClick(ctx) ? next() : jsonBodiesOnly(ctx, next)));
  // Only the API reads bodies: the download button's form posts one it does not need.
  const jsonParser = (jsonLimit: string) =>
    bodyParser({
      enableTypes: ['json'],
      jsonLimit,
      encoding: 'utf-8',
      // DELETE too: turning two-factor off takes the password in the body.
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    });
  const parseJson = jsonParser(BODY_LIMIT);
  // The site's content is larger than any form; and a field too long in it is a 400 that names
  // the field, not a 413 for the whole body.
  const parseContent = jsonParser(CONTENT_BODY_LIMIT);
  const parseOneClick = bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: BODY_LIMIT,
    formLimit: BODY_LIMIT,
    encoding: 'utf-8',
    parsedMethods: ['POST'],
  });
  app.use((ctx, next) => {
    if (!isApiPath(ctx.path) || readsOwnBody(ctx)) return next();
    if (isOneClick(ctx)) return parseOneClick(ctx, next);
    return (ctx.path === API_ROUTES.saveSiteDraft.path ? parseContent : parseJson)(ctx, next);
  });
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  if (options.fallback !== undefined) app.use(options.fallback);

  return { app, handler: publicListFirst(options, app.callback()), routes: routers.flatMap(describe) };
}
