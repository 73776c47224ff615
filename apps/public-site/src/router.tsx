import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from '@tanstack/react-router';

import { NotFound } from './routes/not-found';

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
});

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The server renders / whole and main.tsx hydrates it without the router; this route draws
  // the sections only where no server rendered them (a page without its data block), from
  // the first version's words, in a chunk of their own.
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
