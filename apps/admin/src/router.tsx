import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, Outlet } from '@tanstack/react-router';

import { AuditLogsPage } from './features/audit-logs/audit-logs-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { GuestbookPage } from './features/guestbook/guestbook-page';
import { ScholarshipsPage } from './features/scholarships/scholarships-page';
import { AuthGuard } from './routes/auth-guard';
import { LoginPage } from './routes/login-page';
import { NotFound } from './routes/not-found';

interface RouterContext {
  readonly queryClient: QueryClient;
}

/** Where to go back to after signing in: a path of this app, never another site. */
export function safeRedirect(value: unknown): string | undefined {
  const isLocal = typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
  return isLocal && !/^\/login(\/|\?|$)/i.test(value) ? value : undefined;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFound });

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect === undefined ? {} : { redirect };
  },
  component: LoginPage,
});

// Every screen but sign-in sits behind the guard: 'Loading...' until the session is known.
const authedRoute = createRoute({ getParentRoute: () => rootRoute, id: 'authed', component: AuthGuard });
const dashboardRoute = createRoute({ getParentRoute: () => authedRoute, path: '/', component: DashboardPage });
const guestbookRoute = createRoute({ getParentRoute: () => authedRoute, path: '/guestbook', component: GuestbookPage });
const scholarshipsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/scholarships',
  component: ScholarshipsPage,
});
const logsRoute = createRoute({ getParentRoute: () => authedRoute, path: '/logs', component: AuditLogsPage });

/** /admin/login, /admin, /admin/guestbook, /admin/scholarships, /admin/logs; case-insensitive. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree: rootRoute.addChildren([
      loginRoute,
      authedRoute.addChildren([dashboardRoute, guestbookRoute, scholarshipsRoute, logsRoute]),
    ]),
    basepath: '/admin',
    context: { queryClient },
    caseSensitive: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
