import { Router, type RouterContext } from '@koa/router';
import { ADMIN_API_PREFIX, API_ROUTES, type ApiAccess, type ApiRouteName } from '@memoir/shared';
import { NoBody, routeClasses } from '@memoir/shared/contract';
import type { Middleware } from 'koa';

import type { HttpAppOptions } from '../deps';
import { domainFailure } from '../error-status';
import { parseBody, parseQuery } from '../validation';
import { analyticsRoutes } from './analytics';
import { auditLogRoutes } from './audit-log';
import { crackmeRoutes } from './crackme';
import { dashboardRoutes } from './dashboard';
import { guestbookRoutes } from './guestbook';
import { mailHealthRoutes } from './mail-health';
import { suppressionRoutes } from './suppressions';
import { readerListRoutes } from './reader-list';
import { announcementRoutes } from './announcements';
import { readerRoutes } from './readers';
import { mediaRoutes } from './media';
import { personalDataRoutes } from './personal-data';
import type { AdminState, CallInput, RouteSpec, RouteSpecs } from './route-spec';
import { scholarshipRoutes } from './scholarships';
import { securityRoutes } from './security';
import { signInRoutes } from './sign-in';
import { siteContentRoutes } from './site-content';

/** Every call of API_ROUTES with its spec, from the capabilities' files: a missing one does not compile. */
export function apiSpecs(options: HttpAppOptions): RouteSpecs<ApiRouteName> {
  return {
    ...guestbookRoutes(options),
    ...scholarshipRoutes(options),
    ...signInRoutes(options),
    ...securityRoutes(options),
    ...dashboardRoutes(options),
    ...auditLogRoutes(options),
    ...analyticsRoutes(options),
    ...crackmeRoutes(options),
    ...personalDataRoutes(options),
    ...siteContentRoutes(options),
    ...mailHealthRoutes(options),
    ...suppressionRoutes(options),
    ...readerRoutes(options),
    ...mediaRoutes(options),
    ...readerListRoutes(options),
    ...announcementRoutes(options),
  };
}

/**
 * The specs for their words only (the API reference): no handler runs, so no use case is there.
 * The capabilities' factories only take hold of their use cases; none is called until a request.
 */
export function documentedSpecs(): RouteSpecs<ApiRouteName> {
  return apiSpecs({ useCases: {}, publicBaseUrl: '' } as unknown as HttpAppOptions);
}

/** The bearer token of the Authorization header, or null when there is none or it is blank. */
export function bearerToken(ctx: { get(name: string): string }): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  return match?.[1] ?? null;
}

/**
 * Requires a valid session. Installed with `router.use` on the admin router, so every route
 * added to that router is behind it: a new admin route cannot forget it.
 */
export function requireAdmin(options: HttpAppOptions): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    const result = await options.useCases.authenticate.execute(token);
    if (!result.ok) throw domainFailure(result.error);
    const state = ctx.state as AdminState;
    state.admin = result.value;
    state.token = token ?? '';
    await next();
  };
}

/**
 * One call on one path: its body and query checked against their classes (every JSON call the
 * same way: an unknown field is a 400 naming it), then its handler, whose answer goes out with
 * the table's status.
 */
function serve(name: ApiRouteName, spec: RouteSpec<ApiRouteName>) {
  const route = API_ROUTES[name];
  const classes = routeClasses(route);
  // A GET's body is never read.
  const bodyClass = route.method === 'GET' ? undefined : (classes.body ?? NoBody);
  const queryClass = classes.query;
  return async (ctx: RouterContext): Promise<void> => {
    const input = {
      ctx,
      body: bodyClass === undefined ? {} : await parseBody(bodyClass, ctx.request.body),
      query: queryClass === undefined ? {} : await parseQuery(queryClass, ctx.query),
      params: ctx.params,
    } as CallInput<ApiRouteName>;
    const answer: unknown = await spec.handle(input);
    if (route.answer === 'csv') return;
    ctx.status = route.status;
    if ('attachment' in route) ctx.attachment(`${route.attachment}-${new Date().toISOString().slice(0, 10)}.json`);
    if (ctx.body === undefined || ctx.body === null) ctx.body = answer;
  };
}

/**
 * A router of the calls whose access is one of `accesses`. The admin calls' router has the
 * admin prefix and the session check in front of every route it holds.
 */
function router(options: HttpAppOptions, accesses: readonly ApiAccess[], prefix = ''): Router {
  const specs = apiSpecs(options);
  const routes = new Router(prefix === '' ? {} : { prefix });
  if (accesses.includes('admin')) {
    // With an explicit path: @koa/router matches a path-less `use` by a case-sensitive regular
    // expression while routes match case-insensitively, so /API/ADMIN/... reached the routes
    // without this check. '{/*rest}' goes through path-to-regexp like the routes themselves.
    routes.use('{/*rest}', requireAdmin(options));
  }
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    const route = API_ROUTES[name];
    if (!accesses.includes(route.access)) continue;
    const path = route.path.slice(prefix.length);
    const handler = serve(name, specs[name] as RouteSpec<ApiRouteName>);
    routes.register(path, [route.method], handler);
  }
  return routes;
}

/** The visitors' calls and the two steps of signing in: no session. */
export const publicApiRoutes = (options: HttpAppOptions): Router => router(options, ['public', 'sign-in']);

/** Everything the owner does after signing in, behind the session check. */
export const adminApiRoutes = (options: HttpAppOptions): Router => router(options, ['admin'], ADMIN_API_PREFIX);
