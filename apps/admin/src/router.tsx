import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type RouteComponent,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { analyticsQueryOptions } from './features/analytics/api/analytics';
import { ANALYTICS_SCREEN, AnalyticsPage } from './features/analytics/components/analytics-page';
import { auditLogsQueryOptions } from './features/audit-logs/api/audit-logs';
import { AUDIT_LOGS_SCREEN, AuditLogsPage } from './features/audit-logs/components/audit-logs-page';
import { parseAuditLogSearch } from './features/audit-logs/utils/audit-search';
import { dashboardQueryOptions } from './features/dashboard/api/dashboard';
import { DASHBOARD_SCREEN, DashboardPage } from './features/dashboard/components/dashboard-page';
import { guestbookEntriesQueryOptions, guestbookSearch } from './features/guestbook/api/guestbook-entries';
import { GUESTBOOK_SCREEN, GuestbookPage } from './features/guestbook/components/guestbook-page';
import { mailHealthQueryOptions } from './features/mail/api/mail-health';
import { mediaQueryOptions } from './features/media/api/media';
import { MEDIA_SCREEN } from './features/media/components/media-screen';
import { MAIL_SCREEN, MailPage } from './features/mail/components/mail-page';
import { suppressionsQueryOptions } from './features/mail/api/suppressions';
import { SUPPRESSIONS_SCREEN, SuppressionsPage } from './features/mail/components/suppressions-page';
import { readersQueryOptions, readerSummaryQueryOptions } from './features/readers/api/readers';
import { READERS_SCREEN, ReadersPage } from './features/readers/components/readers-page';
import { parseReaderSearch } from './features/readers/utils/reader-search';
import { prizeClaimsQueryOptions } from './features/prizes/api/prize-claims';
import { PRIZES_SCREEN, PrizesPage } from './features/prizes/components/prizes-page';
import { PRIVACY_SCREEN, PrivacyPage } from './features/privacy/components/privacy-page';
import { scholarshipRequestsQueryOptions, scholarshipSearch } from './features/scholarships/api/scholarship-requests';
import { SCHOLARSHIPS_SCREEN, ScholarshipsPage } from './features/scholarships/components/scholarships-page';
import { securityQueryOptions } from './features/security/api/security';
import { SECURITY_SCREEN, SecurityPage } from './features/security/components/security-page';
import { sessionQueryOptions } from './features/session/api/session';
import { siteContentQueryOptions, siteVersionsQueryOptions } from './features/site/api/site-content';
import { SITE_SCREEN } from './features/site/components/site-screen';
import { LoginPage } from './features/session/components/login-page';
import { AuthedLayout } from './routes/authed-layout';
import { NotFound } from './routes/not-found';
import { screenStates } from './routes/screen-states';
import type { ScreenTexts } from './shared/screen';

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

/**
 * A screen behind the guard. Its loader fetches what the screen shows (the screen reads the
 * same query options); its texts give its loading and error states.
 */
const screenRoute = <TPath extends string>(
  path: TPath,
  // A screen's component, or one whose code loads with the screen (lazyRouteComponent).
  component: RouteComponent,
  screen: ScreenTexts,
  // A screen with nothing to fetch has a loader that returns at once, so it never shows as loading.
  load: (queryClient: QueryClient) => unknown = () => undefined,
) =>
  createRoute({
    getParentRoute: () => authedRoute,
    path,
    loader: ({ context }) => load(context.queryClient),
    component,
    ...screenStates(screen),
  });

/*
 * The list screens keep their filters in the URL (validateSearch). Their loader waits for the
 * list the screen opens with, so the screen shows its loading text, then its data or its error
 * with Retry. It reads the filters from the location rather than through loaderDeps: a change
 * of filter on the screen then keeps the screen (and the focus in the search box) and the list
 * shows its own loading text while the new page comes, instead of the whole screen going back
 * to its loading state.
 */
const listRoute = <TPath extends string, TSearch>(
  path: TPath,
  component: () => ReactNode,
  screen: ScreenTexts,
  parse: (search: Record<string, unknown>) => TSearch,
  load: (queryClient: QueryClient, search: TSearch) => Promise<unknown>,
) =>
  createRoute({
    getParentRoute: () => authedRoute,
    path,
    validateSearch: parse,
    loader: ({ context, location }) => load(context.queryClient, parse(location.search)),
    component,
    ...screenStates(screen),
  });

const dashboardRoute = screenRoute('/', DashboardPage, DASHBOARD_SCREEN, (client) =>
  client.ensureQueryData(dashboardQueryOptions),
);
const guestbookRoute = listRoute(
  '/guestbook',
  GuestbookPage,
  GUESTBOOK_SCREEN,
  guestbookSearch.parse,
  (client, search) => client.ensureInfiniteQueryData(guestbookEntriesQueryOptions(search)),
);
const scholarshipsRoute = listRoute(
  '/scholarships',
  ScholarshipsPage,
  SCHOLARSHIPS_SCREEN,
  scholarshipSearch.parse,
  (client, search) => client.ensureInfiniteQueryData(scholarshipRequestsQueryOptions(search)),
);
const logsRoute = listRoute('/logs', AuditLogsPage, AUDIT_LOGS_SCREEN, parseAuditLogSearch, (client, search) =>
  client.ensureInfiniteQueryData(auditLogsQueryOptions(search)),
);
const securityRoute = screenRoute('/security', SecurityPage, SECURITY_SCREEN, (client) =>
  client.ensureQueryData(securityQueryOptions),
);
const analyticsRoute = screenRoute('/analytics', AnalyticsPage, ANALYTICS_SCREEN, (client) =>
  client.ensureQueryData(analyticsQueryOptions),
);
const prizesRoute = screenRoute('/prizes', PrizesPage, PRIZES_SCREEN, (client) =>
  client.ensureQueryData(prizeClaimsQueryOptions),
);
const privacyRoute = screenRoute('/privacy', PrivacyPage, PRIVACY_SCREEN);
// The editor's code loads with its screen (the largest screen, and only edits need it). Its
// draft is read afresh on each visit (fetchQuery, not the cache): editing starts from the latest revision.
const SitePage = lazyRouteComponent(() => import('./features/site/components/site-page'), 'SitePage');
const siteRoute = screenRoute('/site', SitePage, SITE_SCREEN, (client) =>
  Promise.all([client.fetchQuery(siteContentQueryOptions), client.fetchQuery(siteVersionsQueryOptions)]),
);
const mailRoute = screenRoute('/mail', MailPage, MAIL_SCREEN, (client) =>
  client.ensureQueryData(mailHealthQueryOptions),
);
const suppressionsRoute = screenRoute('/mail/suppressions', SuppressionsPage, SUPPRESSIONS_SCREEN, (client) =>
  client.ensureQueryData(suppressionsQueryOptions),
);

// The uploads' code loads with their screen; the list is read afresh on each visit.
const MediaPage = lazyRouteComponent(() => import('./features/media/components/media-page'), 'MediaPage');
const mediaRoute = screenRoute('/media', MediaPage, MEDIA_SCREEN, (client) => client.fetchQuery(mediaQueryOptions));

const readersRoute = listRoute('/readers', ReadersPage, READERS_SCREEN, parseReaderSearch, (client, search) =>
  Promise.all([
    client.ensureInfiniteQueryData(readersQueryOptions(search)),
    client.ensureQueryData(readerSummaryQueryOptions),
  ]),
);

/** /admin/login, /admin, /admin/guestbook, /admin/scholarships, /admin/logs, /admin/analytics, /admin/prizes, /admin/privacy, /admin/security, /admin/site, /admin/mail, /admin/mail/suppressions, /admin/media, /admin/readers; case-insensitive. */
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
        siteRoute,
        mailRoute,
        suppressionsRoute,
        mediaRoute,
        readersRoute,
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
