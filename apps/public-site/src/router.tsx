import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, Outlet } from '@tanstack/react-router';

import { recentEntriesQueryOptions } from './features/guestbook/api/recent-entries';
import { LandingPage } from './routes/landing-page';
import { NotFound } from './routes/not-found';

interface RouterContext {
  readonly queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Recent Visitors' entries start loading with the page, beside the guestbook's own chunk.
  // Not awaited: the page never waits for them, and a failed load is only logged (spec).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(recentEntriesQueryOptions);
  },
  component: LandingPage,
});

/** `/` and the not-found screen. Paths match case-insensitively (the router's default). */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree: rootRoute.addChildren([landingRoute]),
    context: { queryClient },
    caseSensitive: false,
    defaultPreload: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
