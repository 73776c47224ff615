import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';

import { analyticsQueryOptions } from './features/analytics/api/analytics';
import { ANALYTICS_SCREEN, AnalyticsPage } from './features/analytics/components/analytics-page';
import { auditLogsQueryOptions } from './features/audit-logs/api/audit-logs';
import { AUDIT_LOGS_SCREEN, AuditLogsPage } from './features/audit-logs/components/audit-logs-page';
import { parseAuditLogSearch } from './features/audit-logs/utils/audit-search';
import { dashboardQueryOptions } from './features/dashboard/api/dashboard';
import { DASHBOARD_SCREEN, DashboardPage } from './features/dashboard/components/dashboard-page';
import { guestbookEntriesQueryOptions, guestbookSearch } from './features/guestbook/api/guestbook-entries';
import { GUESTBOOK_SCREEN, GuestbookPage } from './features/guestbook/components/guestbook-page';
import { prizeClaimsQueryOptions } from './features/prizes/api/prize-claims';
import { PRIZES_SCREEN, PrizesPage } from './features/prizes/components/prizes-page';
import { PRIVACY_SCREEN, PrivacyPage } from './features/privacy/components/privacy-page';
import { scholarshipRequestsQueryOptions, scholarshipSearch } from './features/scholarships/api/scholarship-requests';
import { SCHOLARSHIPS_SCREEN, ScholarshipsPage } from './features/scholarships/components/scholarships-page';
import { securityQueryOptions } from './features/security/api/security';
import { SECURITY_SCREEN, SecurityPage } from './features/security/components/security-page';
import { sessionQueryOptions } from './features/session/api/session';
import { LoginPage } from './features/session/components/login-page';
import { AuthedLayout } from './routes/authed-layout';
import { NotFound } from './routes/not-found';
import { screenStates } from './routes/screen-states';

interface RouterContext {
  readonly queryClient: QueryClient;
}

const LOGIN_PATH = /^\/login(\/|\?|#|$)/i;

/** Where to go back to after signing in: a path of this app, never another site, never sign-in itself. */
export function safeRedirect(value: unknown): string | undefined {
  const isLocal = typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
  return isLocal && !LOGIN_PATH.test(value) ? value : undefined;
}

/** The path within the app, whether or not the location still carries the /admin base. */
const withinApp = (href: string): string => href.replace(/^\/admin(?=\/|\?|#|$)/i, '') || '/';

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFound });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect === undefined ? {} : { redirect };
  },
  // Already signed in: on to where the owner was going, or the dashboard.
  beforeLoad: async ({ context, search }) => {
    const user = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (user !== null) throw redirect({ to: search.redirect ?? '/', replace: true });
  },
  component: LoginPage,
});

/**
 * The guard of every screen but sign-in: sign-in (remembering where the owner was) when nobody
 * is signed in. main.tsx checks the session before the router starts ('Loading...' meanwhile),
 * so the guard decides at once and each screen's own loading text shows. It runs again
 * whenever the session ends (logout, or a 401 from the server).
 */
const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (user === null) {
      const here = withinApp(location.href);
      throw redirect({ to: '/login', search: LOGIN_PATH.test(here) ? {} : { redirect: here }, replace: true });
    }
  },
  component: AuthedLayout,
});

// Each screen's loader fetches what the screen shows; the screen reads the same query options.
const dashboardRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/',
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQueryOptions),
  component: DashboardPage,
  ...screenStates(DASHBOARD_SCREEN),
});

/*
 * The list screens keep their filters in the URL (validateSearch). Their loader waits for the
 * list the screen opens with, so the screen shows its loading text, then its data or its error
 * with Retry. It reads the filters from the location rather than through loaderDeps: a change
 * of filter on the screen then keeps the screen (and the focus in the search box) and the list
 * shows its own loading text while the new page comes, instead of the whole screen going back
 * to its loading state.
 */
const guestbookRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/guestbook',
  validateSearch: guestbookSearch.parse,
  loader: ({ context, location }) =>
    context.queryClient.ensureInfiniteQueryData(guestbookEntriesQueryOptions(guestbookSearch.parse(location.search))),
  component: GuestbookPage,
  ...screenStates(GUESTBOOK_SCREEN),
});
const scholarshipsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/scholarships',
  validateSearch: scholarshipSearch.parse,
  loader: ({ context, location }) =>
    context.queryClient.ensureInfiniteQueryData(
      scholarshipRequestsQueryOptions(scholarshipSearch.parse(location.search)),
    ),
  component: ScholarshipsPage,
  ...screenStates(SCHOLARSHIPS_SCREEN),
});
const logsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/logs',
  validateSearch: parseAuditLogSearch,
  loader: ({ context, location }) =>
    context.queryClient.ensureInfiniteQueryData(auditLogsQueryOptions(parseAuditLogSearch(location.search))),
  component: AuditLogsPage,
  ...screenStates(AUDIT_LOGS_SCREEN),
});

const securityRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/security',
  loader: ({ context }) => context.queryClient.ensureQueryData(securityQueryOptions),
  component: SecurityPage,
  ...screenStates(SECURITY_SCREEN),
});

const analyticsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/analytics',
  loader: ({ context }) => context.queryClient.ensureQueryData(analyticsQueryOptions),
  component: AnalyticsPage,
  ...screenStates(ANALYTICS_SCREEN),
});
const prizesRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/prizes',
  loader: ({ context }) => context.queryClient.ensureQueryData(prizeClaimsQueryOptions),
  component: PrizesPage,
  ...screenStates(PRIZES_SCREEN),
});
const privacyRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/privacy',
  component: PrivacyPage,
  ...screenStates(PRIVACY_SCREEN),
});

/** /admin/login, /admin, /admin/guestbook, /admin/scholarships, /admin/logs, /admin/analytics, /admin/prizes, /admin/privacy, /admin/security; case-insensitive. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree: rootRoute.addChildren([
      loginRoute,
      authedRoute.addChildren([
        dashboardRoute,
        guestbookRoute,
        scholarshipsRoute,
        logsRoute,
        analyticsRoute,
        prizesRoute,
        privacyRoute,
        securityRoute,
      ]),
    ]),
    basepath: '/admin',
    context: { queryClient },
    caseSensitive: false,
    // The spec's loading texts: shown from the start of a load, gone as soon as the data is
    // there. Cached data resolves the loader at once, so a screen seen before shows no flash.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
