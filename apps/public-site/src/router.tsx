import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from '@tanstack/react-router';

import { NotFound } from './routes/not-found';

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
});

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The first screen (the hero) is in index.html itself; the sections below it come in their
  // own chunk, fetched as soon as the router starts, so the first screen's JS is the router's.
  component: lazyRouteComponent(() => import('./routes/landing-page'), 'LandingPage'),
});

/** `/` and the not-found screen. Paths match case-insensitively (the router's default). */
export function createAppRouter() {
  return createRouter({
    routeTree: rootRoute.addChildren([landingRoute]),
    caseSensitive: false,
    defaultPreload: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
