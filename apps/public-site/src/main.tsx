import '@memoir/web-ui/base.css';
import './styles.css';
import './media.css';
import './content-states.css';

import { AppShell } from '@memoir/web-ui';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { createAppRouter } from './router';
import { readSiteData } from './shared/site-data';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

const data = readSiteData();
if (data !== null && root.firstElementChild !== null) {
  // The server rendered the landing page (apps/server/src/landing-page.ts): hydrate it with the
  // data it was rendered from, once the sections' chunk has arrived. Until then it is HTML.
  void import('./landing-root').then(({ LandingRoot }) => hydrateRoot(root, <LandingRoot data={data} />));
} else {
  // Any other address: the router's not-found screen. No query client here: React Query is
  // only below the fold (shared/queries.tsx).
  createRoot(root).render(
    <AppShell>
      <RouterProvider router={createAppRouter()} />
    </AppShell>,
  );
}
